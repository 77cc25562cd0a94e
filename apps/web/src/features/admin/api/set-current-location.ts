import { globalLocationUpdatedSchema, type globalLocationInputSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `POST /api/current-location`: sets the global current location (coordinates only when both are given). */
export function setCurrentLocation(input: z.input<typeof globalLocationInputSchema>) {
  return api.post('/api/current-location', input, globalLocationUpdatedSchema);
}

export function useSetCurrentLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCurrentLocation, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.currentLocation }) });
}
