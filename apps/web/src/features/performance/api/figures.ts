import { driverDaySchema, driverSchema, figuresSchema, type FiguresQuery } from '@cargo/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiDownload } from '../../../lib/api-client.ts';

export const performanceKeys = {
  figures: (query: FiguresQuery) => ['performance', 'figures', query] as const,
  drivers: ['performance', 'drivers'] as const,
  day: (driverId: string, date: string) => ['performance', 'day', driverId, date] as const,
};

/** The query string of `GET /api/figures` and `/api/figures/csv`. */
export function figuresSearch(query: FiguresQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.driverId) params.set('driverId', query.driverId);
  if (query.serviceType) params.set('serviceType', query.serviceType);
  return params.toString();
}

const getFigures = (query: FiguresQuery, signal?: AbortSignal) => api.get(`/api/figures?${figuresSearch(query)}`, figuresSchema, { signal });

/** `GET /api/figures`: the period's figures beside the previous period's, and per day. */
export function useFigures(query: FiguresQuery | null) {
  return useQuery({
    queryKey: performanceKeys.figures(query ?? { from: '', to: '' }),
    queryFn: ({ signal }) => getFigures(query!, signal),
    enabled: query !== null,
    placeholderData: (previous) => previous,
  });
}

/** Each driver's figures over the period (the same endpoint with the driver filter, one request per driver). */
export function useDriversFigures(query: FiguresQuery | null, driverIds: readonly string[]) {
  return useQueries({
    queries: driverIds.map((driverId) => {
      const q = query ? { ...query, driverId } : null;
      return { queryKey: performanceKeys.figures(q ?? { from: '', to: '' }), queryFn: ({ signal }: { signal: AbortSignal }) => getFigures(q!, signal), enabled: q !== null };
    }),
  });
}

/** `GET /api/drivers`: the drivers the filter and the drivers' table list. */
export function useDriverList() {
  return useQuery({ queryKey: performanceKeys.drivers, queryFn: ({ signal }) => api.get('/api/drivers', z.array(driverSchema), { signal }) });
}

/** `GET /api/figures/drivers/{id}/day/{date}`: a driver's day. */
export function useDriverDay(driverId: string | null, date: string) {
  return useQuery({
    queryKey: performanceKeys.day(driverId ?? '', date),
    queryFn: ({ signal }) => api.get(`/api/figures/drivers/${encodeURIComponent(driverId!)}/day/${encodeURIComponent(date)}`, driverDaySchema, { signal }),
    enabled: !!driverId && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

/** `GET /api/figures/csv`: the server's CSV of the same figures, with the same filters. */
export function downloadFiguresCsv(query: FiguresQuery) {
  return apiDownload(`/api/figures/csv?${figuresSearch(query)}`);
}
