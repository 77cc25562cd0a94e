import { importMappingsSchema, savedImportMappingSchema, type ImportMapping } from '@cargo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const KEY = ['package-imports', 'mappings'] as const;

/** `GET /api/package-imports/mappings`: the mappings dispatch saved, and the depot a pickup address defaults to. */
export function useImportMappings() {
  return useQuery(queryOptions({ queryKey: KEY, queryFn: ({ signal }) => api.get('/api/package-imports/mappings', importMappingsSchema, { signal }) }));
}

/** `POST /api/package-imports/mappings`: saves under a name (a name that exists is replaced). */
export function useSaveImportMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; mapping: ImportMapping }) => api.post('/api/package-imports/mappings', body, savedImportMappingSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** `DELETE /api/package-imports/mappings/{id}`. */
export function useDeleteImportMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/package-imports/mappings/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
