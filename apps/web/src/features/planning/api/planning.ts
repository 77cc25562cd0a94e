import { dayPlanSchema, driverSchema, planCheckSchema, planCommitResultSchema, planInsertResultSchema, serviceTimesSchema, shiftListSchema, unroutedListSchema, type PlanCheckInput, type ShiftInput } from '@cargo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const planningKeys = {
  all: ['admin', 'planning'] as const,
  shifts: (date: string) => ['admin', 'planning', 'shifts', date] as const,
  serviceTimes: ['admin', 'planning', 'service-times'] as const,
  unrouted: (date: string) => ['admin', 'planning', 'unrouted', date] as const,
  /** The same key the panel's Drivers tab uses: one list, refetched when a tab is shown. */
  drivers: ['admin', 'drivers'] as const,
};

const day = (date: string) => `/api/planning/${encodeURIComponent(date)}`;
const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);

/** A driver's stops as dispatch arranged them: what /check and /commit take. */
export type RouteEdit = PlanCheckInput['routes'][number];

/** `GET /api/drivers` (the shifts' driver picker). */
export function useDriverChoices() {
  return useQuery({ queryKey: planningKeys.drivers, queryFn: ({ signal }) => api.get('/api/drivers', z.array(driverSchema), { signal }) });
}

/** `GET /api/planning/{date}/shifts`. */
export function useShifts(date: string) {
  return useQuery({ queryKey: planningKeys.shifts(date), queryFn: ({ signal }) => api.get(`${day(date)}/shifts`, shiftListSchema, { signal }), enabled: isDay(date) });
}

/** `PUT /api/planning/{date}/shifts`: the list replaces the day's. */
export function useSaveShifts(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shifts: ShiftInput[]) => api.put(`${day(date)}/shifts`, { shifts }, shiftListSchema),
    onSuccess: (list) => queryClient.setQueryData(planningKeys.shifts(date), list),
  });
}

/** `POST /api/planning/{date}/shifts/copy-previous`. */
export function useCopyPreviousShifts(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${day(date)}/shifts/copy-previous`, undefined, shiftListSchema.extend({ copiedFrom: z.string() })),
    onSuccess: ({ copiedFrom: _from, ...list }) => queryClient.setQueryData(planningKeys.shifts(date), list),
  });
}

/** `POST /api/planning/{date}/plan`: a proposal; nothing is stored. */
export function usePlanDay() {
  return useMutation({ mutationFn: (date: string) => api.post(`${day(date)}/plan`, undefined, dayPlanSchema) });
}

/** `POST /api/planning/{date}/check`: the routes as changed by hand, checked against windows, capacity and shifts. */
export function useCheckPlan() {
  return useMutation({ mutationFn: ({ date, routes }: { date: string; routes: RouteEdit[] }) => api.post(`${day(date)}/check`, { routes }, planCheckSchema) });
}

/** `POST /api/planning/{date}/commit`: every package assigned and every driver's stop order set, in one transaction. */
export function useCommitPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, routes }: { date: string; routes: RouteEdit[] }) => api.post(`${day(date)}/commit`, { routes }, planCommitResultSchema),
    // Assignments changed: the panel's package and route views read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** `GET /api/planning/service-times`: minutes at a stop per service type, and the default for the others. */
export function useServiceTimes() {
  return useQuery({ queryKey: planningKeys.serviceTimes, queryFn: ({ signal }) => api.get('/api/planning/service-times', serviceTimesSchema, { signal }) });
}

/** `PUT /api/planning/service-times`: the list replaces the stored one. */
export function useSaveServiceTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: Record<string, number>) => api.put('/api/planning/service-times', { minutes }, serviceTimesSchema),
    onSuccess: (saved) => queryClient.setQueryData(planningKeys.serviceTimes, saved),
  });
}

/** `GET /api/planning/{date}/unrouted`: the date's due packages in no driver's stop order, newest first. */
export function useUnrouted(date: string) {
  return useQuery({ queryKey: planningKeys.unrouted(date), queryFn: ({ signal }) => api.get(`${day(date)}/unrouted`, unroutedListSchema, { signal }), enabled: isDay(date) });
}

/** `POST /api/planning/{date}/insert`: the package put into a driver's order where it adds the least driving. */
export function useInsertPackage(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageId: string) => api.post(`${day(date)}/insert`, { packageId }, planInsertResultSchema),
    // Its assignment and a driver's order changed: the list and the panel's package and route views read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
