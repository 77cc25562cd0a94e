import type { DriverExportQuery, ExportResource, PackageExportQuery, PickupExportQuery } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

export type ExportQuery = PackageExportQuery | DriverExportQuery | PickupExportQuery;

/** `GET /api/exports/{resource}` with the list's filters; saved under the name the server gives. */
export async function downloadExport({ resource, query }: { resource: ExportResource; query: ExportQuery }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const { blob, filename } = await apiDownload(`/api/exports/${resource}${params.size ? `?${params}` : ''}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? `${resource}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
