import { EVENT_LABELS, type EventType } from '@cargo/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/toast.ts';
import { formatMediumDateTime } from '../../../lib/local-time.ts';
import { INTEGRATION_TEXT } from '../texts.ts';

/** An event type as a person reads it ('Picked up'), or the type itself when it has no label. */
export const eventLabel = (type: string): string => INTEGRATION_TEXT.eventLabels[type] ?? EVENT_LABELS[type as EventType] ?? type;

/** A stored ISO time in the viewer's local time, or a dash. */
export const when = (iso: string | null): string => (iso ? formatMediumDateTime(new Date(iso)) : '—');

/** What the server said about a refused request: each field's message of a 400, else its message. */
export function refusal(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.issues?.length) return [...new Set(error.issues.map((issue) => issue.message))].join(' ');
  return serverMessage(error) ?? fallback;
}
