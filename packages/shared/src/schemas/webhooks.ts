import { z } from 'zod';
import { EVENT_TYPES } from '../events.ts';
import { isoTimestamp, numberInput, optionalText } from './common.ts';

/**
 * Webhook endpoints and their deliveries (issue 19, design.md §9, decision 048): Standard Webhooks signing, retries over
 * about three days, a log of every attempt, replay.
 */
export const WEBHOOK_EVENT_TYPES = ['*', ...EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_MSG = {
  urlInvalid: 'Enter the full address of the endpoint, beginning with https://',
  urlTooLong: 'The address must be at most 2000 characters',
  urlCredentials: 'The address must not contain a user name or password',
  eventTypesRequired: 'Choose at least one event type',
  eventTypeUnknown: `Unknown event type. Allowed: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  httpNotAllowed: 'Use https: plain http is only allowed for the hosts the server allows (WEBHOOK_ALLOWED_HOSTS)',
  addressForbidden: 'This address is loopback, private, link-local or reserved: the server does not send webhooks there',
  endpointNotFound: 'Webhook endpoint not found',
  messageNotFound: 'Webhook message not found',
  endpointDisabled: 'The endpoint is disabled: enable it first',
} as const;

export const webhookUrl = z
  .string({ error: WEBHOOK_MSG.urlInvalid })
  .trim()
  .max(2000, WEBHOOK_MSG.urlTooLong)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MSG.urlInvalid });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: WEBHOOK_MSG.urlInvalid });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: WEBHOOK_MSG.urlCredentials });
  });

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MSG.eventTypeUnknown }), { error: WEBHOOK_MSG.eventTypesRequired })
  .min(1, WEBHOOK_MSG.eventTypesRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => (types.includes('*') ? (['*'] as WebhookEventType[]) : [...new Set(types)]));

export const webhookEndpointInputSchema = z.object({
  url: webhookUrl,
  eventTypes,
  description: optionalText(500, 'The description must be at most 500 characters'),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z.object({
  url: webhookUrl.optional(),
  eventTypes: eventTypes.optional(),
  description: optionalText(500, 'The description must be at most 500 characters'),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the server disabled it (410 Gone, five days of failures); null when enabled or disabled by a person. */
  disabledReason: z.string().nullable(),
  /** The first failure since the last success. */
  failingSince: z.string().nullable(),
  /** After a rotation, the previous secret signs too until then. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Creating an endpoint or rotating its secret: the secret (`whsec_…`), once. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const WEBHOOK_MESSAGE_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  id: z.string(),
  attemptedAt: z.string(),
  /** Null when no answer came (refused, timed out, an address refused by the server). */
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  /** The first kilobyte of the answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookMessageSchema = z.object({
  /** The `webhook-id` header of every attempt. */
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string(),
  packageId: z.string().nullable(),
  sequence: z.number().nullable(),
  status: z.enum(WEBHOOK_MESSAGE_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The body sent (JSON text). */
  payload: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

export const webhookMessagesQuerySchema = z.object({
  status: z.enum(WEBHOOK_MESSAGE_STATUSES, { error: `Unknown status. Allowed: ${WEBHOOK_MESSAGE_STATUSES.join(', ')}` }).optional(),
  limit: numberInput(z.number().int('limit must be a whole number').min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100'), 'limit must be a number').default(50),
});

export const webhookReplaySchema = z.object({
  /** Every message of the endpoint made at or after this time is sent again. */
  since: isoTimestamp.refine((s) => Date.parse(s) <= Date.now() + 60_000, 'since must not be in the future'),
});

export const webhookReplayResultSchema = z.object({ requeued: z.number() });
