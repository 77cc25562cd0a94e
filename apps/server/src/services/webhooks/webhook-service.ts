import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MSG,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
  type WebhookEventType,
  type WebhookMessageStatus,
  webhookEndpointInputSchema,
  webhookEndpointUpdateSchema,
} from '@cargo/shared';
import { Webhook } from 'standardwebhooks';
import type { EventRow, PackageRow, WebhookAttemptRow, WebhookEndpointRow, WebhookMessageRow } from '../../db/types.ts';
import { newId, newTimeOrderedId } from '../../lib/crypto.ts';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isoFromMs } from '../../lib/time.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { presentPackage } from '../../presenters/package.ts';
import { presentPickupRequest } from '../../presenters/pickup-request.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { SendResult, WebhookSender } from './sender.ts';

export const TEST_EVENT_TYPE = 'webhook.test';
/** After a rotation the previous secret signs too, this long. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** Messages sent at once by one instance. */
const CONCURRENCY = 8;

export interface WebhookOptions {
  sender: WebhookSender;
  secrets: SecretBox;
  /** The wait before each attempt (ms): [0] is the first, made at once. */
  schedule: readonly number[];
  disableAfterMs: number;
  leaseMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  random?: () => number;
}

/** Who asks: an admin (every endpoint), or an API key (the endpoints it registered). */
export type WebhookCaller = { kind: 'admin'; adminId: string } | { kind: 'key'; apiKeyId: string };

export interface MessageWithAttempts {
  message: WebhookMessageRow;
  attempts: WebhookAttemptRow[];
}

/**
 * Webhooks (issue 19, decision 048). Reads the event outbox (`events`, decision 046) into one message per endpoint
 * that wants the event, with its body made then and kept, so retries send the same bytes under the same `webhook-id`;
 * sends due messages signed per Standard Webhooks; retries 408, 429, 5xx, timeouts and refused connections on the
 * schedule with jitter, honouring Retry-After; a 410 disables the endpoint, as do five days without a success. Work
 * is taken by single-statement claims (decision 046), so several instances share it and each attempt is made once.
 */
export class WebhookService {
  private endpointsCache: { rows: WebhookEndpointRow[]; atMs: number } | null = null;
  private readonly random: () => number;

  constructor(
    private readonly repos: Repositories,
    private readonly options: WebhookOptions,
  ) {
    this.random = options.random ?? Math.random;
  }

  // --- endpoints ---

  async create(input: WebhookEndpointInput, caller: WebhookCaller, actor: AuditActor, nowMs = Date.now()): Promise<{ row: WebhookEndpointRow; secret: string }> {
    const parsed = webhookEndpointInputSchema.parse(input);
    await this.checkUrl(parsed.url);
    const secret = newSecret();
    const now = isoFromMs(nowMs);
    const row: WebhookEndpointRow = {
      id: newId(),
      url: parsed.url,
      description: parsed.description ?? '',
      eventTypes: parsed.eventTypes.join(' '),
      secretEnc: this.options.secrets.seal(secret),
      previousSecretEnc: null,
      previousSecretUntil: null,
      enabled: 1,
      disabledReason: null,
      failingSince: null,
      createdBy: ownerOf(caller),
      createdAt: now,
      updatedAt: now,
    };
    await this.repos.transaction(async (trx) => {
      await trx.webhooks.insertEndpoint(row);
      await recordAudit(trx, { action: 'webhook_endpoint.created', objectType: 'webhook_endpoint', objectId: row.id, objectLabel: row.url, after: row, actor }, now);
    });
    this.endpointsCache = null;
    return { row, secret };
  }

  async list(caller: WebhookCaller): Promise<WebhookEndpointRow[]> {
    const rows = await this.repos.webhooks.listEndpoints();
    return caller.kind === 'admin' ? rows : rows.filter((row) => row.createdBy === ownerOf(caller));
  }

  /** The endpoint, if the caller may see it (a key sees only its own: another's is 'not found'). */
  async get(id: string, caller: WebhookCaller): Promise<WebhookEndpointRow> {
    const row = await this.repos.webhooks.findEndpoint(id);
    if (!row || (caller.kind === 'key' && row.createdBy !== ownerOf(caller))) throw notFound(WEBHOOK_MSG.endpointNotFound);
    return row;
  }

  async update(id: string, input: WebhookEndpointUpdate, caller: WebhookCaller, actor: AuditActor, nowMs = Date.now()): Promise<WebhookEndpointRow> {
    const row = await this.get(id, caller);
    const parsed = webhookEndpointUpdateSchema.parse(input);
    if (parsed.url !== undefined) await this.checkUrl(parsed.url);
    const changes: Partial<WebhookEndpointRow> = { updatedAt: isoFromMs(nowMs) };
    if (parsed.url !== undefined) changes.url = parsed.url;
    if (parsed.eventTypes !== undefined) changes.eventTypes = parsed.eventTypes.join(' ');
    if (input.description !== undefined) changes.description = parsed.description ?? '';
    if (parsed.enabled === true && !row.enabled) Object.assign(changes, { enabled: 1, disabledReason: null, failingSince: null });
    if (parsed.enabled === false && row.enabled) Object.assign(changes, { enabled: 0, disabledReason: null });
    const after = { ...row, ...changes };
    await this.repos.transaction(async (trx) => {
      await trx.webhooks.updateEndpoint(id, changes);
      await recordAudit(trx, { action: 'webhook_endpoint.updated', objectType: 'webhook_endpoint', objectId: id, objectLabel: after.url, before: row, after, actor }, changes.updatedAt);
    });
    this.endpointsCache = null;
    return after;
  }

  async remove(id: string, caller: WebhookCaller, actor: AuditActor): Promise<void> {
    const row = await this.get(id, caller);
    await this.repos.transaction(async (trx) => {
      await trx.webhooks.deleteEndpoint(id);
      await recordAudit(trx, { action: 'webhook_endpoint.deleted', objectType: 'webhook_endpoint', objectId: id, objectLabel: row.url, before: row, actor });
    });
    this.endpointsCache = null;
  }

  /** A new secret; the previous one signs too for 24 hours, so receivers can switch without losing a message. */
  async rotateSecret(id: string, caller: WebhookCaller, actor: AuditActor, nowMs = Date.now()): Promise<{ row: WebhookEndpointRow; secret: string }> {
    const row = await this.get(id, caller);
    const secret = newSecret();
    const changes = {
      secretEnc: this.options.secrets.seal(secret),
      previousSecretEnc: row.secretEnc,
      previousSecretUntil: isoFromMs(nowMs + ROTATION_OVERLAP_MS),
      updatedAt: isoFromMs(nowMs),
    };
    await this.repos.transaction(async (trx) => {
      await trx.webhooks.updateEndpoint(id, changes);
      // The secrets themselves are never recorded (audit-trail drops them): the entry says a rotation happened.
      await recordAudit(trx, { action: 'webhook_endpoint.secret_rotated', objectType: 'webhook_endpoint', objectId: id, objectLabel: row.url, after: { previousSecretUntil: changes.previousSecretUntil }, actor }, changes.updatedAt);
    });
    this.endpointsCache = null;
    return { row: { ...row, ...changes }, secret };
  }

  /** A `webhook.test` message to one endpoint, sent like any other. */
  async sendTest(id: string, caller: WebhookCaller, nowMs = Date.now()): Promise<WebhookMessageRow> {
    const endpoint = await this.get(id, caller);
    if (!endpoint.enabled) throw unprocessable(WEBHOOK_MSG.endpointDisabled);
    const now = isoFromMs(nowMs);
    const message = this.newMessage(endpoint, null, TEST_EVENT_TYPE, null, null, JSON.stringify({ type: TEST_EVENT_TYPE, timestamp: now, data: { endpointId: endpoint.id, message: 'A test event sent from the admin panel' } }), nowMs);
    await this.repos.webhooks.insertMessages([message]);
    return message;
  }

  async messages(id: string, caller: WebhookCaller, filter: { status?: WebhookMessageStatus | undefined; limit: number }): Promise<MessageWithAttempts[]> {
    await this.get(id, caller);
    const rows = await this.repos.webhooks.messages(id, filter);
    const attempts = await this.repos.webhooks.attemptsOf(rows.map((row) => row.id));
    return rows.map((message) => ({ message, attempts: attempts.filter((a) => a.messageId === message.id) }));
  }

  /** Sends one message again from now, as a new first attempt, with the same `webhook-id` and body. */
  async replay(messageId: string, caller: WebhookCaller, nowMs = Date.now()): Promise<MessageWithAttempts> {
    const message = await this.repos.webhooks.findMessage(messageId);
    if (!message) throw notFound(WEBHOOK_MSG.messageNotFound);
    const endpoint = await this.get(message.endpointId, caller).catch(() => {
      throw notFound(WEBHOOK_MSG.messageNotFound);
    });
    if (!endpoint.enabled) throw unprocessable(WEBHOOK_MSG.endpointDisabled);
    await this.repos.webhooks.requeue(messageId, isoFromMs(nowMs));
    const row = (await this.repos.webhooks.findMessage(messageId))!;
    return { message: row, attempts: await this.repos.webhooks.attemptsOf([messageId]) };
  }

  /** Every message of the endpoint made since `sinceIso`, sent again. */
  async replaySince(id: string, sinceIso: string, caller: WebhookCaller, nowMs = Date.now()): Promise<number> {
    const endpoint = await this.get(id, caller);
    if (!endpoint.enabled) throw unprocessable(WEBHOOK_MSG.endpointDisabled);
    return this.repos.webhooks.requeueSince(id, sinceIso, isoFromMs(nowMs));
  }

  /** Refuses a URL the sender would refuse: plain http or a forbidden address literal (names are checked at connect). */
  private async checkUrl(url: string): Promise<void> {
    const refusal = this.options.sender.refusal(new URL(url));
    if (refusal) throw new HttpError(422, refusal.startsWith('Plain http') ? WEBHOOK_MSG.httpNotAllowed : WEBHOOK_MSG.addressForbidden);
  }

  // --- the outbox reader ---

  /** Makes the messages of up to `limit` events not yet read; answers how many events it read. */
  async processEvents(nowMs = Date.now(), limit = 200): Promise<number> {
    const events = await this.repos.webhooks.pendingEvents(limit);
    if (events.length === 0) return 0;
    const endpoints = await this.enabledEndpoints(nowMs);
    const messages: WebhookMessageRow[] = [];
    if (endpoints.length > 0) {
      const packages = new Map((await this.repos.packages.findByIds([...new Set(events.filter((e) => e.subjectType === 'package').map((e) => e.subjectId))])).map((p) => [p.id, p]));
      for (const event of events) {
        const wanting = endpoints.filter((endpoint) => wants(endpoint, event.type));
        if (wanting.length === 0) continue;
        const payload = await this.payloadOf(event, packages);
        if (!payload) continue;
        const packageId = event.subjectType === 'package' ? event.subjectId : null;
        for (const endpoint of wanting) messages.push(this.newMessage(endpoint, event.id, event.type, packageId, event.sequence, payload, nowMs));
      }
    }
    await this.repos.webhooks.insertMessages(messages);
    await this.repos.webhooks.markEventsTaken(
      events.map((e) => e.id),
      isoFromMs(nowMs),
    );
    return events.length;
  }

  /**
   * The body: `{type, timestamp, data}` (Standard Webhooks), `data` being the package's integration view (what a
   * `packages:read` key reads) as it is when the event is read, with the event's per-package `sequence`, its id and
   * what the event itself carries (`details`: the status change, the attempt's reason, the ETA).
   */
  private async payloadOf(event: EventRow, packages: Map<string, PackageRow>): Promise<string | null> {
    let view: Record<string, unknown> | null = null;
    if (event.subjectType === 'package') {
      const row = packages.get(event.subjectId);
      if (row) view = { ...presentPackage(row) };
    } else {
      const row = await this.repos.pickupRequests.findById(event.subjectId);
      if (row) view = { ...presentPickupRequest(row) };
    }
    // A subject deleted since: the event is not sent (nothing left to describe).
    if (!view) return null;
    return JSON.stringify({
      type: event.type,
      timestamp: event.occurredAt,
      data: { ...view, eventId: event.id, sequence: event.sequence, details: parseJson(event.data) },
    });
  }

  private newMessage(endpoint: WebhookEndpointRow, eventId: string | null, eventType: string, packageId: string | null, sequence: number | null, payload: string, nowMs: number): WebhookMessageRow {
    const now = isoFromMs(nowMs);
    return {
      id: `msg_${newTimeOrderedId(nowMs).replace(/-/g, '')}`,
      endpointId: endpoint.id,
      eventId,
      eventType,
      packageId,
      sequence,
      payload,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: isoFromMs(nowMs + (this.options.schedule[0] ?? 0)),
      leaseUntil: null,
      lastStatusCode: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      deliveredAt: null,
    };
  }

  private async enabledEndpoints(nowMs: number): Promise<WebhookEndpointRow[]> {
    // A second's cache: an instance reads hundreds of events a second; an endpoint registered elsewhere counts from
    // the next second at most.
    if (this.endpointsCache && nowMs - this.endpointsCache.atMs < 1000) return this.endpointsCache.rows;
    const rows = await this.repos.webhooks.enabledEndpoints();
    this.endpointsCache = { rows, atMs: nowMs };
    return rows;
  }

  // --- the sender ---

  /** Sends up to `limit` due messages, several at once; answers how many it attempted. */
  async sendDue(nowMs = Date.now(), limit = 64): Promise<number> {
    const due = await this.repos.webhooks.due(isoFromMs(nowMs), limit);
    if (due.length === 0) return 0;
    const endpoints = new Map<string, WebhookEndpointRow | null>();
    let next = 0;
    let attempted = 0;
    const lane = async () => {
      for (let i = next++; i < due.length; i = next++) {
        const message = due[i]!;
        if (!endpoints.has(message.endpointId)) endpoints.set(message.endpointId, (await this.repos.webhooks.findEndpoint(message.endpointId)) ?? null);
        const endpoint = endpoints.get(message.endpointId);
        if (!endpoint || !endpoint.enabled) continue;
        if (await this.attempt(message, endpoint)) attempted += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, lane));
    return attempted;
  }

  /** One attempt of one message, if this sender wins its claim. */
  private async attempt(message: WebhookMessageRow, endpoint: WebhookEndpointRow): Promise<boolean> {
    const startMs = Date.now();
    const leaseUntil = isoFromMs(startMs + this.options.leaseMs);
    if (!(await this.repos.webhooks.claim(message.id, isoFromMs(startMs), leaseUntil))) return false;
    const headers = this.sign(endpoint, message, startMs);
    const result: SendResult = headers
      ? await this.options.sender.post(endpoint.url, headers, message.payload)
      : { statusCode: null, durationMs: 0, body: null, error: 'The signing secret cannot be read (SECRETS_KEY changed?): rotate it', retryAfterMs: null, refused: true };
    const endMs = Date.now();
    const attempts = message.attempts + 1;
    const outcome = this.judge(result, attempts, endMs);
    await this.repos.webhooks.insertAttempt({
      id: newTimeOrderedId(endMs),
      messageId: message.id,
      endpointId: endpoint.id,
      attemptedAt: isoFromMs(startMs),
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      responseBody: result.body,
      error: result.error,
      nextRetryAt: outcome.nextAttemptAt,
    });
    await this.repos.webhooks.finish(message.id, leaseUntil, {
      status: outcome.status,
      attempts,
      nextAttemptAt: outcome.nextAttemptAt,
      lastStatusCode: result.statusCode,
      lastError: result.error ?? (outcome.status === 'delivered' ? null : `HTTP ${result.statusCode}`),
      deliveredAt: outcome.status === 'delivered' ? isoFromMs(endMs) : null,
      updatedAt: isoFromMs(endMs),
    });
    await this.recordEndpointHealth(endpoint, result, outcome.status, endMs);
    return true;
  }

  /** What an answer means for the message: delivered, another try at a time, or failed for good. */
  private judge(result: SendResult, attempts: number, nowMs: number): { status: 'delivered' | 'pending' | 'failed'; nextAttemptAt: string | null } {
    const code = result.statusCode;
    if (code !== null && code >= 200 && code < 300) return { status: 'delivered', nextAttemptAt: null };
    const retryable = !result.refused && (code === null || code === 408 || code === 429 || code >= 500);
    if (!retryable || attempts >= this.options.schedule.length) return { status: 'failed', nextAttemptAt: null };
    const planned = this.options.schedule[attempts]!;
    // Jitter: up to a tenth either way, so endpoints that failed together do not all come back at once.
    const jittered = planned * (0.9 + 0.2 * this.random());
    const wait = Math.max(jittered, result.retryAfterMs ?? 0);
    return { status: 'pending', nextAttemptAt: isoFromMs(nowMs + Math.round(wait)) };
  }

  private async recordEndpointHealth(endpoint: WebhookEndpointRow, result: SendResult, status: string, nowMs: number): Promise<void> {
    if (status === 'delivered') {
      if (endpoint.failingSince) await this.repos.webhooks.clearFailing(endpoint.id);
      endpoint.failingSince = null;
      return;
    }
    const now = isoFromMs(nowMs);
    if (result.statusCode === 410) {
      await this.repos.webhooks.disable(endpoint.id, 'The endpoint answered 410 Gone', now);
      endpoint.enabled = 0;
      this.endpointsCache = null;
      return;
    }
    if (!endpoint.failingSince) {
      await this.repos.webhooks.markFailing(endpoint.id, now);
      endpoint.failingSince = (await this.repos.webhooks.findEndpoint(endpoint.id))?.failingSince ?? now;
    }
    if (nowMs - Date.parse(endpoint.failingSince) >= this.options.disableAfterMs) {
      const days = Math.round(this.options.disableAfterMs / 86_400_000);
      await this.repos.webhooks.disable(endpoint.id, days >= 1 ? `No delivery succeeded for ${days} days` : 'No delivery succeeded for too long', now);
      endpoint.enabled = 0;
      this.endpointsCache = null;
    }
  }

  /** The Standard Webhooks headers; both signatures while a rotation's overlap lasts. Null when no secret can be read. */
  private sign(endpoint: WebhookEndpointRow, message: WebhookMessageRow, nowMs: number): Record<string, string> | null {
    const secrets = [endpoint.secretEnc];
    if (endpoint.previousSecretEnc && endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > nowMs) secrets.push(endpoint.previousSecretEnc);
    const signatures: string[] = [];
    const at = new Date(Math.floor(nowMs / 1000) * 1000);
    for (const sealed of secrets) {
      const secret = this.options.secrets.open(sealed);
      if (secret) signatures.push(new Webhook(secret).sign(message.id, at, message.payload));
    }
    if (signatures.length === 0) return null;
    return {
      'content-type': 'application/json',
      'user-agent': 'cargo-tracking-webhooks/1',
      'webhook-id': message.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatures.join(' '),
    };
  }
}

function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function ownerOf(caller: WebhookCaller): string {
  return caller.kind === 'admin' ? `admin:${caller.adminId}` : `key:${caller.apiKeyId}`;
}

function wants(endpoint: WebhookEndpointRow, type: string): boolean {
  const types = endpoint.eventTypes.split(' ') as WebhookEventType[];
  return types.includes('*') || types.includes(type as WebhookEventType);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
