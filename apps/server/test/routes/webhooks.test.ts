import type { ApiKeyCreated, Package, WebhookEndpoint, WebhookEndpointCreated, WebhookMessage } from '@cargo/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageBody } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';
import { waitUntil } from '../support/mail-and-sms.ts';
import { startWebhookReceiver, type Received, type WebhookReceiver } from '../support/webhook-receiver.ts';

type Payload = { type: string; timestamp: string; data: Record<string, any> };
const payloadOf = (r: Received) => JSON.parse(r.body) as Payload;

/**
 * Webhooks (issue 19, decision 048): endpoints registered by an admin or a key, Standard Webhooks signatures checked
 * with the `standardwebhooks` library, the retry schedule (shortened by WEBHOOK_RETRY_SCHEDULE), Retry-After, 410,
 * the failing-too-long rule, rotation, replay, and the address rules end to end on loopback only: the allow list holds
 * 127.0.0.1; 127.0.0.2 is outside it.
 */
describeApi('webhooks', () => {
  let ctx: TestContext;
  let receiver: WebhookReceiver;
  let forbidden: WebhookReceiver;

  beforeAll(async () => {
    ctx = await setupApp({
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: '40',
        WEBHOOK_RETRY_SCHEDULE: '0,150,300,450',
        WEBHOOK_TIMEOUT_MS: '1500',
        WEBHOOK_DISABLE_AFTER_MS: '2500',
      },
    });
    receiver = await startWebhookReceiver('127.0.0.1');
    forbidden = await startWebhookReceiver('127.0.0.2');
  });
  afterAll(async () => {
    await receiver?.close();
    await forbidden?.close();
    await ctx?.close();
  });

  const admin = () => ctx.adminToken;
  const createEndpoint = async (body: Record<string, unknown>, token = admin()): Promise<WebhookEndpointCreated> => {
    const res = await ctx.request({ method: 'POST', url: '/api/webhooks/endpoints', token, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** A receiver path of its own per endpoint, so tests running one after another do not read each other's requests. */
  const pathFor = (name: string) => `${receiver.url}/${name}`;
  const messagesOf = async (endpointId: string): Promise<WebhookMessage[]> => {
    const res = await ctx.request({ method: 'GET', url: `/api/webhooks/endpoints/${endpointId}/messages`, token: admin() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Polls the message log until `done` holds. */
  const pollMessages = async (endpointId: string, done: (messages: WebhookMessage[]) => boolean, timeoutMs = 8000): Promise<WebhookMessage[]> => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const messages = await messagesOf(endpointId);
      if (done(messages)) return messages;
      if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(messages.map((m) => [m.eventType, m.status, m.attempts, m.lastError]))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const createPackage = async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/packages', token: admin(), payload: packageBody() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Package>();
  };
  const setStatus = async (pkg: Package, status: string) => {
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: admin(), payload: { status, location: 'Depot', description: 'Moved' } });
    expect(res.statusCode, res.body).toBe(200);
  };
  describe('registration', () => {
    it('shows the whsec_ secret once, keeps it encrypted, and never lists it', async () => {
      const created = await createEndpoint({ url: pathFor('register'), eventTypes: ['package.delivered'], description: 'Shop' });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(created).toMatchObject({ url: pathFor('register'), eventTypes: ['package.delivered'], description: 'Shop', enabled: true, disabledReason: null });
      const row = await ctx.app.db.selectFrom('webhookEndpoints').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
      const list = await ctx.request({ method: 'GET', url: '/api/webhooks/endpoints', token: admin() });
      expect(list.json<WebhookEndpoint[]>().map((e) => e.id)).toContain(created.id);
      expect(list.body).not.toContain(created.secret.slice(6));
      expect(list.body).not.toContain('secret');
      // The audit log records the registration and a rotation by the admin, never a secret (design.md §11).
      const rotated = (await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${created.id}/rotate-secret`, token: admin() })).json<WebhookEndpointCreated>();
      const entries = await ctx.app.db.selectFrom('auditLog').selectAll().where('objectId', '=', created.id).orderBy('at').execute();
      expect(entries.map((e) => [e.action, e.actorType])).toEqual([
        ['webhook_endpoint.created', 'admin'],
        ['webhook_endpoint.secret_rotated', 'admin'],
      ]);
      for (const secret of [created.secret, rotated.secret]) expect(JSON.stringify(entries)).not.toContain(secret.slice(6));
      expect(JSON.stringify(entries)).not.toContain(row.secretEnc);
    });

    it('refuses plain http and forbidden addresses outside the allow list (422), and bad input (400)', async () => {
      for (const url of ['http://hooks.example.com/x', 'https://127.0.0.2/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[::ffff:127.0.0.2]/x']) {
        const res = await ctx.request({ method: 'POST', url: '/api/webhooks/endpoints', token: admin(), payload: { url, eventTypes: ['*'] } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      }
      for (const payload of [
        { url: 'ftp://example.com/x', eventTypes: ['*'] },
        { url: 'not a url', eventTypes: ['*'] },
        { url: 'https://user:pw@example.com/x', eventTypes: ['*'] },
        { url: 'https://example.com/x', eventTypes: [] },
        { url: 'https://example.com/x', eventTypes: ['package.teleported'] },
        { url: 'https://example.com/x', eventTypes: ['*'], description: 'x'.repeat(501) },
        { url: true, eventTypes: ['*'] },
      ]) {
        const res = await ctx.request({ method: 'POST', url: '/api/webhooks/endpoints', token: admin(), payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      const junk = await ctx.request({ method: 'POST', url: '/api/webhooks/endpoints', token: admin(), headers: { 'content-type': 'application/json' }, payload: '{"url":' });
      expect(junk.statusCode).toBe(400);
      expect((await ctx.request({ method: 'GET', url: '/api/webhooks/endpoints/nope', token: admin() })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'GET', url: '/api/webhooks/endpoints/nope/messages?limit=true', token: admin() })).statusCode).toBe(400);
    });

    it('lets a key with webhooks:manage register and manage its own endpoints only; other keys 403, no token 401', async () => {
      const makeKey = async (scopes: string[]) => (await ctx.request({ method: 'POST', url: '/api/api-keys', token: admin(), payload: { name: 'Shop', scopes } })).json<ApiKeyCreated>();
      const shop = await makeKey(['webhooks:manage']);
      const other = await makeKey(['webhooks:manage']);
      const writer = await makeKey(['packages:write', 'packages:read']);
      const mine = await createEndpoint({ url: pathFor('key'), eventTypes: ['package.created'] }, shop.key);
      expect((await ctx.request({ method: 'GET', url: `/api/webhooks/endpoints/${mine.id}`, token: shop.key })).statusCode).toBe(200);
      expect((await ctx.request({ method: 'GET', url: `/api/webhooks/endpoints/${mine.id}`, token: other.key })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'DELETE', url: `/api/webhooks/endpoints/${mine.id}`, token: other.key })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'GET', url: '/api/webhooks/endpoints', token: other.key })).json<WebhookEndpoint[]>().map((e) => e.id)).not.toContain(mine.id);
      expect((await ctx.request({ method: 'GET', url: '/api/webhooks/endpoints', token: admin() })).json<WebhookEndpoint[]>().map((e) => e.id)).toContain(mine.id);
      expect((await ctx.request({ method: 'GET', url: '/api/webhooks/endpoints', token: writer.key })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'POST', url: '/api/webhooks/endpoints', token: writer.key, payload: { url: pathFor('x'), eventTypes: ['*'] } })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: '/api/webhooks/endpoints' })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'DELETE', url: `/api/webhooks/endpoints/${mine.id}`, token: shop.key })).statusCode).toBe(204);
    });
  });

  describe('delivery', () => {
    it('signs each event per Standard Webhooks (verified by the library) with the package view and its sequence', async () => {
      const endpoint = await createEndpoint({ url: pathFor('signed'), eventTypes: ['package.created', 'package.in_transit'] });
      const before = receiver.received.length;
      const pkg = await createPackage();
      await setStatus(pkg, 'in_transit');
      await setStatus(pkg, 'delivered');
      const mine = () => receiver.received.slice(before).filter((r) => r.path === '/hooks/signed' && payloadOf(r).data.id === pkg.id);
      await waitUntil(() => mine().length >= 2, 8000, () => `${mine().length} of 2`);
      const requests = mine();
      const wh = new Webhook(endpoint.secret);
      for (const r of requests) expect(() => wh.verify(r.body, r.headers as Record<string, string>)).not.toThrow();
      // A body changed in transit, or another secret, fails verification.
      expect(() => wh.verify(requests[0]!.body.replace('"', ' "'), requests[0]!.headers as Record<string, string>)).toThrow();
      expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(requests[0]!.body, requests[0]!.headers as Record<string, string>)).toThrow();

      const payloads = requests.map(payloadOf).sort((a, b) => a.data.sequence - b.data.sequence);
      expect(payloads.map((p) => p.type)).toEqual(['package.created', 'package.in_transit']);
      expect(payloads.map((p) => p.data.sequence)).toEqual([1, 2]);
      expect(payloads[0]!.data).toMatchObject({ id: pkg.id, trackingNumber: pkg.trackingNumber, customerName: pkg.customerName, sequence: 1, eventId: expect.any(String) });
      expect(payloads[1]!.timestamp).toEqual(expect.any(String));
      expect(requests[0]!.headers['content-type']).toBe('application/json');
      expect(requests[0]!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      // package.delivered was not asked for.
      await new Promise((r) => setTimeout(r, 300));
      expect(mine().map((r) => payloadOf(r).type)).not.toContain('package.delivered');

      const log = await pollMessages(endpoint.id, (m) => m.length === 2 && m.every((x) => x.status === 'delivered'));
      expect(log[0]!.attemptLog).toEqual([{ id: expect.any(String), attemptedAt: expect.any(String), statusCode: 200, durationMs: expect.any(Number), responseBody: 'ok', error: null, nextRetryAt: null }]);
    });

    it('retries 5xx, 429 and timeouts on the schedule with the same webhook-id, and honours Retry-After', async () => {
      const endpoint = await createEndpoint({ url: pathFor('retry'), eventTypes: ['*'] });
      const before = receiver.received.length;
      receiver.answerNext({ status: 503 }, { status: 500 }, { status: 429, headers: { 'retry-after': '1' } });
      const sent = await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() });
      expect(sent.statusCode, sent.body).toBe(202);
      const id = sent.json<WebhookMessage>().id;
      const tries = () => receiver.received.slice(before).filter((r) => r.headers['webhook-id'] === id);
      await waitUntil(() => tries().length >= 4, 8000, () => `${tries().length} of 4 tries`);
      const [a, b, c, d] = tries();
      expect([a!.status, b!.status, c!.status, d!.status]).toEqual([503, 500, 429, 200]);
      // The schedule (150 ms, 300 ms, with a tenth of jitter), then Retry-After: 1 s over the schedule's 450 ms.
      expect(b!.atMs - a!.atMs).toBeGreaterThanOrEqual(130);
      expect(c!.atMs - b!.atMs).toBeGreaterThanOrEqual(265);
      expect(d!.atMs - c!.atMs).toBeGreaterThanOrEqual(980);
      // Each try is signed afresh and verifies.
      for (const r of tries()) expect(() => new Webhook(endpoint.secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
      const [message] = await pollMessages(endpoint.id, (m) => m[0]?.status === 'delivered');
      expect(message!.attempts).toBe(4);
      expect(message!.attemptLog.map((x) => x.statusCode)).toEqual([503, 500, 429, 200]);
      expect(message!.attemptLog[0]!.nextRetryAt).toEqual(expect.any(String));
      expect(message!.attemptLog[0]!.responseBody).toBe('not now');
    });

    it('gives up after the last try of the schedule, and a 4xx other than 408 and 429 is not retried', async () => {
      const endpoint = await createEndpoint({ url: pathFor('give-up'), eventTypes: ['*'] });
      receiver.answerNext({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
      const first = (await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() })).json<WebhookMessage>();
      let [message] = await pollMessages(endpoint.id, (m) => m.find((x) => x.id === first.id)?.status === 'failed');
      expect(message!.attempts).toBe(4);
      expect(message!.nextAttemptAt).toBeNull();

      receiver.answerNext({ status: 400 });
      const second = (await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() })).json<WebhookMessage>();
      const log = await pollMessages(endpoint.id, (m) => m.find((x) => x.id === second.id)?.status === 'failed');
      message = log.find((x) => x.id === second.id);
      expect(message!.attempts).toBe(1);
      expect(message!.lastStatusCode).toBe(400);
      // Still enabled: a single refusal is not the endpoint gone.
      expect((await ctx.request({ method: 'GET', url: `/api/webhooks/endpoints/${endpoint.id}`, token: admin() })).json<WebhookEndpoint>()).toMatchObject({ enabled: true, failingSince: expect.any(String) });
    });

    it('disables the endpoint on 410 Gone, sends it nothing more, and enabling it again works', async () => {
      const endpoint = await createEndpoint({ url: pathFor('gone'), eventTypes: ['*'] });
      receiver.answerNext({ status: 410 });
      await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() });
      await pollMessages(endpoint.id, (m) => m[0]?.status === 'failed');
      const gone = (await ctx.request({ method: 'GET', url: `/api/webhooks/endpoints/${endpoint.id}`, token: admin() })).json<WebhookEndpoint>();
      expect(gone).toMatchObject({ enabled: false, disabledReason: 'The endpoint answered 410 Gone' });
      expect((await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() })).statusCode).toBe(422);

      const enabled = await ctx.request({ method: 'PATCH', url: `/api/webhooks/endpoints/${endpoint.id}`, token: admin(), payload: { enabled: true } });
      expect(enabled.json<WebhookEndpoint>()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
      const again = (await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() })).json<WebhookMessage>();
      await pollMessages(endpoint.id, (m) => m.find((x) => x.id === again.id)?.status === 'delivered');
    });

    it('disables an endpoint that has failed for longer than WEBHOOK_DISABLE_AFTER_MS (five days by default)', async () => {
      const endpoint = await createEndpoint({ url: pathFor('failing'), eventTypes: ['*'] });
      receiver.answerWith(({ body }) => (body.includes(endpoint.id) ? { status: 502 } : { status: 200 }));
      try {
        await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() });
        await pollMessages(endpoint.id, (m) => m[0]?.status === 'failed');
        await new Promise((r) => setTimeout(r, 2600));
        await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() });
        await pollMessages(endpoint.id, (m) => m.length === 2 && m[0]!.attempts >= 1);
        const after = (await ctx.request({ method: 'GET', url: `/api/webhooks/endpoints/${endpoint.id}`, token: admin() })).json<WebhookEndpoint>();
        expect(after).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/^No delivery succeeded/) });
      } finally {
        receiver.answerWith(null);
      }
    });

    it('after a rotation signs with both secrets for 24 hours; each verifies', async () => {
      const endpoint = await createEndpoint({ url: pathFor('rotate'), eventTypes: ['*'] });
      const rotated = await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, token: admin() });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const { secret, previousSecretUntil } = rotated.json<WebhookEndpointCreated>();
      expect(secret).not.toBe(endpoint.secret);
      expect(Date.parse(previousSecretUntil!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
      const id = (await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() })).json<WebhookMessage>().id;
      await waitUntil(() => receiver.received.some((r) => r.headers['webhook-id'] === id), 5000, () => 'the test event');
      const request = receiver.received.find((r) => r.headers['webhook-id'] === id)!;
      expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
      for (const s of [secret, endpoint.secret]) expect(() => new Webhook(s).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
    });

    it('replays one message with the same webhook-id and body, and every message since a time', async () => {
      const endpoint = await createEndpoint({ url: pathFor('replay'), eventTypes: ['*'] });
      const since = new Date().toISOString();
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() })).json<WebhookMessage>().id);
      await pollMessages(endpoint.id, (m) => m.length === 3 && m.every((x) => x.status === 'delivered'));
      const count = (id: string) => receiver.received.filter((r) => r.headers['webhook-id'] === id);

      const replayed = await ctx.request({ method: 'POST', url: `/api/webhooks/messages/${ids[0]}/replay`, token: admin() });
      expect(replayed.statusCode, replayed.body).toBe(200);
      await waitUntil(() => count(ids[0]!).length === 2, 5000, () => 'the replay');
      expect(count(ids[0]!)[1]!.body).toBe(count(ids[0]!)[0]!.body);

      const all = await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/replay`, token: admin(), payload: { since } });
      expect(all.json()).toEqual({ requeued: 3 });
      await waitUntil(() => ids.every((id) => count(id).length >= 2) && count(ids[0]!).length === 3, 5000, () => 'the replay since');
      expect((await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/replay`, token: admin(), payload: { since: 'yesterday' } })).statusCode).toBe(400);
      expect((await ctx.request({ method: 'POST', url: '/api/webhooks/messages/nope/replay', token: admin() })).statusCode).toBe(404);
    });

    it('the retention job removes finished deliveries and their attempts past the message log\'s days, never a pending one', async () => {
      const endpoint = await createEndpoint({ url: pathFor('retention'), eventTypes: ['*'] });
      const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
      const base = { endpointId: endpoint.id, eventId: null, eventType: 'webhook.test', packageId: null, sequence: null, payload: '{}', attempts: 1, nextAttemptAt: null, leaseUntil: null, lastStatusCode: 200, lastError: null, deliveredAt: old };
      await ctx.app.db
        .insertInto('webhookMessages')
        .values([
          { ...base, id: 'msg_old_done', status: 'delivered', createdAt: old, updatedAt: old },
          { ...base, id: 'msg_old_failed', status: 'failed', createdAt: old, updatedAt: old },
          // Pending for a year: the endpoint is disabled or waiting; kept for when it comes back.
          { ...base, id: 'msg_old_pending', status: 'pending', nextAttemptAt: new Date(Date.now() + 86_400_000).toISOString(), createdAt: old, updatedAt: old },
          { ...base, id: 'msg_recent_done', status: 'delivered', createdAt: new Date().toISOString(), updatedAt: old },
        ])
        .execute();
      await ctx.app.db
        .insertInto('webhookAttempts')
        .values([
          { id: 'att_old', messageId: 'msg_old_done', endpointId: endpoint.id, attemptedAt: old, statusCode: 200, durationMs: 5, responseBody: 'ok', error: null, nextRetryAt: null },
          { id: 'att_recent', messageId: 'msg_recent_done', endpointId: endpoint.id, attemptedAt: new Date().toISOString(), statusCode: 200, durationMs: 5, responseBody: 'ok', error: null, nextRetryAt: null },
        ])
        .execute();
      const run = await ctx.app.retention.run();
      expect(run.other.webhookDeliveries).toBe(3);
      const left = await ctx.app.db.selectFrom('webhookMessages').select('id').where('endpointId', '=', endpoint.id).orderBy('id').execute();
      expect(left.map((r) => r.id)).toEqual(['msg_old_pending', 'msg_recent_done']);
      const attempts = await ctx.app.db.selectFrom('webhookAttempts').select('id').where('endpointId', '=', endpoint.id).execute();
      expect(attempts.map((r) => r.id)).toEqual(['att_recent']);
      await ctx.request({ method: 'DELETE', url: `/api/webhooks/endpoints/${endpoint.id}`, token: admin() });
    });

    it('follows no redirect: a 302 to an address outside the allow list is an answer, and nothing reaches that address', async () => {
      const endpoint = await createEndpoint({ url: pathFor('redirect'), eventTypes: ['*'] });
      receiver.answerNext({ status: 302, headers: { location: forbidden.url } });
      await ctx.request({ method: 'POST', url: `/api/webhooks/endpoints/${endpoint.id}/test`, token: admin() });
      const [message] = await pollMessages(endpoint.id, (m) => m[0]?.status === 'failed');
      expect(message!.lastStatusCode).toBe(302);
      expect(message!.attempts).toBe(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(forbidden.received).toHaveLength(0);
    });
  });
});
