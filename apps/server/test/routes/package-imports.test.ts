import { DEFAULT_SERVICE_TYPE, ERR, IMPORT_FIELD_LABELS, IMPORT_FIELDS, IMPORT_MSG, IMPORT_ROW_LIMIT, MSG, type ImportRow, type PackageImport } from '@cargo/shared';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { IMPORT_STALE_MS } from '../../src/services/package-import/package-import.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { HYPERLINK_CELL, importFile, type ImportFile } from '../support/import-file.ts';

/** Splits a CSV body (RFC 4180: quoted cells, doubled quotes, CRLF records) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

describeApi('CSV import of packages (admin)', { timeout: 240_000 }, () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  const tag = unique('IMP');
  let file: ImportFile;

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
    file = importFile(tag);
  });
  afterAll(async () => ctx?.close());

  const post = (payload: unknown, token: string | null = ctx.adminToken) => ctx.request({ method: 'POST', url: '/api/package-imports', payload: payload as object, token });

  /** Polls the import as the panel does until it has finished. */
  async function finished(id: string): Promise<PackageImport> {
    const deadline = Date.now() + 200_000;
    for (;;) {
      const res = await ctx.request({ method: 'GET', url: `/api/package-imports/${id}`, token: ctx.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json() as PackageImport;
      expect(job.processed).toBeLessThanOrEqual(job.total);
      if (job.status === 'done' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`import still ${job.status} at ${job.processed}/${job.total}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const countTagged = async (q: string) => {
    const res = await ctx.request({ method: 'GET', url: `/api/packages?q=${encodeURIComponent(q)}&limit=1`, token: ctx.adminToken });
    return Number(res.headers['x-total-count']);
  };

  it('a dry run of the 10,000-row file counts 9,963 to create and the 37 bad rows with their messages, and writes nothing', async () => {
    const res = await post({ fileName: 'packages.csv', dryRun: true, rows: file.rows });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: true, total: 10_000, created: 9_963, updated: 0, skipped: 0, failed: 37 });
    expect(body.problems).toHaveLength(37);
    for (const problem of body.problems) expect(problem.message).toBe(file.bad.get(problem.line));
    expect(await countTagged(tag)).toBe(0);
  });

  it('imports the 10,000-row file in the background: 9,963 created, the 37 reported with the spec’s messages', async () => {
    const res = await post({ fileName: 'packages.csv', mode: 'skip', rows: file.rows });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as PackageImport;
    expect(queued).toMatchObject({ fileName: 'packages.csv', mode: 'skip', total: 10_000 });
    expect(['queued', 'running']).toContain(queued.status);

    const job = await finished(queued.id);
    expect(job).toMatchObject({ status: 'done', total: 10_000, processed: 10_000, created: 9_963, updated: 0, skipped: 0, failed: 37, error: null });
    expect(await countTagged(tag)).toBe(9_963);

    // An imported package is the same as a typed one: geocoded points, its first history entry, its outbox event.
    const some = file.rows[10]!.values;
    const pkg = (await ctx.request({ method: 'GET', url: `/api/packages/${some.trackingNumber}`, token: ctx.adminToken })).json();
    expect(pkg).toMatchObject({ customerName: some.customerName, status: 'processing', serviceType: DEFAULT_SERVICE_TYPE });
    expect(pkg.deliveryLat).toEqual(expect.any(Number));
    expect(pkg.pickupLng).toEqual(expect.any(Number));
    const history = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/history`, token: ctx.adminToken })).json();
    expect(history.map((h: { description: string }) => h.description)).toEqual(['Package created']);
    const events = await ctx.app.repos.events.forSubject('package', pkg.id);
    expect(events.map((e) => e.type)).toEqual(['package.created']);

    // The report: every line, the 37 with their messages, the formula cell neutralised.
    const report = await ctx.request({ method: 'GET', url: `/api/package-imports/${job.id}/report`, token: ctx.adminToken });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toMatch(/^attachment; filename="import-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = parseCsv(report.body);
    expect(header).toEqual(['Row', 'Result', 'Error', ...IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f])]);
    expect(lines).toHaveLength(10_000);
    const failed = lines.filter((l) => l[1] === 'Failed');
    expect(failed).toHaveLength(37);
    for (const l of failed) expect(l[2]).toBe(file.bad.get(Number(l[0])));
    expect(lines.filter((l) => l[1] === 'Created')).toHaveLength(9_963);
    const customerCol = header!.indexOf('Customer Name');
    const hyperlinkLine = lines.find((l) => l[0] === '5')!;
    expect(hyperlinkLine[customerCol]).toBe(`'${HYPERLINK_CELL}`);
    expect(report.body).not.toContain(`"${HYPERLINK_CELL.replace(/"/g, '""')}"`);
  });

  it('the same file again creates nothing: the 9,963 are skipped as existing, the 37 reported again', async () => {
    const res = await post({ fileName: 'packages.csv', mode: 'skip', rows: file.rows });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(res.json().id);
    expect(job).toMatchObject({ status: 'done', created: 0, updated: 0, skipped: 9_963, failed: 37 });
    expect(await countTagged(tag)).toBe(9_963);
    const report = parseCsv((await ctx.request({ method: 'GET', url: `/api/package-imports/${job.id}/report`, token: ctx.adminToken })).body);
    const skipped = report.filter((l) => l[1] === 'Skipped');
    expect(skipped).toHaveLength(9_963);
    expect(new Set(skipped.map((l) => l[2]))).toEqual(new Set([ERR.trackingTaken]));
  });

  it("update mode changes an existing package's fields through the service (history, events) and keeps what the file leaves blank", async () => {
    const existing = await makePackage(ctx, { trackingNumber: `U-${tag}`, weight: '12 lbs', status: 'processing' }, driver);
    const rows: ImportRow[] = [
      { line: 2, values: { trackingNumber: `U-${tag}`, status: 'in_transit', customerName: 'Renamed Customer', customerPhone: '(414) 555-0100', pickupAddress: existing.pickupAddress, deliveryAddress: '350 5th Ave, New York, NY 10118' } },
      { line: 3, values: { trackingNumber: `NEW-${tag}`, customerName: 'New Customer', customerPhone: '(414) 555-0101', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '600 Congress Ave, Austin, TX 78701' } },
    ];
    const dry = await post({ mode: 'update', dryRun: true, rows });
    expect(dry.json()).toMatchObject({ total: 2, created: 1, updated: 1, skipped: 0, failed: 0 });

    const job = await finished((await post({ fileName: 'updates.csv', mode: 'update', rows })).json().id);
    expect(job).toMatchObject({ status: 'done', created: 1, updated: 1, skipped: 0, failed: 0 });
    const after = (await ctx.request({ method: 'GET', url: `/api/packages/${existing.id}`, token: ctx.adminToken })).json();
    expect(after).toMatchObject({ id: existing.id, status: 'in_transit', customerName: 'Renamed Customer', deliveryAddress: '350 5th Ave, New York, NY 10118', weight: '12 lbs', driverId: driver.id });
    expect(after.deliveryLat).not.toBe(existing.deliveryLat);
    const history = (await ctx.request({ method: 'GET', url: `/api/packages/${existing.id}/history`, token: ctx.adminToken })).json();
    expect(history.map((h: { description: string }) => h.description)).toContain('Status changed to In Transit');
    const events = await ctx.app.repos.events.forSubject('package', existing.id);
    expect(events.map((e) => e.type)).toEqual(['package.created', 'package.in_transit']);
  });

  it('a dry run writes nothing, even for rows that would update', async () => {
    const before = await countTagged(tag);
    const existing = file.rows[20]!.values;
    const res = await post({ mode: 'update', dryRun: true, rows: [{ line: 2, values: { ...existing, customerName: 'Changed By Dry Run' } }] });
    expect(res.json()).toMatchObject({ total: 1, updated: 1, problems: [] });
    const pkg = (await ctx.request({ method: 'GET', url: `/api/packages/${existing.trackingNumber}`, token: ctx.adminToken })).json();
    expect(pkg.customerName).toBe(existing.customerName);
    expect(await countTagged(tag)).toBe(before);
  });

  it('bad requests are 4xx with their messages and start nothing', async () => {
    const one: ImportRow = { line: 2, values: { trackingNumber: `B-${tag}`, customerName: 'A', customerPhone: '1', pickupAddress: 'a', deliveryAddress: 'b' } };
    const empty = await post({ rows: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(IMPORT_MSG.noRows);

    const tooMany = await post({ rows: Array.from({ length: IMPORT_ROW_LIMIT + 1 }, (_, i) => ({ line: i + 2, values: {} })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(IMPORT_MSG.tooManyRows);

    const mode = await post({ mode: 'merge', rows: [one] });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().message).toBe(IMPORT_MSG.modeInvalid);

    const unknownField = await post({ rows: [{ line: 2, values: { ...one.values, secret: 'x' } }] });
    expect(unknownField.statusCode).toBe(400);

    const notText = await post({ rows: [{ line: 2, values: { ...one.values, weight: 5 } }] });
    expect(notText.statusCode).toBe(400);

    const csvBody = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, headers: { 'content-type': 'text/csv' }, payload: 'Tracking Number\nX1\n' });
    expect(csvBody.statusCode).toBe(415);

    const huge = await ctx.request({
      method: 'POST',
      url: '/api/package-imports',
      token: ctx.adminToken,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ rows: [{ line: 2, values: { itemDescription: 'x'.repeat(9_000) } }], pad: 'y'.repeat(17 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(ERR.bodyTooLarge);

    expect(await countTagged(`B-${tag}`)).toBe(0);

    const missing = await ctx.request({ method: 'GET', url: '/api/package-imports/no-such-import', token: ctx.adminToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(IMPORT_MSG.importNotFound);
  });

  it('only an admin may import, read an import or its report, or download the template', async () => {
    const row: ImportRow = { line: 2, values: { trackingNumber: `R-${tag}`, customerName: 'Role Test', customerPhone: '(312) 555-0100', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202' } };
    expect((await post({ rows: [row] }, null)).statusCode).toBe(401);
    expect((await post({ rows: [row] }, driver.token)).statusCode).toBe(403);
    expect((await post({ rows: [row], dryRun: true }, driver.token)).statusCode).toBe(403);
    const job = await finished((await post({ rows: [row] })).json().id);
    expect(job.created).toBe(1);
    for (const url of [`/api/package-imports/${job.id}`, `/api/package-imports/${job.id}/report`, '/api/package-imports/template']) {
      expect((await ctx.request({ method: 'GET', url, token: null })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'GET', url, token: driver.token })).statusCode).toBe(403);
    }
  });

  it('an import a dead process left running is shown as failed once it has not moved for two minutes', async () => {
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const row = { fileName: 'cut-off.csv', mode: 'skip', status: 'running', total: 10, error: null, createdBy: 'admin:x', createdAt: at(600_000), finishedAt: null };
    const dead = unique('dead');
    const alive = unique('alive');
    await ctx.app.repos.packageImports.insert({ ...row, id: dead, updatedAt: at(IMPORT_STALE_MS + 5_000) });
    await ctx.app.repos.packageImports.insert({ ...row, id: alive, updatedAt: at(30_000) });
    const read = async (id: string) => (await ctx.request({ method: 'GET', url: `/api/package-imports/${id}`, token: ctx.adminToken })).json();
    expect(await read(dead)).toMatchObject({ status: 'failed', error: IMPORT_MSG.interrupted, finishedAt: expect.any(String) });
    expect(await read(alive)).toMatchObject({ status: 'running', error: null });
  });

  it('the template has the headings the import recognises and an example row that imports cleanly', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/package-imports/template', token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="package-import-template.csv"');
    const [header, example] = parseCsv(res.body);
    expect(header).toEqual(IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]));
    const values = Object.fromEntries(IMPORT_FIELDS.map((f, i) => [f, example![i]!]));
    const dry = await post({ dryRun: true, rows: [{ line: 2, values }] });
    expect(dry.json()).toMatchObject({ total: 1, failed: 0 });
  });

  it('a row that the spec would refuse on the Create tab gives the same message here', async () => {
    const res = await post({ dryRun: true, rows: [{ line: 7, values: { trackingNumber: `M-${tag}`, customerPhone: '(312) 555-0100', pickupAddress: 'x', deliveryAddress: 'y', customerEmail: 'nope' } }] });
    expect(res.json().problems).toEqual([{ line: 7, trackingNumber: `M-${tag}`, outcome: 'failed', message: `${MSG.customerNameRequired}; ${MSG.invalidEmail}` }]);
  });

  it("a customer phone that is no phone number ('call me') fails its row by the shared phone rule; a national one passes", async () => {
    const base = { customerName: 'Phone Rule', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202' };
    const rows = [
      { line: 2, values: { ...base, trackingNumber: `PH1-${tag}`, customerPhone: 'call me' } },
      { line: 3, values: { ...base, trackingNumber: `PH2-${tag}`, customerPhone: '312.555.0177' } },
    ];
    const res = await post({ dryRun: true, rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, failed: 1 });
    expect(res.json().problems).toEqual([{ line: 2, trackingNumber: `PH1-${tag}`, outcome: 'failed', message: MSG.phoneInvalid }]);
  });
});

describeApi('CSV import: a batch that fails is written row by row', () => {
  let ctx: TestContext;
  let server: Server;
  let release: () => void = () => {};
  let asked: () => void = () => {};
  const askedForRace = new Promise<void>((resolve) => (asked = resolve));

  beforeAll(async () => {
    // A fake Nominatim on 127.0.0.1 (the one allowed fake, for an external service): it holds its answer for the
    // 'Race' address until the test has created a package with one of the batch's tracking numbers.
    server = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
      const answer = () => res.setHeader('content-type', 'application/json').end(JSON.stringify([{ lat: '41.9', lon: '-87.6', display_name: q }]));
      if (q.includes('Race')) {
        release = answer;
        asked();
      } else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx = await setupApp({ env: { GEOCODER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` } });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('a tracking number taken while the batch was prepared fails that row alone; the others are created whole', async () => {
    const tag = unique('RACE');
    const at = { pickupLat: '41.88', pickupLng: '-87.64', deliveryLat: '43.05', deliveryLng: '-87.9' };
    const base = { customerName: 'Race Customer', customerPhone: '(312) 555-0100', pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202' };
    const rows: ImportRow[] = [
      { line: 2, values: { ...base, ...at, trackingNumber: `${tag}-1` } },
      { line: 3, values: { ...base, ...at, trackingNumber: `${tag}-2` } },
      // Geocoded through the provider, which holds its answer.
      { line: 4, values: { ...base, pickupLat: '41.88', pickupLng: '-87.64', deliveryAddress: '1 Race Track Rd, Chicago, IL 60606', trackingNumber: `${tag}-3` } },
    ];
    const started = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { rows } });
    expect(started.statusCode, started.body).toBe(202);
    await askedForRace;
    // Meanwhile someone types a package with the second row's tracking number.
    await makePackage(ctx, { trackingNumber: `${tag}-2`, customerName: 'Typed First', pickupLat: 1, pickupLng: 1, deliveryLat: 1, deliveryLng: 1 });
    release();
    await ctx.app.packageImports.idle();

    const job = (await ctx.request({ method: 'GET', url: `/api/package-imports/${started.json().id}`, token: ctx.adminToken })).json();
    expect(job).toMatchObject({ status: 'done', created: 2, failed: 1, processed: 3 });
    const report = (await ctx.request({ method: 'GET', url: `/api/package-imports/${job.id}/report`, token: ctx.adminToken })).body;
    const lines = parseCsv(report).slice(1).map((l) => l.slice(0, 3));
    expect(lines).toEqual([
      ['2', 'Created', ''],
      ['3', 'Failed', ERR.trackingTaken],
      ['4', 'Created', ''],
    ]);
    // The typed package is untouched, and each created one is whole: one history entry, one event, its points.
    const typed = (await ctx.request({ method: 'GET', url: `/api/packages/${tag}-2`, token: ctx.adminToken })).json();
    expect(typed.customerName).toBe('Typed First');
    for (const n of [1, 3]) {
      const pkg = (await ctx.request({ method: 'GET', url: `/api/packages/${tag}-${n}`, token: ctx.adminToken })).json();
      expect((await ctx.app.repos.events.forSubject('package', pkg.id)).map((e) => e.type)).toEqual(['package.created']);
      expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/history`, token: ctx.adminToken })).json()).toHaveLength(1);
      const points = await ctx.app.db.selectFrom('locationsAll').select('type').where('packageId', '=', pkg.id).orderBy('type').execute();
      expect(points.map((p) => p.type)).toEqual(['destination', 'origin']);
    }
  });
});

describeApi('CSV import: a shutdown in the middle', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  it('stops after the batch being written: the import is failed with the restart message, and what it counted is what exists', async () => {
    const tag = unique('STOP');
    const file = importFile(tag, 4_000);
    const started = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { rows: file.rows } });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;
    const read = async () => (await ctx.request({ method: 'GET', url: `/api/package-imports/${id}`, token: ctx.adminToken })).json() as PackageImport;
    while ((await read()).processed === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    await ctx.app.packageImports.stop();
    const job = await read();
    expect(job).toMatchObject({ status: 'failed', error: IMPORT_MSG.interrupted, finishedAt: expect.any(String) });
    expect(job.processed).toBeGreaterThan(0);
    expect(job.processed).toBeLessThan(4_000);
    // Whole batches only: every package the import counted exists with its line in the report, and no other.
    const stored = Number((await ctx.request({ method: 'GET', url: `/api/packages?q=${tag}&limit=1`, token: ctx.adminToken })).headers['x-total-count']);
    expect(stored).toBe(job.created);
    const report = parseCsv((await ctx.request({ method: 'GET', url: `/api/package-imports/${id}/report`, token: ctx.adminToken })).body).slice(1);
    expect(report).toHaveLength(job.processed);
    expect(report.filter((l) => l[1] === 'Created')).toHaveLength(job.created);
  });
});
