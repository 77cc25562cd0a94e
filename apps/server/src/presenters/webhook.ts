import type { WebhookAttempt, WebhookEndpoint, WebhookEndpointCreated, WebhookEventType, WebhookMessage } from '@cargo/shared';
import type { WebhookAttemptRow, WebhookEndpointRow, WebhookMessageRow } from '../db/types.ts';

/** A webhook endpoint as its owner sees it: never its secret. */
export function presentWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes.split(' ') as WebhookEventType[],
    enabled: row.enabled === 1,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince,
    previousSecretUntil: row.previousSecretUntil && Date.parse(row.previousSecretUntil) > Date.now() ? row.previousSecretUntil : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The replies that carry the secret: creation and rotation, once each. */
export function presentCreatedWebhookEndpoint(row: WebhookEndpointRow, secret: string): WebhookEndpointCreated {
  return { ...presentWebhookEndpoint(row), secret };
}

export function presentWebhookAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return {
    id: row.id,
    attemptedAt: row.attemptedAt,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    responseBody: row.responseBody,
    error: row.error,
    nextRetryAt: row.nextRetryAt,
  };
}

export function presentWebhookMessage(row: WebhookMessageRow, attempts: WebhookAttemptRow[]): WebhookMessage {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    packageId: row.packageId,
    sequence: row.sequence,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
    payload: row.payload,
    attemptLog: attempts.map(presentWebhookAttempt),
  };
}
