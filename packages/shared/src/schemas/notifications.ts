import { z } from 'zod';
import { EVENT_TYPES } from '../events.ts';

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_AUDIENCES = ['customer', 'coordinator'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The merge fields a template may use, with what each holds (the editor lists them). */
export const MERGE_FIELDS: Record<string, string> = {
  customer_name: "The customer's name",
  tracking_number: 'The tracking number',
  status: 'The status, as the site writes it',
  eta: 'The expected arrival, when known',
  delivery_window: 'The estimated delivery window',
  arrival_window: "Out for delivery, or the window moved later: the one-hour arrival window in the delivery address's time ('between 14:00 and 15:00'); empty when there is none",
  previous_arrival_window: 'The window moved later: the window it replaces',
  delivery_address: 'The delivery address',
  tracking_link: "The customer's tracking link (a live link while the package is on its way)",
  company_name: "The company's name",
  company_phone: "The coordinator's phone",
  support_email: 'The support email',
  pickup_origin: 'A pickup request: where to collect',
  pickup_destination: 'A pickup request: where it goes',
  pickup_item: 'A pickup request: what to collect',
  customer_phone: 'A pickup request: the customer phone (coordinator alerts)',
  balance_due: "What the customer still owes, formatted in the company's currency ('$120.00'); empty when nothing is owed",
  amount: 'A payment event: the amount of the entry, formatted',
};

const templateText = (max: number, what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);

export const notificationTemplateKeySchema = z.object({
  eventType: z.enum(EVENT_TYPES, { error: `Unknown event. Allowed: ${EVENT_TYPES.join(', ')}` }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: 'Channel must be email or sms' }),
  audience: z.enum(NOTIFICATION_AUDIENCES, { error: 'Audience must be customer or coordinator' }),
});

/** A template as dispatch saves it: on or off, a subject (email) and a body with merge fields. */
export const notificationTemplateInputSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  subject: z.string().trim().max(200, 'Subject must be at most 200 characters').nullish().transform((v) => v || null),
  body: templateText(4000, 'Message'),
});
export type NotificationTemplateInput = z.input<typeof notificationTemplateInputSchema>;

export const notificationTemplateSchema = notificationTemplateKeySchema.extend({
  enabled: z.boolean(),
  subject: z.string().nullable(),
  body: z.string(),
  /** True when dispatch has not changed it: the product's default. */
  isDefault: z.boolean(),
  /** Whether the channel is configured on this server (SMTP_URL, SMS_GATEWAY_URL). */
  channelConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;

export const notificationPreviewInputSchema = z.object({
  trackingNumber: z.string({ error: 'Tracking number is required' }).trim().min(1, 'Tracking number is required').max(100),
  subject: z.string().trim().max(200).nullish().transform((v) => v || null),
  body: templateText(4000, 'Message'),
});

export const notificationPreviewSchema = z.object({
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
});
export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;

/** Quiet hours (in the recipient's zone) and the daily cap per package. */
export const notificationSettingsSchema = z.object({
  quietHoursStart: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
  quietHoursEnd: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
  dailyCapPerPackage: z.number({ error: 'Must be a number' }).int('Must be a whole number').min(1, 'At least 1').max(50, 'At most 50'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** One line of the message log (the admin's; the customer never sees it). */
export const notificationMessageSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  trackingNumber: z.string().nullable(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  /** Masked: 'j***@example.com', '***-***-1234'. */
  recipient: z.string(),
  template: z.string(),
  subject: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  reason: z.string().nullable(),
  providerResponse: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export const notificationLogQuerySchema = z.object({
  trackingNumber: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
