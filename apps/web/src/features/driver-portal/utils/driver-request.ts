import { ApiError, apiRequest, type RequestOptions, type ResponseParser } from '../../../lib/api-client.ts';
import { driverSession } from '../hooks/use-driver-session.ts';

/**
 * A request with the driver's token (never the admin's). A 401 ends the session and returns the page to sign-in
 * without unmounting it; `token` overrides the session's (a driver share-link token).
 */
export async function driverRequest<T>(path: string, options: RequestOptions = {}, parser?: ResponseParser<T>): Promise<T> {
  const token = options.token === undefined ? driverSession.token() : options.token;
  try {
    return await apiRequest(path, { ...options, token }, parser);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && options.token === undefined) driverSession.expire();
    throw err;
  }
}

/** The server's reason for refusing a request, without the status prefix. */
export function reasonOf(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | null;
    if (body && typeof body === 'object' && typeof body.message === 'string') return body.message;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/** True for a failure of the network (offline, server unreachable), not a reply. */
export function isNetworkError(err: unknown): boolean {
  return !(err instanceof ApiError) && (err instanceof TypeError || (err instanceof Error && err.name === 'TypeError'));
}
