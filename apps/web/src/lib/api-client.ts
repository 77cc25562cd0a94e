import { ADMIN_TOKEN_KEY, type validationErrorSchema } from '@cargo/shared';
import type { z } from 'zod';
import { afterFirstPaint } from './after-first-paint.ts';

/** One field problem of a 400 reply (design.md §5). */
export type ApiIssue = z.infer<typeof validationErrorSchema>['issues'][number];

/** A non-OK reply from the API. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The reply body, parsed as JSON when it was JSON, otherwise its text. */
    readonly body: unknown,
    /** Field problems of a validation error, when the server sent them. */
    readonly issues?: ApiIssue[],
  ) {
    super(message);
  }
}

/** Anything with a zod-style `parse`; lets a fetcher type its reply from the shared schema. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart/form-data (proof-of-delivery uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Bearer token to send. Left out, the stored admin session token is used when present;
   * `null` sends none.
   */
  token?: string | null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function storedAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames); the cookie session still works.
    return null;
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIssue(value: unknown): value is ApiIssue {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

function errorFromReply(response: Response, body: unknown): ApiError {
  const record = isRecord(body) ? body : null;
  const detail =
    (typeof record?.message === 'string' && record.message) ||
    (typeof body === 'string' && body) ||
    response.statusText ||
    'Request failed';
  const issues = Array.isArray(record?.issues) ? record.issues.filter(isIssue) : undefined;
  return new ApiError(response.status, `${response.status}: ${detail}`, body, issues);
}

/**
 * Calls the API: cookies included, JSON in and out, the bearer token when there is one (spec §7).
 * Any non-OK reply throws an {@link ApiError}.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
  parser?: ResponseParser<T>,
): Promise<T> {
  return (await apiRequestWithHeaders(path, options, parser)).body;
}

/** As {@link apiRequest}, also answering the reply's headers (a list's X-Total-Count). */
export async function apiRequestWithHeaders<T = unknown>(
  path: string,
  options: RequestOptions = {},
  parser?: ResponseParser<T>,
): Promise<{ body: T; headers: Headers }> {
  // Each request starts in a task of its own: reading the stored token, building the headers and starting the fetch
  // cost a slow phone several milliseconds each, and a screen's queries all start in the same pass of React's effects,
  // which with four requests and the socket was the page's longest task (issue 11, decision 044).
  // And not before the page's first paint: a screen drawn in the browser starts its queries in the effects of its first
  // render, often just before the browser paints it, and a request started before the paint is counted in the paint's
  // time by Lighthouse's simulated LCP (issue 21, part 7, decision 052). Once painted this waits for nothing.
  await afterFirstPaint();
  await nextTask();
  const headers = new Headers({ Accept: 'application/json' });
  // Only with a body: Fastify rejects an empty body that claims to be JSON.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
  // The browser writes a form's own content type, with its boundary.
  if (options.body !== undefined && !form) headers.set('Content-Type', 'application/json');
  const token = options.token === undefined ? storedAdminToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  const body = parseBody(await response.text());
  if (!response.ok) throw errorFromReply(response, body);
  return { body: parser ? parser.parse(body) : (body as T), headers: response.headers };
}

/**
 * A file from the API (a CSV export): the reply's bytes and the name its Content-Disposition gives. The admin's bearer
 * token goes with it, so a download works however the panel was signed in.
 */
export async function apiDownload(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<{ blob: Blob; filename: string | null }> {
  await nextTask();
  const headers = new Headers();
  const token = storedAdminToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, { headers, credentials: 'include', signal: options.signal });
  if (!response.ok) throw errorFromReply(response, parseBody(await response.text()));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  getWithHeaders: <T = unknown>(path: string, parser?: ResponseParser<T>, options?: BodyOptions) =>
    apiRequestWithHeaders(path, { ...options, method: 'GET' }, parser),
  get: <T = unknown>(path: string, parser?: ResponseParser<T>, options?: BodyOptions) =>
    apiRequest(path, { ...options, method: 'GET' }, parser),
  post: <T = unknown>(path: string, body?: unknown, parser?: ResponseParser<T>, options?: BodyOptions) =>
    apiRequest(path, { ...options, method: 'POST', body }, parser),
  put: <T = unknown>(path: string, body?: unknown, parser?: ResponseParser<T>, options?: BodyOptions) =>
    apiRequest(path, { ...options, method: 'PUT', body }, parser),
  patch: <T = unknown>(path: string, body?: unknown, parser?: ResponseParser<T>, options?: BodyOptions) =>
    apiRequest(path, { ...options, method: 'PATCH', body }, parser),
  delete: <T = unknown>(path: string, parser?: ResponseParser<T>, options?: BodyOptions) =>
    apiRequest(path, { ...options, method: 'DELETE' }, parser),
};
