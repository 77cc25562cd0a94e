import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { webhookEndpointSchema } from '@cargo/shared';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { adminToken, bearer } from '../fixtures.ts';
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, getJson, openAdmin, test, uniqueTag } from '../admin-fixtures.ts';
import type { Page } from '../test.ts';

/**
 * The Integrations tab (issue 19) against the worker's server, which may deliver webhooks to 127.0.0.1 only
 * (WEBHOOK_ALLOWED_HOSTS in e2e/test.ts): a receiver of this file's own on loopback records every request, answers 200
 * on /hooks/… and 410 Gone on /gone/…. An admin creates a key (shown once), registers an endpoint (secret shown once),
 * sends a test event, sees its attempt and replays it; the receiver checks each signature with the standardwebhooks
 * library and the secret the page showed.
 */

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];
let receiver: Server;
let receiverPort = 0;
const screenshots = resolve(import.meta.dirname, '../../test-results/integrations-screenshots');

const flat = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: flat(req.headers), body });
      if (req.url?.startsWith('/gone/')) res.writeHead(410, { 'content-type': 'text/plain' }).end('this hook is gone');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok from the test receiver');
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  receiverPort = (receiver.address() as AddressInfo).port;
});

test.afterAll(async ({ request }) => {
  // Nothing of this file keeps sending after it: its endpoints go (the worker's server runs other files next).
  const token = await adminToken(request);
  const endpoints = await getJson(request, token, '/api/webhooks/endpoints', z.array(webhookEndpointSchema));
  for (const endpoint of endpoints.filter((e) => e.url.includes(`127.0.0.1:${receiverPort}/`))) {
    await request.delete(`/api/webhooks/endpoints/${endpoint.id}`, { headers: bearer(token) });
  }
  await new Promise((ok) => receiver?.close(() => ok(null)));
});

/** What the receiver got on this file's endpoint for test events (other files' packages may send their own events). */
const testDeliveries = () => received.filter((r) => r.path === `/hooks/${process.pid}` && (JSON.parse(r.body) as { type?: string }).type === 'webhook.test');

const hookUrl = () => `http://127.0.0.1:${receiverPort}/hooks/${process.pid}`;
const goneUrl = () => `http://127.0.0.1:${receiverPort}/gone/${process.pid}`;

async function openTab(page: Page, token: string) {
  await openAdmin(page, token, '?tab=integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 2 })).toBeVisible();
}

/** Registers an endpoint through the form and returns the secret the page shows once. */
async function register(page: Page, url: string, description: string): Promise<string> {
  const section = page.getByRole('region', { name: 'Webhook endpoints' });
  const form = section.getByRole('form', { name: 'Register endpoint' });
  await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  // Only the events wanted: 'All events' off, then one type.
  await form.getByRole('checkbox', { name: 'All events' }).uncheck();
  await form.getByRole('checkbox', { name: 'Delivered', exact: true }).check();
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await form.getByRole('button', { name: 'Register endpoint' }).click();
  const box = section.getByRole('textbox', { name: 'Signing secret', exact: true });
  await expect(box).toHaveValue(/^whsec_/);
  await expect(section.getByRole('status', { name: 'Signing secret', exact: true })).toContainText('This signing secret is shown only once');
  return box.inputValue();
}

let apiKey = '';
let secret = '';

test('an admin creates a key (shown once), registers an endpoint, sends a test event, sees the attempt and replays it', async ({ page, request, token }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTab(page, token);

  // 1. An API key, its secret shown once, and it works on the API.
  const keys = page.getByRole('region', { name: 'API keys' });
  const keyName = uniqueTag('Shop ');
  const keyForm = keys.getByRole('form', { name: 'Create key' });
  await keyForm.getByRole('button', { name: 'Create key' }).click();
  await expect(keyForm.getByRole('alert')).toContainText('Name is required');
  await keyForm.getByRole('textbox', { name: 'Name' }).fill(keyName);
  await keyForm.getByRole('button', { name: 'Create key' }).click();
  await expect(keyForm.getByRole('alert')).toContainText('Choose at least one scope');
  await keyForm.getByRole('checkbox', { name: /^Read packages/ }).check();
  await keyForm.getByRole('checkbox', { name: /^Create and change packages/ }).check();
  await keyForm.getByRole('button', { name: 'Create key' }).click();
  const keyBox = keys.getByRole('textbox', { name: 'New API key' });
  await expect(keyBox).toHaveValue(/^ck_/);
  await expect(keys.getByRole('status', { name: 'New API key' })).toContainText('This key is shown only once');
  apiKey = await keyBox.inputValue();
  const keyRow = keys.getByRole('region', { name: 'Every API key' }).getByRole('row', { name: new RegExp(keyName) });
  await expect(keyRow).toContainText('packages:read');
  await expect(keyRow).toContainText('packages:write');
  await expect(keyRow).toContainText('Active');
  const prefix = (await keyRow.getByRole('cell').nth(1).innerText()).replace('…', '').trim();
  expect(apiKey.startsWith(prefix)).toBe(true);
  expect((await request.get('/api/packages', { headers: bearer(apiKey) })).status()).toBe(200);

  // 2. An endpoint: a refused address shows the server's message; a loopback one the server allows is registered.
  const hooks = page.getByRole('region', { name: 'Webhook endpoints' });
  const hookForm = hooks.getByRole('form', { name: 'Register endpoint' });
  await hookForm.getByRole('textbox', { name: 'Endpoint URL' }).fill('http://127.0.0.2/hook');
  await hookForm.getByRole('button', { name: 'Register endpoint' }).click();
  await expect(hookForm.getByRole('alert')).toContainText('Use https: plain http is only allowed for the hosts the server allows');
  secret = await register(page, hookUrl(), 'Order system');
  const card = hooks.getByRole('article', { name: hookUrl() });
  await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(card).toContainText('Events: Delivered');
  await expect(card).toContainText('Order system');

  // 3. A test event: delivered, signed with the secret the page showed; its attempt appears without a reload.
  await card.getByRole('button', { name: 'Send test event' }).click();
  await expect.poll(() => testDeliveries().length, { timeout: 15_000 }).toBe(1);
  const first = testDeliveries()[0]!;
  const payload = new Webhook(secret).verify(first.body, first.headers) as { type: string };
  expect(payload.type).toBe('webhook.test');
  const messages = card.getByRole('region', { name: `Messages to ${hookUrl()}` });
  const row = messages.getByRole('row', { name: /Test event/ }).first();
  await expect(row).toContainText('Delivered');
  await row.getByRole('button', { name: 'Attempts' }).click();
  const attempts = card.getByRole('table', { name: /^Attempts of Test event/ });
  await expect(attempts.getByRole('row')).toHaveCount(2);
  const attempt = attempts.getByRole('row').nth(1);
  await expect(attempt.getByRole('cell').nth(1)).toHaveText('200');
  await expect(attempt).toContainText('ok from the test receiver');
  await expect(attempt).toContainText(/\d+ ms/);

  // 4. Replay: the same webhook-id and body again, signed; a second attempt appears in the list.
  await row.getByRole('button', { name: /^Replay Test event/ }).click();
  await expect.poll(() => testDeliveries().length, { timeout: 15_000 }).toBe(2);
  const second = testDeliveries()[1]!;
  expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
  expect(second.body).toBe(first.body);
  expect((new Webhook(secret).verify(second.body, second.headers) as { type: string }).type).toBe('webhook.test');
  await expect(attempts.getByRole('row')).toHaveCount(3);
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');

  await expectNoSeriousViolations(page, 'Integrations tab at 1280 px');
  await page.screenshot({ path: join(screenshots, 'integrations-1280.png'), fullPage: true });

  // 5. After a reload neither the key nor the secret is anywhere on the page or in the browser's storage.
  await page.reload();
  await expect(keys.getByRole('region', { name: 'Every API key' }).getByRole('row', { name: new RegExp(keyName) })).toBeVisible();
  await expect(hooks.getByRole('article', { name: hookUrl() })).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(apiKey);
  expect(html).not.toContain(secret);
  expect(html).not.toMatch(/whsec_/);
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
  expect(stored).not.toContain(apiKey);
  expect(stored).not.toContain(secret);
});

test('at 375 px: no page-wide scroll; rotation, a 410 that disables an endpoint, Enable again, revoke and delete', async ({ page, request, token }) => {
  expect(secret, 'the first test registered an endpoint').not.toBe('');
  await page.setViewportSize({ width: 375, height: 812 });
  await openTab(page, token);
  const hooks = page.getByRole('region', { name: 'Webhook endpoints' });
  const card = hooks.getByRole('article', { name: hookUrl() });
  await card.getByRole('button', { name: 'Deliveries' }).click();
  const row = card.getByRole('region', { name: `Messages to ${hookUrl()}` }).getByRole('row', { name: /Test event/ }).first();
  await row.getByRole('button', { name: 'Attempts' }).click();
  await expect(card.getByRole('table', { name: /^Attempts of Test event/ })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'Integrations tab at 375 px');
  await expectNoSeriousViolations(page, 'Integrations tab at 375 px');
  await page.screenshot({ path: join(screenshots, 'integrations-375.png'), fullPage: true });

  // Replay every message since a time before the test event: it goes out once more, with the same webhook-id.
  const before = testDeliveries().length;
  const since = new Date(Date.now() - 10 * 60_000);
  const local = new Date(since.getTime() - since.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await card.getByLabel('Replay every message since', { exact: true }).fill(local);
  await card.getByRole('button', { name: 'Replay every message since the time given' }).click();
  await expect(page.getByText(/^\d+ messages? queued again$/)).toBeVisible();
  await expect.poll(() => testDeliveries().length, { timeout: 15_000 }).toBe(before + 1);

  // Rotation: the new secret once, and until when the previous one signs too.
  await card.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = card.getByRole('textbox', { name: 'New signing secret' });
  await expect(rotated).toHaveValue(/^whsec_/);
  expect(await rotated.inputValue()).not.toBe(secret);
  await expect(card.getByText(/The previous secret keeps signing too until/)).toBeVisible();

  // An endpoint answering 410 Gone is disabled by the server, and the panel says so; Enable again brings it back.
  await register(page, goneUrl(), 'Retired system');
  const gone = hooks.getByRole('article', { name: goneUrl() });
  await gone.getByRole('button', { name: 'Send test event' }).click();
  const alert = gone.getByRole('alert');
  await expect(alert).toContainText('Disabled by the server', { timeout: 20_000 });
  await expect(alert).toContainText('The endpoint answered 410 Gone');
  await expect(gone.getByRole('button', { name: 'Send test event' })).toBeDisabled();
  await expectNoHorizontalOverflow(page, 'a disabled endpoint at 375 px');
  await page.screenshot({ path: join(screenshots, 'integrations-375-disabled.png'), fullPage: true });
  await alert.getByRole('button', { name: 'Enable again' }).click();
  await expect(gone.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(gone.getByRole('alert')).toHaveCount(0);

  // Delete asks first, then the endpoint is gone.
  await gone.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(gone).toHaveCount(0);

  // Revoke asks first; the key is refused from then on.
  const keys = page.getByRole('region', { name: 'API keys' });
  const keyRow = keys.getByRole('region', { name: 'Every API key' }).getByRole('row').filter({ hasText: apiKey.slice(0, 11) });
  await keyRow.getByRole('button', { name: /^Revoke the key/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(keyRow).toContainText('Revoked');
  await expect.poll(async () => (await request.get('/api/packages', { headers: bearer(apiKey) })).status(), { timeout: 10_000 }).toBe(401);
});
