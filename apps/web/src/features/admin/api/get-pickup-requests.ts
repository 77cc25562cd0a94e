import { pickupRequestSchema, type PickupListQuery } from '@cargo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** `GET /api/pickup-requests` with search, status and a page; the total comes in X-Total-Count. */
export async function getPickupRequests(query: PickupListQuery = {}, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const { body, headers } = await api.getWithHeaders(`/api/pickup-requests${params.size ? `?${params}` : ''}`, z.array(pickupRequestSchema), { signal });
  return { requests: body, total: Number(headers.get('x-total-count') ?? body.length) };
}

export function getPickupRequestsQueryOptions(query: PickupListQuery = {}) {
  return queryOptions({ queryKey: [...adminKeys.pickups, query], queryFn: ({ signal }) => getPickupRequests(query, { signal }) });
}

/** Keeps the previous page on screen while the next one loads. */
export function usePickupRequests(query: PickupListQuery = {}) {
  return useQuery({ ...getPickupRequestsQueryOptions(query), placeholderData: keepPreviousData });
}
