import { ERR } from '@cargo/shared';

/** An error that becomes an HTTP reply {message} with its status (design.md §5). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);

/** A 400 with the fields at fault, for rules no schema can state (a template that does not parse). */
export class ValidationFailed extends HttpError {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    super(400, issues[0]?.message ?? 'Invalid request');
  }
}
export const unauthorized = (message: string = ERR.authRequired) => new HttpError(401, message);
export const forbidden = (message: string = ERR.forbidden) => new HttpError(403, message);
export const notFound = (message: string = ERR.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, ERR.tooManyRequests, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
