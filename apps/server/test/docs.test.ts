import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_TABLE } from '../src/auth/role-table.ts';
import { describeApi, setupApp, type TestContext } from './helper.ts';

describeApi('OpenAPI document', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  it('documents every API route of the role table from the same schemas', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const missing = Object.keys(ROLE_TABLE).filter((key) => key !== 'GET /ws' && !documented.has(key));
    expect(missing).toEqual([]);
    // A request body carries the spec's constraints, e.g. the pickup form's minimum lengths.
    const pickup = doc.paths['/api/schedule-pickup'].post.requestBody.content['application/json'].schema;
    expect(pickup.properties.originAddress.minLength).toBe(10);
  });
});
