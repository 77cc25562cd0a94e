import { latLngSchema, driverLocationResponseSchema, locationFromLinkResponseSchema } from '@cargo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

type LatLng = z.infer<typeof latLngSchema>;

/** `POST /api/drivers/{id}/location`: a position the page already read from the link. */
export function setDriverLocation({ id, location }: { id: string; location: LatLng }) {
  return api.post(`/api/drivers/${encodeURIComponent(id)}/location`, { ...location, driverId: id }, driverLocationResponseSchema);
}

/** `POST /api/drivers/{id}/location-from-link`: the server reads (or follows) the link. */
export function setDriverLocationFromLink({ id, link }: { id: string; link: string }) {
  return api.post(`/api/drivers/${encodeURIComponent(id)}/location-from-link`, { googleMapsLink: link }, locationFromLinkResponseSchema);
}

export function useSetDriverLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDriverLocation, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.drivers }) });
}

export function useSetDriverLocationFromLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDriverLocationFromLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.drivers }) });
}
