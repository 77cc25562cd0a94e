import { importDryRunSchema, packageImportSchema, type PackageImport, type PackageImportRequest } from '@cargo/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client.ts';

/** `POST /api/package-imports` with `dryRun`: what an import would do. */
export function useDryRun() {
  return useMutation({ mutationFn: (body: PackageImportRequest) => api.post('/api/package-imports', { ...body, dryRun: true }, importDryRunSchema) });
}

/** `POST /api/package-imports`: queues the import (202). */
export function useStartImport() {
  return useMutation({ mutationFn: (body: PackageImportRequest) => api.post('/api/package-imports', { ...body, dryRun: false }, packageImportSchema) });
}

/** `GET /api/package-imports/{id}`, polled every half second until the import has finished. */
export function useImportProgress(id: string | null) {
  return useQuery({
    queryKey: ['package-imports', id],
    queryFn: ({ signal }) => api.get(`/api/package-imports/${id}`, packageImportSchema, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const data: PackageImport | undefined = query.state.data;
      return data && (data.status === 'done' || data.status === 'failed') ? false : 500;
    },
  });
}

/** Saves a CSV the API answers (the report, the template) under the name the server gives. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiDownload(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
