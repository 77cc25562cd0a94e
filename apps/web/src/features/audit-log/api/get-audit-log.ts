import { auditEntrySchema, type AuditListQuery } from '@cargo/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const auditListSchema = z.array(auditEntrySchema);

/** Under the admin panel's prefix, so showing a tab again refetches it with the panel's other lists (decision 060). */
export const auditKeys = { list: (query: AuditListQuery) => ['admin', 'audit', query] as const };

/** `GET /api/audit` with filters and a page; the total comes in X-Total-Count. */
export async function getAuditLog(query: AuditListQuery, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const { body, headers } = await api.getWithHeaders(`/api/audit?${params}`, auditListSchema, { signal });
  return { entries: body, total: Number(headers.get('x-total-count') ?? body.length) };
}

export function useAuditLog(query: AuditListQuery) {
  return useQuery({ ...queryOptions({ queryKey: auditKeys.list(query), queryFn: ({ signal }) => getAuditLog(query, { signal }) }), placeholderData: keepPreviousData });
}
