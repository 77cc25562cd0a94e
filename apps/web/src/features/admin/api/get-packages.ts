import { packageSchema, type PackageListQuery } from '@cargo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

const packageListSchema = z.array(packageSchema);

/** `GET /api/packages` with search, filters, sort and a page; the total comes in X-Total-Count. */
export async function getPackages(query: PackageListQuery, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const { body, headers } = await api.getWithHeaders(`/api/packages?${params}`, packageListSchema, { signal });
  return { packages: body, total: Number(headers.get('x-total-count') ?? body.length) };
}

export function getPackagesQueryOptions(query: PackageListQuery) {
  return queryOptions({
    queryKey: [...adminKeys.packages, query],
    queryFn: ({ signal }) => getPackages(query, { signal }),
  });
}

/** Keeps the previous page on screen while the next one loads, so the table never jumps to empty. */
export function usePackages(query: PackageListQuery, enabled = true) {
  return useQuery({ ...getPackagesQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
