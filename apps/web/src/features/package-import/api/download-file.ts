import { apiDownload } from '../../../lib/api-client.ts';

/**
 * Saves a CSV the API answers (`GET /api/package-imports/{id}/report`, `GET /api/package-imports/template`) under the
 * name the server gives; the admin's bearer token goes with it.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiDownload(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
