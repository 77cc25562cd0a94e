import { inflateSync } from 'node:zlib';
import { PAYMENT_MSG, type ApiKeyCreated, type Collections, type DeliveryProof, type DriverCash, type Package, type PackageImport, type PackageLedger, type PaymentResult, type PickupRequest } from '@cargo/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, packageBody, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { multipart } from '../multipart.ts';
import { startSmtpSink, waitUntil, type SmtpSink } from '../support/mail-and-sms.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** The text a PDF shows: its content streams inflated, the hex strings of its TJ operators decoded (PDFKit's form). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const text = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const tj of text.matchAll(/\[(.*?)\]\s*TJ/g)) {
        out += [...tj[1]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
        out += '\n';
      }
    } catch {
      // an image stream, not text
    }
    re.lastIndex = end;
  }
  return out;
}

describeApi('payments (issue 32): the append-only ledger, collected before unloading', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  let other: DriverFixture;
  let receiver: WebhookReceiver;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await setupApp({
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_MS: '40', WEBHOOK_RETRY_SCHEDULE: '0,150', SMTP_URL: smtp.url, NOTIFY_POLL_MS: '0', PUBLIC_URL: 'http://cargo.test' },
    });
    receiver = await startWebhookReceiver('127.0.0.1');
    driver = await makeDriver(ctx);
    other = await makeDriver(ctx);
  });
  afterAll(async () => {
    await receiver?.close();
    await ctx?.close();
    await smtp?.close();
  });

  const pay = (ref: string, body: Record<string, unknown>, token: string | null = ctx.adminToken) => ctx.request({ method: 'POST', url: `/api/packages/${encodeURIComponent(ref)}/payments`, token, payload: body });
  const ledger = async (ref: string, token = ctx.adminToken) => {
    const res = await ctx.request({ method: 'GET', url: `/api/packages/${encodeURIComponent(ref)}/payments`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PackageLedger>();
  };
  const entriesOf = (packageId: string) => ctx.app.db.selectFrom('paymentEntries').selectAll().where('packageId', '=', packageId).orderBy('createdAt').execute();
  const complete = (ref: string, data: unknown, token = driver.token) => {
    const body = multipart(data, []);
    return ctx.request({ method: 'POST', url: `/api/packages/${encodeURIComponent(ref)}/outcomes`, token, payload: body.payload, headers: body.headers });
  };
  const now = () => new Date().toISOString();
  const key = async (scopes: string[]) => (await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name: unique('Shop '), scopes } })).json<ApiKeyCreated>();

  it('an amount due on create and edit is an entry of the ledger; the balance after many payments and a refund is exact', async () => {
    const pkg = await makePackage(ctx, { amountDue: 12_000 }, driver);
    expect(pkg.amountDue).toBe(12_000);
    // 0.10 + 0.20 paid ten times each in minor units: exactly 3.00, never 2.9999…
    for (let i = 0; i < 10; i++) {
      expect((await pay(pkg.id, { method: 'cash', amount: 10 })).statusCode).toBe(201);
      expect((await pay(pkg.id, { method: 'online', amount: '20', reference: `ORD-${i}` })).statusCode).toBe(201);
    }
    let money = await ledger(pkg.trackingNumber);
    expect(money).toMatchObject({ currency: 'USD', amountDue: 12_000, paid: 300, balance: 11_700, released: false });
    const refund = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/payments/adjustments`, token: ctx.adminToken, payload: { kind: 'refund', amount: 30, reason: 'Paid twice by mistake' } });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json<PaymentResult>().entry).toMatchObject({ kind: 'refund', amount: -30, reason: 'Paid twice by mistake' });
    money = await ledger(pkg.id);
    expect(money).toMatchObject({ paid: 270, balance: 11_730 });
    // Edit: the amount goes up by 0.05; a PUT that leaves the amount out keeps it.
    const edited = await ctx.request({ method: 'PUT', url: `/api/packages/${pkg.id}`, token: ctx.adminToken, payload: packageBody({ trackingNumber: pkg.trackingNumber, amountDue: 12_005, driverId: driver.id }) });
    expect(edited.statusCode, edited.body).toBe(200);
    const kept = await ctx.request({ method: 'PUT', url: `/api/packages/${pkg.id}`, token: ctx.adminToken, payload: packageBody({ trackingNumber: pkg.trackingNumber, driverId: driver.id }) });
    expect(kept.json<Package>().amountDue).toBe(12_005);
    money = await ledger(pkg.id);
    expect(money).toMatchObject({ amountDue: 12_005, paid: 270, balance: 11_735 });
    expect(money.entries.filter((e) => e.kind === 'due').map((e) => e.amount)).toEqual([12_000, 5]);
    // Every amount in the database is an integer.
    for (const row of await entriesOf(pkg.id)) expect(Number.isInteger(Number(row.amount))).toBe(true);
    // Audit: each payment and the refund, by the admin.
    const audit = await ctx.app.db.selectFrom('auditLog').select(['action', 'actorType']).where('objectId', '=', pkg.id).where('action', 'like', 'payment.%').execute();
    expect(audit.filter((a) => a.action === 'payment.recorded')).toHaveLength(20);
    expect(audit.filter((a) => a.action === 'payment.refunded')).toHaveLength(1);
    // Money never in the public view by tracking number.
    const pub = await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` });
    expect(pub.json()).not.toHaveProperty('amountDue');
    expect((await ctx.request({ method: 'GET', url: `/api/delivery-proof/${pkg.trackingNumber}` })).json<DeliveryProof>().payment).toBeNull();
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/payments` })).statusCode).toBe(401);
  });

  it('is append-only: no route edits or deletes an entry', async () => {
    const pkg = await makePackage(ctx, { amountDue: 500 });
    const entry = (await pay(pkg.id, { method: 'cash', amount: 500 })).json<PaymentResult>().entry;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/api/packages/${pkg.id}/payments/${entry.id}`, `/api/packages/${pkg.id}/payments`]) {
        const res = await ctx.request({ method, url, token: ctx.adminToken, payload: method === 'DELETE' ? undefined : { amount: 1 } });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    const routes = ctx.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/payments.*\((?:[^)]*)(PUT|PATCH|DELETE)/);
    expect((await entriesOf(pkg.id)).map((e) => [e.kind, Number(e.amount)])).toEqual([
      ['due', 500],
      ['payment', 500],
    ]);
  });

  it('two payments at once are both recorded; an offline replay with the same client id records once', async () => {
    const pkg = await makePackage(ctx, { amountDue: 10_000 }, driver);
    const [a, b] = await Promise.all([pay(pkg.id, { method: 'cash', amount: 1_000 }, driver.token), pay(pkg.id, { method: 'card', amount: 2_000, reference: 'T-1' }, driver.token)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((await ledger(pkg.id)).paid).toBe(3_000);
    const clientId = `offline-${unique()}`;
    const replays = await Promise.all([1, 2, 3].map(() => pay(pkg.id, { method: 'cash', amount: 500, clientId }, driver.token)));
    expect(replays.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const later = await pay(pkg.id, { method: 'cash', amount: 500, clientId }, driver.token);
    expect(later.statusCode).toBe(200);
    expect(later.json<PaymentResult>().duplicate).toBe(true);
    expect((await ledger(pkg.id)).paid).toBe(3_500);
    expect((await entriesOf(pkg.id)).filter((e) => e.clientId === clientId)).toHaveLength(1);
  });

  it("'delivered' with a balance is 409 with the reason; it succeeds after payment, or after a release", async () => {
    const pkg = await makePackage(ctx, { amountDue: 12_000, status: 'out_for_delivery' }, driver);
    const refused = await complete(pkg.id, { kind: 'delivered', recipientName: 'Olivia Martin', deviceTime: now() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Collect $120.00 before unloading');
    expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status: 'delivered' } })).statusCode).toBe(409);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'delivered', location: 'Door', description: 'x' } })).statusCode).toBe(409);
    // Left without a person: refused the same way. Attempted stays possible, with 'Could not pay'.
    expect((await complete(pkg.id, { kind: 'left', leftAt: 'front_door', deviceTime: now() })).statusCode).toBe(409);
    const attempt = await complete(pkg.id, { kind: 'attempted', reason: 'could_not_pay', deviceTime: now() });
    expect(attempt.statusCode, attempt.body).toBe(201);
    expect(attempt.json().outcome.reasonLabel).toBe('Could not pay');
    // Part payment at the door is not enough; the full balance with the outcome is (cash, recorded once on a resend).
    const short = await complete(pkg.id, { kind: 'delivered', recipientName: 'Olivia Martin', deviceTime: now(), payment: { method: 'cash', amount: 11_999 } });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain('$0.01');
    expect((await ledger(pkg.id)).paid).toBe(0);
    const clientId = `stop-${unique()}`;
    const done = await complete(pkg.id, { kind: 'delivered', recipientName: 'Olivia Martin', deviceTime: now(), clientId, payment: { method: 'cash', amount: 12_000 } });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().status).toBe('delivered');
    const again = await complete(pkg.id, { kind: 'delivered', recipientName: 'Olivia Martin', deviceTime: now(), clientId, payment: { method: 'cash', amount: 12_000 } });
    expect(again.statusCode).toBe(200);
    expect(await ledger(pkg.id)).toMatchObject({ paid: 12_000, balance: 0 });
    expect((await entriesOf(pkg.id)).filter((e) => e.kind === 'payment')).toHaveLength(1);

    // A release by dispatch lets another package go with its balance.
    const owed = await makePackage(ctx, { amountDue: 5_000, status: 'out_for_delivery' }, driver);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${owed.id}/payments/release`, token: driver.token, payload: { reason: 'Account customer' } })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${owed.id}/payments/release`, token: ctx.adminToken, payload: { reason: '' } })).statusCode).toBe(400);
    const release = await ctx.request({ method: 'POST', url: `/api/packages/${owed.id}/payments/release`, token: ctx.adminToken, payload: { reason: 'Account customer, invoiced monthly' } });
    expect(release.statusCode, release.body).toBe(201);
    expect(release.json<PaymentResult>().ledger).toMatchObject({ balance: 5_000, released: true });
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${owed.id}/payments/release`, token: ctx.adminToken, payload: { reason: 'Again' } })).statusCode).toBe(409);
    const delivered = await ctx.request({ method: 'PATCH', url: `/api/packages/${owed.id}/status`, token: driver.token, payload: { status: 'delivered' } });
    expect(delivered.statusCode, delivered.body).toBe(200);
  });

  it('roles and scopes: a driver on another driver’s package 403, a negative driver payment 400, ten times the balance at most; payments:write for a key', async () => {
    const pkg = await makePackage(ctx, { amountDue: 1_000 }, driver);
    expect((await pay(pkg.id, { method: 'cash', amount: 100 }, other.token)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/payments`, token: other.token })).statusCode).toBe(403);
    const negative = await pay(pkg.id, { method: 'cash', amount: -100 }, driver.token);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('refunds and corrections are made by dispatch');
    expect((await pay(pkg.id, { method: 'cash', amount: 10_001 }, driver.token)).statusCode).toBe(400);
    expect((await pay(pkg.id, { method: 'cash', amount: 10_000 }, driver.token)).statusCode).toBe(201);
    // Nothing owed now: a driver records nothing more.
    expect((await pay(pkg.id, { method: 'cash', amount: 1 }, driver.token)).statusCode).toBe(409);
    const pkg2 = await makePackage(ctx, { amountDue: 1_000 }, driver);
    expect((await pay(pkg2.id, { method: 'card', amount: 100 }, driver.token)).json().issues[0]).toEqual({ path: 'reference', message: "Enter the card terminal's reference" });
    expect((await pay(pkg2.id, { method: 'cash', amount: 1.5 })).statusCode).toBe(400);
    expect((await pay(pkg2.id, { method: 'cash', amount: 0 })).statusCode).toBe(400);
    expect((await pay(pkg2.id, { method: 'cheque', amount: 100 })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg2.id}/payments/adjustments`, token: driver.token, payload: { kind: 'refund', amount: 10, reason: 'x x x' } })).statusCode).toBe(403);
    // API keys: payments:write records a payment; packages:write does not; neither refunds.
    const shop = await key(['payments:write']);
    const writer = await key(['packages:write']);
    expect((await pay(pkg2.id, { method: 'online', amount: 400, reference: 'SHOP-1' }, shop.key)).statusCode).toBe(201);
    expect((await pay(pkg2.id, { method: 'online', amount: 400, reference: 'SHOP-2' }, writer.key)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg2.id}/payments/release`, token: shop.key, payload: { reason: 'Paid elsewhere' } })).statusCode).toBe(403);
    const money = await ledger(pkg2.id);
    expect(money.paid).toBe(400);
    expect(money.entries.at(-1)).toMatchObject({ kind: 'payment', method: 'online', reference: 'SHOP-1', actorType: 'integration' });
    // A key with packages:write sets an amount through the API; a bad amount is a 400 with the message.
    const created = await ctx.request({ method: 'POST', url: '/api/packages', token: writer.key, payload: packageBody({ amountDue: 2_500 }) });
    expect(created.json<Package>().amountDue).toBe(2_500);
    const bad = await ctx.request({ method: 'POST', url: '/api/packages', token: ctx.adminToken, payload: packageBody({ amountDue: 12.5 }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'amountDue', message: 'Enter an amount in the currency, such as 120.00' });
  });

  it('the payment.recorded webhook carries the amounts, verified with standardwebhooks', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/webhooks/endpoints', token: ctx.adminToken, payload: { url: `${receiver.url}/pay`, eventTypes: ['payment.recorded', 'payment.released'] } });
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json<{ secret: string }>();
    const pkg = await makePackage(ctx, { amountDue: 12_000 }, driver);
    expect((await pay(pkg.id, { method: 'card', amount: 7_000, reference: 'TERM-42' }, driver.token)).statusCode).toBe(201);
    const mine = () => receiver.received.filter((r) => r.path.endsWith('/pay') && JSON.parse(r.body).data.id === pkg.id);
    await waitUntil(() => mine().length >= 1, 8000, () => `${mine().length} webhook requests`);
    const request = mine()[0]!;
    const body = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> & { details: Record<string, unknown> } };
    expect(body.type).toBe('payment.recorded');
    expect(body.data.amountDue).toBe(12_000);
    expect(body.data.details).toMatchObject({ kind: 'payment', method: 'card', amount: 7_000, reference: 'TERM-42', currency: 'USD', amountDue: 12_000, paid: 7_000, balance: 5_000 });
  });

  it('the receipt PDF lists the amount due, each payment and the balance; the customer link shows the balance and how to pay', async () => {
    const pkg = await makePackage(ctx, { amountDue: 12_000, status: 'out_for_delivery' }, driver);
    const link = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 2, kind: 'customer' } });
    const token = link.json<{ token: string }>().token;
    const view = (await ctx.request({ method: 'GET', url: `/api/delivery-proof/${token}` })).json<DeliveryProof>();
    expect(view.payment).toMatchObject({ currency: 'USD', amountDue: 12_000, paid: 0, balance: 12_000, released: false, howToPay: expect.stringContaining('Pay the driver') });
    await pay(pkg.id, { method: 'card', amount: 2_000, reference: 'TERM-7' }, driver.token);
    const done = await complete(pkg.id, { kind: 'delivered', recipientName: 'Olivia Martin', deviceTime: now(), payment: { method: 'cash', amount: 10_000 } });
    expect(done.statusCode, done.body).toBe(201);
    const res = await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/proof-receipt`, token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Amount due: ');
    expect(text).toContain('$120.00');
    expect(text).toMatch(/Card on delivery, ref\. TERM-7\): \$20\.00/);
    expect(text).toMatch(/Payment \(Cash\): \$100\.00/);
    expect(text).toContain('Balance: ');
    expect(text).toContain('$0.00');
  });

  it('collections: a driver’s cash, card apart, a short hand-over flagged, still owing and released; the driver sees cash in hand; CSV', async () => {
    const d = await makeDriver(ctx);
    const a = await makePackage(ctx, { amountDue: 12_000, status: 'out_for_delivery' }, d);
    const b = await makePackage(ctx, { amountDue: 3_000 }, d);
    const c = await makePackage(ctx, { amountDue: 4_000, status: 'out_for_delivery' }, d);
    const owing = await makePackage(ctx, { amountDue: 999 }, d);
    expect((await complete(a.id, { kind: 'delivered', recipientName: 'A B', deviceTime: now(), payment: { method: 'cash', amount: 12_000 } }, d.token)).statusCode).toBe(201);
    expect((await pay(b.id, { method: 'card', amount: 3_000, reference: 'T-9' }, d.token)).statusCode).toBe(201);
    await ctx.request({ method: 'POST', url: `/api/packages/${c.id}/payments/release`, token: ctx.adminToken, payload: { reason: 'Paid elsewhere' } });
    expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${c.id}/status`, token: d.token, payload: { status: 'delivered' } })).statusCode).toBe(200);
    const day = (await entriesOf(a.id)).find((e) => e.kind === 'payment')!.localDay;
    const handover = await ctx.request({ method: 'POST', url: '/api/collections/handovers', token: ctx.adminToken, payload: { driverId: d.id, day, amount: 11_000 } });
    expect(handover.statusCode, handover.body).toBe(201);
    const res = await ctx.request({ method: 'GET', url: `/api/collections?day=${day}&driverId=${d.id}`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json<Collections>().drivers.find((x) => x.driverId === d.id)!;
    expect(mine).toMatchObject({ cash: 12_000, card: 3_000, other: 0, handedOver: 11_000, difference: -1_000, shortfall: true });
    expect(mine.deliveredWithRelease.map((p) => p.trackingNumber)).toEqual([c.trackingNumber]);
    expect(mine.stillOwing.map((p) => [p.trackingNumber, p.balance])).toEqual([[owing.trackingNumber, 999]]);
    const cash = await ctx.request({ method: 'GET', url: '/api/drivers/me/cash', token: d.token });
    expect(cash.json<DriverCash>()).toMatchObject({ cash: 12_000, handedOver: 11_000, inHand: 1_000 });
    expect((await ctx.request({ method: 'GET', url: `/api/collections?day=${day}`, token: d.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/collections?day=yesterday', token: ctx.adminToken })).statusCode).toBe(400);
    const csv = await ctx.request({ method: 'GET', url: `/api/exports/collections?day=${day}&driverId=${d.id}`, token: ctx.adminToken });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"${d.name}",120.00,30.00,0.00,110.00,-10.00,"yes","${c.trackingNumber}","${owing.trackingNumber} 9.99"`);
  });

  it("the balance_due merge field: 'Still to pay $100.00' after a payment, 'Please have $120.00 ready' on the way", async () => {
    await ctx.request({ method: 'PUT', url: '/api/notifications/templates/package.out_for_delivery/email/customer', token: ctx.adminToken, payload: { enabled: true, subject: 'On its way', body: 'Please have {{ balance_due }} ready.' } });
    const defaults = await ctx.request({ method: 'GET', url: '/api/notifications/templates', token: ctx.adminToken });
    const recorded = defaults.json<Array<{ eventType: string; channel: string; audience: string; subject: string; body: string }>>().find((t) => t.eventType === 'payment.recorded' && t.channel === 'email' && t.audience === 'customer')!;
    expect((await ctx.request({ method: 'PUT', url: '/api/notifications/templates/payment.recorded/email/customer', token: ctx.adminToken, payload: { enabled: true, subject: recorded.subject, body: recorded.body } })).statusCode).toBe(200);
    const email = `${unique('owes')}@example.com`.toLowerCase();
    const pkg = await makePackage(ctx, { amountDue: 12_000, customerEmail: email }, driver);
    const out = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status: 'out_for_delivery' } });
    expect(out.statusCode, out.body).toBe(200);
    await ctx.app.notifications.processEvents(Date.now());
    expect((await pay(pkg.id, { method: 'card', amount: 2_000, reference: 'T-55' }, driver.token)).statusCode).toBe(201);
    await ctx.app.notifications.processEvents(Date.now());
    const bodies = async (type: string) => (await ctx.app.db.selectFrom('notificationMessages').select('body').where('packageId', '=', pkg.id).where('eventType', '=', type).execute()).map((m) => m.body);
    const onTheWay = await bodies('package.out_for_delivery');
    expect(onTheWay).toHaveLength(1);
    expect(onTheWay[0]).toMatch(/^Please have \$120\.00 ready\./);
    const [receipt] = await bodies('payment.recorded');
    expect(receipt).toContain('We received $20.00');
    expect(receipt).toContain('Still to pay: $100.00.');
    // Nothing owed: the field is empty and the template says so.
    expect((await pay(pkg.id, { method: 'cash', amount: 10_000 }, driver.token)).statusCode).toBe(201);
    await ctx.app.notifications.processEvents(Date.now());
    expect((await bodies('payment.recorded')).find((b) => b.includes('We received $100.00'))).toContain('Nothing more is owed.');
  });

  it("the CSV import's 'Amount Due' column (main unit) becomes the amount due and its ledger entry; more decimals than the currency has fail the row", async () => {
    const base = { customerName: 'Import Owes', customerPhone: '(312) 555-0100', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202' };
    const good = unique('IMPAY');
    const bad = unique('IMPAY');
    const rows = [
      { line: 2, values: { ...base, trackingNumber: good, amountDue: '$1,200.10' } },
      { line: 3, values: { ...base, trackingNumber: bad, amountDue: '12.345' } },
    ];
    const started = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { fileName: 'owes.csv', rows } });
    expect(started.statusCode, started.body).toBe(202);
    let job = started.json<PackageImport>();
    for (const end = Date.now() + 20_000; job.status !== 'done' && job.status !== 'failed'; ) {
      if (Date.now() > end) throw new Error(`import still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await ctx.request({ method: 'GET', url: `/api/package-imports/${job.id}`, token: ctx.adminToken })).json<PackageImport>();
    }
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 1 });
    const report = await ctx.request({ method: 'GET', url: `/api/package-imports/${job.id}/report`, token: ctx.adminToken });
    expect(report.body).toContain(PAYMENT_MSG.amountInvalid);
    const money = await ledger(good);
    expect(money).toMatchObject({ amountDue: 120_010, balance: 120_010 });
    expect(money.entries.map((e) => [e.kind, e.amount])).toEqual([['due', 120_010]]);
  });

  it('a pickup request becomes a package once, linked both ways and confirmed; the confirmation names the tracking number', async () => {
    await ctx.request({ method: 'PUT', url: '/api/notifications/templates/pickup_request.confirmed/email/customer', token: ctx.adminToken, payload: { enabled: true, subject: 'Your pickup request is confirmed', body: 'Confirmed. Tracking number {{ tracking_number }}: {{ tracking_link }}' } });
    const made = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: { customerName: 'Ada Lovelace', phone: '(312) 555-0199', email: 'ada@example.com', originAddress: '233 S Wacker Dr, Chicago, IL 60606', destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202', itemDescription: 'Two boxes of books', specialInstructions: 'Ring twice' } });
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json<PickupRequest>();
    const trackingNumber = unique('PU');
    const body = packageBody({ trackingNumber, customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', amountDue: 4_500 });
    const [first, second] = await Promise.all([
      ctx.request({ method: 'POST', url: `/api/pickup-requests/${request.id}/package`, token: ctx.adminToken, payload: body }),
      ctx.request({ method: 'POST', url: `/api/pickup-requests/${request.id}/package`, token: ctx.adminToken, payload: { ...body, trackingNumber: unique('PU') } }),
    ]);
    expect([first.statusCode, second.statusCode].sort(), `${first.body} ${second.body}`).toEqual([200, 201]);
    const ids = new Set([first.json().packageId, second.json().packageId]);
    expect(ids.size).toBe(1);
    const list = (await ctx.request({ method: 'GET', url: '/api/pickup-requests', token: ctx.adminToken })).json<PickupRequest[]>();
    const listed = list.find((r) => r.id === request.id)!;
    expect(listed).toMatchObject({ status: 'confirmed', packageId: [...ids][0] });
    const pkg = (await ctx.request({ method: 'GET', url: `/api/packages/${listed.packageId}`, token: ctx.adminToken })).json<Package>();
    expect(pkg).toMatchObject({ pickupRequestId: request.id, amountDue: 4_500, trackingNumber: listed.trackingNumber });
    expect(await ctx.app.db.selectFrom('packages').select('id').where('pickupRequestId', '=', request.id).execute()).toHaveLength(1);
    await ctx.app.notifications.processEvents(Date.now());
    const messages = await ctx.app.db.selectFrom('notificationMessages').selectAll().where('pickupRequestId', '=', request.id).where('eventType', '=', 'pickup_request.confirmed').execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain(`Tracking number ${pkg.trackingNumber}: http://cargo.test/?track=${pkg.trackingNumber}`);
    expect((await ctx.request({ method: 'POST', url: `/api/pickup-requests/nope/package`, token: ctx.adminToken, payload: body })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'POST', url: `/api/pickup-requests/${request.id}/package`, token: driver.token, payload: body })).statusCode).toBe(403);
  });
});

describeApi('payments in another currency (the CURRENCY setting, ISO 4217)', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  beforeAll(async () => {
    ctx = await setupApp({ env: { CURRENCY: 'JPY' } });
    driver = await makeDriver(ctx);
  });
  afterAll(async () => ctx?.close());

  it('amounts are whole yen (no minor digits), formatted with Intl.NumberFormat for JPY everywhere', async () => {
    const site = await ctx.request({ method: 'GET', url: '/api/config/site' });
    expect(site.json()).toMatchObject({ currency: 'JPY' });
    const pkg = await makePackage(ctx, { amountDue: 1_200, status: 'out_for_delivery' }, driver);
    const refused = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status: 'delivered' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`Collect ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(1200)} before unloading`);
    expect(refused.json().message).not.toContain('12.00');
    const paid = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/payments`, token: driver.token, payload: { method: 'cash', amount: 1_200 } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<PaymentResult>().ledger).toMatchObject({ currency: 'JPY', amountDue: 1_200, paid: 1_200, balance: 0 });
    // The import reads '1,500' as 1,500 yen; '15.5' has a decimal that yen do not have.
    const base = { customerName: 'Yen Owes', customerPhone: '(312) 555-0100', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202' };
    const dry = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { dryRun: true, rows: [{ line: 2, values: { ...base, trackingNumber: unique('YEN'), amountDue: '1,500' } }, { line: 3, values: { ...base, trackingNumber: unique('YEN'), amountDue: '15.5' } }] } });
    expect(dry.json()).toMatchObject({ created: 1, failed: 1 });
  });
});
