import { randomUUID } from 'node:crypto';
import { addDays, FIGURE_DEFINITIONS, PERFORMANCE_VIEW_PATH, weeklySummarySettingsSchema, zonedDayStart, type FigureSet, type WeeklySummarySettings } from '@cargo/shared';
import { wallClock } from '../../lib/time-zone.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { SettingsService } from '../settings.ts';
import type { FigureService } from './figure-service.ts';

export const WEEKLY_SUMMARY_SETTING = 'weekly_summary';
/** The event type of the summary's messages in the message log. */
export const WEEKLY_SUMMARY_EVENT = 'figures.weekly_summary';
/** A summary not sent within this long after its moment (the servers were all down) is skipped for that week. */
const CATCH_UP_MS = 24 * 3_600_000;

export interface WeeklySummaryOptions {
  /** The default recipient: the coordinator's email. */
  coordinatorEmail: string;
  publicUrl: string;
  companyName: string;
  /** Tells the message sender there is something to send. */
  nudge?: () => void;
}

const pct = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10} %`);
const change = (now: number, before: number) => (before === now ? 'same' : `${now > before ? '+' : ''}${now - before}`);

/**
 * The weekly summary by email (issue 35, decision 109). Each instance looks once a minute; the summary of a week is
 * written to the message log under one event id per week ('weekly-summary:<day>'), whose unique key (event, channel,
 * recipient) lets exactly one instance write each recipient's message, even across restarts. The existing sender
 * then sends it through the email channel with its retries and log.
 */
export class WeeklySummaryService {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly settingsStore: SettingsService,
    private readonly figures: FigureService,
    private readonly options: WeeklySummaryOptions,
  ) {}

  defaults(): WeeklySummarySettings {
    return { enabled: true, recipients: [this.options.coordinatorEmail], dayOfWeek: 1, hour: 8, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  }

  async settings(): Promise<WeeklySummarySettings> {
    const stored = await this.settingsStore.read<unknown>(WEEKLY_SUMMARY_SETTING);
    const parsed = weeklySummarySettingsSchema.safeParse(stored?.value);
    return parsed.success ? parsed.data : this.defaults();
  }

  async setSettings(value: WeeklySummarySettings, actor: AuditActor): Promise<WeeklySummarySettings> {
    const clean = { ...value, recipients: [...new Set(value.recipients.map((r) => r.trim().toLowerCase()))] };
    await this.settingsStore.write(WEEKLY_SUMMARY_SETTING, clean, actor);
    return clean;
  }

  /** The most recent scheduled moment at or before `nowMs`, and its local day, in the settings' zone. */
  static lastMoment(settings: Pick<WeeklySummarySettings, 'dayOfWeek' | 'hour' | 'timeZone'>, nowMs: number): { day: string; atMs: number } {
    const today = wallClock(settings.timeZone, nowMs).day;
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    let day = addDays(today, -((weekday - settings.dayOfWeek + 7) % 7));
    let atMs = zonedDayStart(day, settings.timeZone)! + settings.hour * 3_600_000;
    if (atMs > nowMs) {
      day = addDays(day, -7);
      atMs = zonedDayStart(day, settings.timeZone)! + settings.hour * 3_600_000;
    }
    return { day, atMs };
  }

  /**
   * Writes this week's summary to the message log if its moment has come (and passed by less than a day) and no
   * instance wrote it yet; answers how many messages this call wrote.
   */
  async runDue(nowMs = Date.now()): Promise<number> {
    const settings = await this.settings();
    if (!settings.enabled || !settings.recipients.length) return 0;
    const moment = WeeklySummaryService.lastMoment(settings, nowMs);
    if (nowMs - moment.atMs > CATCH_UP_MS) return 0;
    const eventId = `weekly-summary:${moment.day}`;
    const already = new Set(await this.repos.figures.recipientsOfEvent(eventId));
    const recipients = settings.recipients.filter((r) => !already.has(r));
    if (!recipients.length) return 0;
    const { subject, body } = await this.compose(addDays(moment.day, -7), addDays(moment.day, -1), settings.timeZone);
    const now = new Date(nowMs).toISOString();
    let written = 0;
    for (const recipient of recipients) {
      const wrote = await this.repos.notifications.insertMessage({
        id: randomUUID(), eventId, eventType: WEEKLY_SUMMARY_EVENT, packageId: null, pickupRequestId: null, channel: 'email', audience: 'coordinator',
        recipient, subject, body, html: null, timeZone: settings.timeZone, status: 'queued', reason: null, providerResponse: null, attempts: 0,
        nextAttemptAt: now, leaseUntil: null, createdAt: now, updatedAt: now, sentAt: null,
      });
      if (wrote) written += 1;
    }
    if (written) this.options.nudge?.();
    return written;
  }

  /** The summary of the local days `from`..`to` against the 7 days before. */
  async compose(from: string, to: string, timeZone: string): Promise<{ subject: string; body: string }> {
    const f = await this.figures.figures({ from, to });
    // The week's instants on the company's clock (the figures above use each address's own local days).
    const fromIso = new Date(zonedDayStart(from, timeZone)!).toISOString();
    const toIso = new Date(zonedDayStart(addDays(to, 1), timeZone)!).toISOString();
    const [worst, failing] = await Promise.all([this.repos.figures.worstRatings(fromIso, toIso, 3), this.repos.figures.mostFailedAttempts(fromIso, toIso, 3)]);
    const line = (label: string, now: FigureSet, before: FigureSet, pick: (s: FigureSet) => number, rate?: (s: FigureSet) => number | null) =>
      `- ${label}: ${pick(now)}${rate ? ` (${pct(rate(now))})` : ''}, previous week ${pick(before)}${rate ? ` (${pct(rate(before))})` : ''} (${change(pick(now), pick(before))})`;
    const now = f.figures;
    const before = f.previous;
    const lines = [
      `${this.options.companyName}: the week of ${from} to ${to}, against ${f.previousPeriod.from} to ${f.previousPeriod.to}.`,
      '',
      line('Delivered', now, before, (s) => s.delivered),
      line('On time', now, before, (s) => s.onTime, (s) => s.onTimeRate),
      line('First attempt', now, before, (s) => s.firstAttempt, (s) => s.firstAttemptRate),
      line('Failed attempts', now, before, (s) => s.attempts),
      line('Exceptions', now, before, (s) => s.exceptions),
      line('Returns', now, before, (s) => s.returns),
      line('Ratings', now, before, (s) => s.ratings.count),
      `- Average rating: ${now.ratings.average ?? '—'}, previous week ${before.ratings.average ?? '—'}`,
      '',
      'The three worst-rated deliveries:',
      ...(worst.length ? worst.map((w) => `- ${w.trackingNumber}: ${w.stars} star${w.stars === 1 ? '' : 's'}${w.driverName ? `, ${w.driverName}` : ''}${w.comment ? `: "${w.comment.slice(0, 200)}"` : ''}`) : ['- No ratings this week.']),
      '',
      'The drivers with the most failed attempts:',
      ...(failing.length ? failing.map((d) => `- ${d.driverName ?? 'Unknown driver'}: ${d.attempts}`) : ['- No failed attempts this week.']),
      '',
      `The Performance view: ${this.options.publicUrl.replace(/\/$/, '')}${PERFORMANCE_VIEW_PATH}`,
      '',
      `On time: ${FIGURE_DEFINITIONS.onTimeRate}`,
      `First attempt: ${FIGURE_DEFINITIONS.firstAttemptRate}`,
    ];
    return { subject: `${this.options.companyName}: weekly summary, ${from} to ${to}`, body: lines.join('\n') };
  }

  /** Looks once a minute (every instance; the database lets one write each message). */
  start(onError: (err: unknown) => void, everyMs = 60_000): void {
    const tick = () => {
      this.runDue().catch(onError);
      this.timer = setTimeout(tick, everyMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, Math.min(everyMs, 5_000));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
