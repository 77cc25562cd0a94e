import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client.ts';

/** The server's own message of a failed call (without the status prefix), or null. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'message' in error.body) {
    const message = (error.body as { message?: unknown }).message;
    return typeof message === 'string' && message ? message : null;
  }
  return null;
}

export function toastSuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'green' });
}

export function toastError(title: string, message?: string | null) {
  notifications.show({ title, message: message ?? '', color: 'red' });
}
