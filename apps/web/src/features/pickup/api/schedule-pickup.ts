import type { PickupRequest, PickupRequestInput } from '@cargo/shared';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api, type ApiError } from '../../../lib/api-client.ts';

/** `POST /api/schedule-pickup`: 201 with the stored request; 400 with field issues; 429 when rate-limited. */
export function schedulePickup(input: PickupRequestInput): Promise<PickupRequest> {
  return api.post<PickupRequest>('/api/schedule-pickup', input);
}

type SchedulePickupOptions = Omit<UseMutationOptions<PickupRequest, ApiError | Error, PickupRequestInput>, 'mutationFn'>;

export function useSchedulePickup(options: SchedulePickupOptions = {}) {
  return useMutation({ ...options, mutationFn: schedulePickup });
}
