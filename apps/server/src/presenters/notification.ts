import type { NotificationMessage, NotificationTemplate } from '@cargo/shared';
import type { NotificationMessageRow } from '../db/types.ts';
import { maskPhone } from '../lib/phone.ts';
import { maskEmail } from '../services/notifications/rules.ts';
import { templateId } from '../services/notifications/templates.ts';
import type { TemplateView } from '../services/notifications/notification-service.ts';

/** A line of the admin's message log: the recipient masked, never the whole address or number. */
export function presentNotificationMessage(row: NotificationMessageRow & { trackingNumber: string | null }): NotificationMessage {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    trackingNumber: row.trackingNumber,
    channel: row.channel,
    audience: row.audience,
    recipient: row.channel === 'email' ? maskEmail(row.recipient) : maskPhone(row.recipient),
    template: templateId({ eventType: row.eventType as never, channel: row.channel, audience: row.audience }),
    subject: row.subject,
    status: row.status as NotificationMessage['status'],
    reason: row.reason,
    providerResponse: row.providerResponse,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt : null,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}

export function presentNotificationTemplate(view: TemplateView): NotificationTemplate {
  return {
    eventType: view.eventType,
    channel: view.channel,
    audience: view.audience,
    enabled: view.enabled,
    subject: view.subject,
    body: view.body,
    isDefault: view.isDefault,
    channelConfigured: view.channelConfigured,
    updatedAt: view.updatedAt,
  };
}
