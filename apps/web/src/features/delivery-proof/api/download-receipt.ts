import { ApiError } from '../../../lib/api-client.ts';
import { ADMIN_TOKEN_KEY } from '@cargo/shared';

/**
 * `GET /api/packages/{id}/proof-receipt`: the proof-of-delivery PDF, fetched with the admin's token and handed to
 * the browser as a download.
 */
export async function downloadReceipt(ref: string, trackingNumber: string): Promise<void> {
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    // The cookie session still works.
  }
  const response = await fetch(`/api/packages/${encodeURIComponent(ref)}/proof-receipt`, {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, text);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `proof-of-delivery-${trackingNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
