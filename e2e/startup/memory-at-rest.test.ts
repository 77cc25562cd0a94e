import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoginResponse, Package } from '@cargo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, samplePackage, startServer, type ServerProcess } from './server-process.ts';

/** What only rare paths use: imported when first used, never by an idle server (issue 31: memory at rest). */
const RARE = ['sharp', 'pdfkit', 'liquidjs', '@aws-sdk/client-s3', 'nodemailer', 'ioredis'];

/**
 * The built server on a fresh SQLite database, every module it loads written down (module-trace.mjs): at rest it has
 * loaded none of the rare paths' packages, and a rare path run through the built bundle loads its package then and
 * answers as before.
 */
describe('memory at rest: the built server loads what rare paths use when they are first used', () => {
  let dir: string;
  let traceFile: string;
  let server: ServerProcess;
  const loaded = (name: string): boolean => existsSync(traceFile) && readFileSync(traceFile, 'utf8').includes(`/node_modules/${name}/`);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cargo-at-rest-'));
    traceFile = join(dir, 'modules.txt');
    server = await startServer(`sqlite://${join(dir, 'cargo.db')}`, dir, {
      NODE_OPTIONS: `--import ${pathToFileURL(join(import.meta.dirname, 'module-trace.mjs')).href}`,
      MODULE_TRACE_FILE: traceFile,
    });
  }, 60_000);

  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('has loaded none of them once started and idle', async () => {
    // The start's work after the first answer (the page renderer loads in the background) is done by then.
    await new Promise((r) => setTimeout(r, 1500));
    const trace = readFileSync(traceFile, 'utf8');
    // The trace is real: it saw the server's own bundle and the packages every request uses.
    expect(trace).toContain('/apps/server/dist/server.js');
    expect(trace).toContain('/node_modules/fastify/');
    expect(RARE.filter(loaded)).toEqual([]);
  });

  it('loads the template engine and PDFKit on their first use, and they answer as before', async () => {
    const admin = (await api<LoginResponse>(server.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    const broken = await api<{ message: string; issues: Array<{ path: string; message: string }> }>(
      server.base,
      'PUT',
      '/api/notifications/templates/package.delivered/sms/customer',
      { enabled: true, subject: null, body: 'Delivered {{ trackingNumber ' },
      admin,
    );
    expect(broken.status).toBe(400);
    expect(broken.body.issues[0]).toMatchObject({ path: 'body', message: expect.stringMatching(/^Template error: /) });
    expect(loaded('liquidjs')).toBe(true);

    const created = await api<Package>(server.base, 'POST', '/api/packages', samplePackage({ trackingNumber: 'RARE0001' }), admin);
    expect(created.status).toBe(201);
    const receipt = await fetch(`${server.base}/api/packages/RARE0001/proof-receipt`, { headers: { authorization: `Bearer ${admin}` } });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await receipt.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(loaded('pdfkit')).toBe(true);
    // Still none of the others.
    expect(RARE.filter(loaded)).toEqual(['pdfkit', 'liquidjs']);
  });
});
