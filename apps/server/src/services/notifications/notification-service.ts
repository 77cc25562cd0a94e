import { backgroundPacer } from '../../lib/background-pacer.ts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import {
  STATUS_LABELS,
  type EventType,
  type NotificationAudience,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTemplateInput,
  type PackageStatus,
  formatPhone,
} from '@cargo/shared';
import type { EventRow, NotificationMessageRow, PackageRow, PickupRequestRow } from '../../db/types.ts';
import { newId, newTimeOrderedId } from '../../lib/crypto.ts';
import { badRequest, notFound, ValidationFailed } from '../../lib/http-errors.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { zoneOfPlace } from '../../lib/time-zone.ts';
import { isoFromMs } from '../../lib/time.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { SettingsService } from '../settings.ts';
import type { EmailChannel, SendOutcome, SmsChannel } from './channels.ts';
import { windowWords } from '../arrival-window/window-words.ts';
import { isStale, MAX_ATTEMPTS, PERISHABLE_EVENTS, quietUntil, retryDelayMs } from './rules.ts';
import { DEFAULT_TEMPLATES, renderMessage, templateError, templateId, type MergeValues, type RenderedMessage, type TemplateDefault, type TemplateKey } from './templates.ts';

export const NOTIFICATION_SETTINGS = 'notifications';
const SECRET_SETTING = 'notifications_secret';
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { quietHoursStart: '21:00', quietHoursEnd: '08:00', dailyCapPerPackage: 5 };

export interface NotificationOptions {
  email: EmailChannel | null;
  sms: SmsChannel | null;
  /** The site's public origin for links in messages. */
  publicUrl: string;
  company: { name: string; phone: string; supportEmail: string };
  /** The coordinator's contacts for pickup request alerts. */
  coordinator: { email: string; phone: string };
  /** The first retry's delay (ms); later ones double. */
  retryBaseMs: number;
  /** How long a sender holds a message (ms); one that died mid-send lets it go then. */
  leaseMs: number;
  /** The package's one customer link (services/customer-actions/customer-link.ts): made once, then reused. */
  customerLink: (pkg: { id: string; trackingNumber: string }) => Promise<string>;
  /**
   * The address such a link has, with a stand-in for its token, made for nothing: what the template preview shows
   * (decision 090). A preview makes no link: a link is a working credential to the package's live page and actions.
   */
  customerLinkPreview: () => string;
  /** What a package still owes and how it is written (issue 32: the `balance_due` and `amount` merge fields). */
  money?: { balanceDue(packageId: string): Promise<number>; format(minor: number): string } | undefined;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface TemplateView extends TemplateKey {
  enabled: boolean;
  subject: string | null;
  body: string;
  isDefault: boolean;
  channelConfigured: boolean;
  updatedAt: string | null;
}

/**
 * Customer notifications (issue 17, decision 046). Reads the outbox (`events`) and makes messages of each event by
 * dispatch's templates and the rules (first occurrence, staleness, unsubscribes); sends due messages (quiet hours in the
 * recipient's zone, a daily cap per package), retrying temporary failures with backoff. Every message, sent or
 * skipped, is a row of the admin's message log. Work is taken by single-statement claims, so several instances share
 * the queue and each message is sent by one of them.
 */
export class NotificationService {
  private secret: Buffer | null = null;
  private settingsCache: { value: NotificationSettings; atMs: number } | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly settings: SettingsService,
    private readonly options: NotificationOptions,
  ) {}

  channelConfigured(channel: NotificationChannel): boolean {
    return channel === 'email' ? this.options.email !== null : this.options.sms !== null;
  }

  // --- the outbox reader ---

  /** Makes the messages of up to `limit` events not yet read; answers how many events it read. */
  async processEvents(nowMs = Date.now(), limit = 100): Promise<number> {
    const events = await this.repos.events.pendingNotification(limit);
    if (events.length === 0) return 0;
    const templates = await this.templatesByEvent();
    for (const event of events) {
      await this.fanOut(event, templates.get(event.type) ?? [], nowMs);
      await this.repos.events.markNotified(event.id, isoFromMs(nowMs));
      await yieldToRequests();
    }
    return events.length;
  }

  private async fanOut(event: EventRow, templates: TemplateView[], nowMs: number): Promise<void> {
    const enabled = templates.filter((t) => t.enabled && this.channelConfigured(t.channel));
    if (enabled.length === 0) return;
    const subject = await this.subjectOf(event);
    if (!subject) return;
    const data = parseData(event.data);
    let link: string | null = null;
    for (const template of enabled) {
      const recipient = this.recipientOf(subject, template.channel, template.audience);
      if (!recipient) continue;
      const skip = await this.skipReason(event, subject, template, recipient, data, nowMs);
      link ??= await this.trackingLink(subject, 'make');
      const rendered = await this.compose(template, subject, recipient, data, link).catch((err: unknown) => {
        this.options.log.error({ err, template: templateId(template) }, 'a notification template failed to render');
        return null;
      });
      const now = isoFromMs(nowMs);
      await this.repos.notifications.insertMessage({
        id: newTimeOrderedId(nowMs),
        eventId: event.id,
        eventType: event.type,
        packageId: subject.packageId,
        pickupRequestId: subject.pickupRequestId,
        channel: template.channel,
        audience: template.audience,
        recipient,
        subject: rendered?.subject ?? null,
        body: rendered?.text ?? '',
        html: rendered?.html ?? null,
        timeZone: subject.timeZone,
        status: skip || !rendered ? 'skipped' : 'queued',
        reason: skip ?? (rendered ? null : 'The template could not be rendered'),
        providerResponse: null,
        attempts: 0,
        nextAttemptAt: now,
        leaseUntil: null,
        createdAt: now,
        updatedAt: now,
        sentAt: null,
      });
    }
  }

  /** The rules that drop a message before it is queued; null when it goes. */
  private async skipReason(event: EventRow, subject: Subject, template: TemplateView, recipient: string, data: Record<string, unknown>, nowMs: number): Promise<string | null> {
    if (isStale(event.occurredAt, nowMs)) return 'Event older than 15 minutes when processed';
    if (event.type === 'package.created' && data.status === 'delivered') return 'Package created already delivered';
    // Each move of the arrival window later is its own news (decision 111): its event is written once per move, by the
    // compare-and-set that moves it, so the first-occurrence rule does not hold it back; the daily cap still does.
    if (template.audience === 'customer' && !isWindowMove(event.type, data)) {
      const earlier = await this.repos.notifications.hasEarlier({
        packageId: subject.packageId,
        pickupRequestId: subject.pickupRequestId,
        eventType: event.type,
        channel: template.channel,
        recipient,
        exceptEventId: event.id,
      });
      if (earlier) return 'Already notified of this step';
    }
    if (template.audience === 'customer' && template.channel === 'email' && (await this.repos.notifications.isUnsubscribed(recipient, subject.packageId))) return 'Unsubscribed';
    return null;
  }

  // --- the sender ---

  /**
   * Sends up to `limit` due messages, at most `concurrency` at a time and one at a time per package (so the daily cap
   * counts what was sent before); answers how many it took.
   */
  async sendDue(nowMs = Date.now(), limit = 20, concurrency = 4): Promise<number> {
    const due = await this.repos.notifications.due(isoFromMs(nowMs), limit);
    const queue = [...due];
    const busy = new Set<string>();
    let taken = 0;
    const worker = async () => {
      for (;;) {
        const index = queue.findIndex((m) => !m.packageId || !busy.has(m.packageId));
        if (index < 0) return;
        const [message] = queue.splice(index, 1);
        if (message!.packageId) busy.add(message!.packageId);
        try {
          if (await this.sendOne(message!.id, nowMs)) taken += 1;
        } finally {
          if (message!.packageId) busy.delete(message!.packageId);
        }
        await yieldToRequests();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    return taken;
  }

  /** One attempt at one message, if this sender can claim it; true when it did. */
  async sendOne(id: string, nowMs: number): Promise<boolean> {
    const now = isoFromMs(nowMs);
    const leaseUntil = isoFromMs(nowMs + this.options.leaseMs);
    const message = await this.repos.notifications.claim(id, now, leaseUntil);
    if (!message) return false;
    const finish = (changes: Partial<NotificationMessageRow>) => this.repos.notifications.finish(id, leaseUntil, { updatedAt: isoFromMs(Date.now()), ...changes });
    const held = await this.holdReason(message, nowMs);
    if (held) {
      await finish(held);
      return true;
    }
    const attempts = message.attempts + 1;
    const outcome = await this.deliver(message);
    if (outcome.ok) {
      await finish({ status: 'sent', reason: null, providerResponse: outcome.response, attempts, sentAt: isoFromMs(Date.now()) });
    } else if (outcome.permanent || attempts >= MAX_ATTEMPTS) {
      await finish({ status: 'failed', reason: outcome.permanent ? 'Refused by the provider' : `Gave up after ${attempts} attempts`, providerResponse: outcome.response, attempts });
    } else {
      const retryAt = isoFromMs(Date.now() + retryDelayMs(attempts, this.options.retryBaseMs));
      await finish({ status: 'queued', reason: 'Temporary failure: will retry', providerResponse: outcome.response, attempts, nextAttemptAt: retryAt });
    }
    return true;
  }

  /** The rules checked when a message is due: quiet hours, the daily cap, an unsubscribe since it was queued. */
  private async holdReason(message: NotificationMessageRow, nowMs: number): Promise<Partial<NotificationMessageRow> | null> {
    if (message.audience !== 'customer') return null;
    const settings = await this.notificationSettings();
    const until = quietUntil(message.timeZone ?? 'UTC', nowMs, settings.quietHoursStart, settings.quietHoursEnd);
    if (until !== null) {
      if (PERISHABLE_EVENTS.has(message.eventType)) return { status: 'skipped', reason: 'Quiet hours: dropped, it would be out of date when they end' };
      return { status: 'queued', reason: `Held for quiet hours until ${settings.quietHoursEnd}`, nextAttemptAt: isoFromMs(until) };
    }
    if (message.channel === 'email' && (await this.repos.notifications.isUnsubscribed(message.recipient, message.packageId))) return { status: 'skipped', reason: 'Unsubscribed' };
    if (message.packageId) {
      const sent = await this.repos.notifications.countSentForPackage(message.packageId, isoFromMs(nowMs - 24 * 3_600_000));
      if (sent >= settings.dailyCapPerPackage) return { status: 'skipped', reason: `Daily cap of ${settings.dailyCapPerPackage} messages for this package reached` };
    }
    return null;
  }

  private deliver(message: NotificationMessageRow): Promise<SendOutcome> {
    if (message.channel === 'email') {
      if (!this.options.email) return Promise.resolve({ ok: false, permanent: true, response: 'Email is not configured (SMTP_URL)' });
      const unsubscribeUrl = message.audience === 'customer' ? this.unsubscribeOneClick(message.recipient, message.packageId) : null;
      return this.options.email.send({ to: message.recipient, subject: message.subject ?? this.options.company.name, text: message.body, html: message.html, unsubscribeUrl });
    }
    if (!this.options.sms) return Promise.resolve({ ok: false, permanent: true, response: 'SMS is not configured (SMS_GATEWAY_URL)' });
    return this.options.sms.send(message.recipient, message.body);
  }

  // --- the admin's side ---

  /** Every template: dispatch's where saved, the product's default otherwise. */
  async templates(): Promise<TemplateView[]> {
    const saved = new Map((await this.repos.notifications.listTemplates()).map((row) => [row.id, row]));
    return DEFAULT_TEMPLATES.map((d) => {
      const row = saved.get(templateId(d));
      return {
        eventType: d.eventType,
        channel: d.channel,
        audience: d.audience,
        enabled: row ? row.enabled === 1 : d.enabled,
        subject: row ? row.subject : d.subject,
        body: row ? row.body : d.body,
        isDefault: !row,
        channelConfigured: this.channelConfigured(d.channel),
        updatedAt: row?.updatedAt ?? null,
      };
    });
  }

  private async templatesByEvent(): Promise<Map<string, TemplateView[]>> {
    const byEvent = new Map<string, TemplateView[]>();
    for (const t of await this.templates()) byEvent.set(t.eventType, [...(byEvent.get(t.eventType) ?? []), t]);
    return byEvent;
  }

  async saveTemplate(key: TemplateKey, input: { enabled: boolean; subject: string | null; body: string }, actor: AuditActor): Promise<TemplateView> {
    const known = defaultOf(key);
    await this.assertTemplate(key.channel, input);
    const before = (await this.templates()).find((t) => templateId(t) === templateId(known));
    const row = {
      id: templateId(known),
      enabled: input.enabled ? 1 : 0,
      subject: key.channel === 'email' ? input.subject : null,
      body: input.body,
      updatedAt: isoFromMs(Date.now()),
    };
    await this.repos.transaction(async (trx) => {
      await trx.notifications.saveTemplate(row);
      await recordAudit(trx, {
        action: 'notification_template.updated',
        objectType: 'notification_template',
        objectId: row.id,
        objectLabel: row.id,
        before: before && { enabled: before.enabled, subject: before.subject, body: before.body },
        after: { enabled: input.enabled, subject: row.subject, body: row.body },
        actor,
      }, row.updatedAt);
    });
    return (await this.templates()).find((t) => templateId(t) === templateId(known))!;
  }

  /** Back to the product's words and setting. */
  async resetTemplate(key: TemplateKey, actor: AuditActor): Promise<TemplateView> {
    const known = defaultOf(key);
    const before = (await this.templates()).find((t) => templateId(t) === templateId(known));
    await this.repos.transaction(async (trx) => {
      await trx.notifications.deleteTemplate(templateId(known));
      await recordAudit(trx, {
        action: 'notification_template.reset',
        objectType: 'notification_template',
        objectId: templateId(known),
        objectLabel: templateId(known),
        before: before && { enabled: before.enabled, subject: before.subject, body: before.body },
        after: { enabled: known.enabled, subject: known.subject, body: known.body },
        actor,
      });
    });
    return (await this.templates()).find((t) => templateId(t) === templateId(known))!;
  }

  /**
   * A template rendered against a real package before it is saved: the message its customer would get, by the path a
   * sent message takes (compose), with the same merge values: the data of the package's newest event of that type when
   * it has one (else an example: 'Nobody home' for an attempt), the customer's address for the unsubscribe link, and
   * the link the message would carry, a live link with a stand-in token for the events that send one (decision 090).
   */
  async preview(input: { eventType: EventType; channel: NotificationChannel; trackingNumber: string; subject: string | null; body: string }): Promise<RenderedMessage> {
    await this.assertTemplate(input.channel, { subject: input.subject, body: input.body, enabled: true });
    const pkg = await this.repos.packages.findByRef(input.trackingNumber);
    if (!pkg) throw notFound('Package not found');
    const subject = await this.withMoney(packageSubject(pkg));
    const newest = (await this.repos.events.forSubject('package', pkg.id)).filter((e) => e.type === input.eventType).at(-1);
    const data: Record<string, unknown> = newest ? parseData(newest.data) : input.eventType === 'package.attempted' ? { reason: 'Nobody home' } : input.eventType.startsWith('payment.') ? { amount: 12000 } : {};
    const template = { channel: input.channel, audience: 'customer' as const, subject: input.subject, body: input.body };
    const link = await this.trackingLink(subject, 'preview');
    try {
      return await this.compose(template, subject, this.recipientOf(subject, input.channel, 'customer'), data, link);
    } catch (err) {
      throw badRequest(`The template could not be rendered: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }

  private async assertTemplate(channel: NotificationChannel, input: NotificationTemplateInput): Promise<void> {
    const issues: Array<{ path: string; message: string }> = [];
    const bodyError = await templateError(input.body);
    if (bodyError) issues.push({ path: 'body', message: `Template error: ${bodyError}` });
    if (channel === 'email') {
      if (!input.subject) issues.push({ path: 'subject', message: 'Subject is required for an email' });
      else {
        const subjectError = await templateError(input.subject);
        if (subjectError) issues.push({ path: 'subject', message: `Template error: ${subjectError}` });
      }
    }
    if (issues.length) throw new ValidationFailed(issues);
  }

  async notificationSettings(): Promise<NotificationSettings> {
    const cached = this.settingsCache;
    if (cached && Date.now() - cached.atMs < 5_000) return cached.value;
    const stored = await this.settings.read<Partial<NotificationSettings>>(NOTIFICATION_SETTINGS);
    const value = { ...DEFAULT_NOTIFICATION_SETTINGS, ...(stored?.value ?? {}) };
    this.settingsCache = { value, atMs: Date.now() };
    return value;
  }

  async saveSettings(value: NotificationSettings, actor: AuditActor): Promise<NotificationSettings> {
    await this.settings.write(NOTIFICATION_SETTINGS, value, actor);
    this.settingsCache = { value, atMs: Date.now() };
    return value;
  }

  /** The message log, newest first: one package's (by id or tracking number) or every message's. */
  async log(query: { trackingNumber?: string | undefined; limit: number }): Promise<Array<NotificationMessageRow & { trackingNumber: string | null }>> {
    let pkg: PackageRow | undefined;
    if (query.trackingNumber) {
      pkg = await this.repos.packages.findByRef(query.trackingNumber);
      if (!pkg) throw notFound('Package not found');
    }
    const rows = await this.repos.notifications.log({ packageId: pkg?.id, limit: query.limit });
    const numbers = new Map<string, string>();
    if (pkg) numbers.set(pkg.id, pkg.trackingNumber);
    for (const row of rows) {
      if (row.packageId && !numbers.has(row.packageId)) {
        const other = await this.repos.packages.findById(row.packageId);
        if (other) numbers.set(other.id, other.trackingNumber);
      }
    }
    return rows.map((row) => ({ ...row, trackingNumber: row.packageId ? (numbers.get(row.packageId) ?? null) : null }));
  }

  /** The admin's resend: the message goes back in the queue now; the send-time rules still apply. */
  async resend(id: string, actor: AuditActor): Promise<NotificationMessageRow> {
    const message = await this.repos.notifications.findMessage(id);
    if (!message) throw notFound('Message not found');
    if (message.status === 'sending' || message.status === 'queued') throw badRequest('This message is already waiting to be sent');
    await this.repos.transaction(async (trx) => {
      await trx.notifications.requeue(id, isoFromMs(Date.now()));
      await recordAudit(trx, { action: 'notification_message.resent', objectType: 'notification_message', objectId: id, objectLabel: message.channel, before: { status: message.status }, after: { status: 'queued' }, actor });
    });
    return (await this.repos.notifications.findMessage(id))!;
  }

  // --- unsubscribe (RFC 8058) ---

  /** A signed, unguessable token naming an address and a package. */
  unsubscribeToken(email: string, packageId: string | null): string {
    const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), p: packageId })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The page a person opens from the email's link (it asks: this package, or every email). */
  private unsubscribePage(email: string, packageId: string | null): string {
    return `${this.base()}/unsubscribe?token=${this.unsubscribeToken(email, packageId)}`;
  }

  /** The one-click URL of the List-Unsubscribe header (RFC 8058), POSTed by the mail client itself. */
  private unsubscribeOneClick(email: string, packageId: string | null): string {
    return `${this.base()}/api/notifications/unsubscribe?token=${this.unsubscribeToken(email, packageId)}`;
  }

  /** What a token names, or null when it is not one of ours. */
  readToken(token: string): { email: string; packageId: string | null } | null {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; p?: unknown };
      if (typeof parsed.e !== 'string' || (parsed.p !== null && typeof parsed.p !== 'string')) return null;
      return { email: parsed.e, packageId: parsed.p };
    } catch {
      return null;
    }
  }

  /** Stops email to an address: about one package, or about every package. */
  async unsubscribe(token: string, scope: 'package' | 'all'): Promise<{ email: string; trackingNumber: string | null; scope: 'package' | 'all' } | null> {
    const named = this.readToken(token);
    if (!named) return null;
    const packageId = scope === 'package' ? named.packageId : null;
    if (!(await this.repos.notifications.isUnsubscribed(named.email, packageId))) {
      await this.repos.notifications.addUnsubscribe({ id: newId(), email: named.email, packageId, createdAt: isoFromMs(Date.now()) });
    }
    const pkg = named.packageId ? await this.repos.packages.findById(named.packageId) : undefined;
    return { email: named.email, trackingNumber: pkg?.trackingNumber ?? null, scope: packageId ? 'package' : 'all' };
  }

  /** Loads (or makes, once for every instance) the key that signs unsubscribe tokens. */
  async init(): Promise<void> {
    const existing = await this.settings.read<string>(SECRET_SETTING);
    if (!existing) {
      await this.repos.settings.insertIfAbsent({ id: SECRET_SETTING, value: JSON.stringify(randomBytes(32).toString('base64url')), updatedAt: isoFromMs(Date.now()) });
    }
    const stored = await this.settings.read<string>(SECRET_SETTING);
    this.secret = Buffer.from(stored!.value, 'base64url');
  }

  private sign(payload: string): string {
    if (!this.secret) throw new Error('notifications: init() was not called');
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 32);
  }

  // --- shared pieces ---

  private base(): string {
    return this.options.publicUrl.replace(/\/+$/, '');
  }

  private async subjectOf(event: EventRow): Promise<Subject | null> {
    if (event.subjectType === 'package') {
      const pkg = await this.repos.packages.findById(event.subjectId);
      return pkg ? this.withMoney(packageSubject(pkg)) : null;
    }
    const request = await this.repos.pickupRequests.findById(event.subjectId);
    if (!request) return null;
    // A request made into a package (issue 32): its confirmation names the tracking number and links to it.
    const pkg = request.packageId ? await this.repos.packages.findById(request.packageId) : undefined;
    const subject = pickupSubject(request);
    if (!pkg) return subject;
    return this.withMoney({ ...subject, trackingNumber: pkg.trackingNumber, values: { ...subject.values, tracking_number: pkg.trackingNumber } }, pkg.id);
  }

  /** The subject with `balance_due` filled: the formatted balance while one remains, otherwise empty. */
  private async withMoney(subject: Subject, packageId: string | null = subject.packageId): Promise<Subject> {
    const money = this.options.money;
    if (!money || !packageId) return subject;
    const balance = await money.balanceDue(packageId);
    return { ...subject, values: { ...subject.values, balance_due: balance > 0 ? money.format(balance) : '' } };
  }

  private recipientOf(subject: Subject, channel: NotificationChannel, audience: NotificationAudience): string | null {
    if (audience === 'coordinator') return channel === 'email' ? this.options.coordinator.email : phoneForSms(this.options.coordinator.phone);
    return channel === 'email' ? (subject.email?.toLowerCase() ?? null) : phoneForSms(subject.phone);
  }

  /**
   * The customer's link in every message of a package, from 'package created' on (issue 33): the package's one
   * customer link, which opens the live page and the customer's actions; the tracking page if it cannot be made. A
   * preview shows the link's address with a stand-in token and makes none (decision 090).
   */
  private async trackingLink(subject: Subject, mode: 'make' | 'preview'): Promise<string> {
    if (!subject.packageId) return subject.trackingNumber ? `${this.base()}/?track=${encodeURIComponent(subject.trackingNumber)}` : `${this.base()}/`;
    if (mode === 'preview') return this.options.customerLinkPreview();
    try {
      return await this.options.customerLink({ id: subject.packageId, trackingNumber: subject.trackingNumber ?? '' });
    } catch (err) {
      this.options.log.warn({ err }, 'a customer link for a message could not be made: the tracking page is linked instead');
    }
    return `${this.base()}/?track=${encodeURIComponent(subject.trackingNumber ?? '')}`;
  }

  private mergeValues(subject: Subject, data: Record<string, unknown>, link: string): MergeValues {
    const etaMinutes = typeof data.etaMinutes === 'number' ? data.etaMinutes : null;
    const eta = typeof data.expectedDay === 'string' ? `today, ${data.expectedDay}` : etaMinutes !== null ? `in about ${Math.max(1, etaMinutes)} minutes` : '';
    return {
      ...subject.values,
      eta,
      // A window move's `reason` is a code ('window_later'), not words for a customer.
      reason: typeof data.reason === 'string' && !isWindowMove('package.eta_changed', data) ? data.reason : '',
      amount: typeof data.amount === 'number' && this.options.money ? this.options.money.format(Math.abs(data.amount)) : '',
      // The one-hour arrival window (decision 111), in the delivery address's local time: 'between 14:00 and 15:00'.
      arrival_window: windowWords(data.arrivalWindowStart, data.arrivalWindowEnd, subject.timeZone),
      previous_arrival_window: windowWords(data.previousArrivalWindowStart, data.previousArrivalWindowEnd, subject.timeZone),
      // Customer actions (issue 33): the day a customer chose; a rating for the coordinator's alert.
      chosen_day: typeof data.chosenLabel === 'string' ? data.chosenLabel : '',
      rating: typeof data.stars === 'number' ? String(data.stars) : '',
      rating_comment: data.hasComment === true ? 'yes' : '',
      rating_tags: Array.isArray(data.tagLabels) ? data.tagLabels.join(', ') : '',
      driver_name: typeof data.driverName === 'string' ? data.driverName : '',
      tracking_link: link,
      company_name: this.options.company.name,
      company_phone: this.options.company.phone,
      support_email: this.options.company.supportEmail,
    };
  }

  /**
   * The one rendering path of a message (issue 31): the template with the subject's merge values, the event's data and
   * the link, and for a customer's email the unsubscribe link of its recipient. The outbox reader and the preview both
   * call it, so the preview is what is sent.
   */
  private compose(
    template: { channel: NotificationChannel; audience: NotificationAudience; subject: string | null; body: string },
    subject: Subject,
    recipient: string | null,
    data: Record<string, unknown>,
    link: string,
  ): Promise<RenderedMessage> {
    const unsubscribeUrl = template.channel === 'email' && template.audience === 'customer' && recipient ? this.unsubscribePage(recipient, subject.packageId) : null;
    return this.render(template, this.mergeValues(subject, data, link), unsubscribeUrl);
  }

  private render(template: { channel: NotificationChannel; subject: string | null; body: string }, values: MergeValues, unsubscribeUrl: string | null): Promise<RenderedMessage> {
    return renderMessage(template.channel, template, values, {
      companyName: this.options.company.name,
      companyPhone: this.options.company.phone,
      supportEmail: this.options.company.supportEmail,
      unsubscribeUrl,
    });
  }
}

/** A `package.eta_changed` that moved the arrival window later (not the early-arrival notice). */
const isWindowMove = (type: string, data: Record<string, unknown>): boolean => type === 'package.eta_changed' && data.reason === 'window_later';

/**
 * Lets the requests waiting on this process go first. The embedded database answers synchronously, so a chain of
 * awaited queries never gives the event loop back by itself: without this, reading 100 events was one task of a few
 * hundred milliseconds, and every API request waited behind it (bench/notifications-load.mjs: p99 × 8). While the
 * loop is busy with requests, the background pacer also spaces the worker's units of work (events, messages) so that
 * it takes a bounded share of the loop: a batch of 10,000 texts is sent a little later, not at the requests' expense.
 */
const yieldToRequests = (): Promise<void> => backgroundPacer.turn();

/** What a message is about: a package or a pickup request, with its contacts and merge values. */
interface Subject {
  packageId: string | null;
  pickupRequestId: string | null;
  trackingNumber: string | null;
  email: string | null;
  phone: string;
  timeZone: string;
  values: MergeValues;
}

function packageSubject(pkg: PackageRow): Subject {
  return {
    packageId: pkg.id,
    pickupRequestId: null,
    trackingNumber: pkg.trackingNumber,
    email: pkg.customerEmail,
    phone: pkg.customerPhone,
    timeZone: zoneOfPlace(pkg.deliveryLat, pkg.deliveryLng),
    values: {
      customer_name: pkg.customerName,
      tracking_number: pkg.trackingNumber,
      status: STATUS_LABELS[pkg.status as PackageStatus] ?? pkg.status,
      delivery_window: pkg.estimatedDelivery,
      delivery_address: pkg.deliveryAddress,
      pickup_origin: '',
      pickup_destination: '',
      pickup_item: '',
      customer_phone: '',
      balance_due: '',
    },
  };
}

function pickupSubject(request: PickupRequestRow): Subject {
  return {
    packageId: null,
    pickupRequestId: request.id,
    trackingNumber: null,
    email: request.email,
    phone: request.phone,
    timeZone: zoneOfPlace(null, null),
    values: {
      customer_name: request.customerName,
      tracking_number: '',
      status: request.status,
      delivery_window: '',
      delivery_address: request.destinationAddress,
      pickup_origin: request.originAddress,
      pickup_destination: request.destinationAddress,
      pickup_item: request.itemDescription,
      // Read by people: the national form of the stored E.164 (decision 089).
      customer_phone: formatPhone(request.phone),
      balance_due: '',
    },
  };
}

/** A phone as the gateway gets it (as the driver's tracking-link text does); null when it is too short to be a number. */
function phoneForSms(phone: string): string | null {
  const normalized = normalizePhone(phone);
  return normalized.replace(/\D/g, '').length >= 7 ? normalized : null;
}

function parseData(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function defaultOf(key: TemplateKey): TemplateDefault {
  const found = DEFAULT_TEMPLATES.find((d) => d.eventType === key.eventType && d.channel === key.channel && d.audience === key.audience);
  if (!found) throw notFound('No such notification: this event is not sent to this audience by this channel');
  return found;
}
