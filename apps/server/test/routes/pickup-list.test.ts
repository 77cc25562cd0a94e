import { pickupRequestSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/** The admin's pickup request list asks the server: search, status and pages (issue 20). */
describeApi('GET /api/pickup-requests: search, status, pages', () => {
  let ctx: TestContext;
  const tag = unique('PK').toLowerCase();

  beforeAll(async () => {
    ctx = await setupApp();
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/schedule-pickup',
        payload: {
          customerName: `Customer ${i} ${tag}`,
          phone: '(312) 555-0190',
          email: `c${i}@example.com`,
          originAddress: '233 S Wacker Dr, Chicago, IL 60606',
          destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
          itemDescription: 'Two boxes of books',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      if (i === 0) await ctx.request({ method: 'PATCH', url: `/api/pickup-requests/${res.json().id}/status`, token: ctx.adminToken, payload: { status: 'confirmed' } });
      // Newest first is by the time of the request, to the millisecond: two made in the same one have no order.
      await new Promise((r) => setTimeout(r, 3));
    }
  });
  afterAll(async () => ctx?.close());

  const list = async (query: string) => {
    const res = await ctx.request({ method: 'GET', url: `/api/pickup-requests?${query}`, token: ctx.adminToken });
    return { res, rows: res.statusCode === 200 ? z.array(pickupRequestSchema).parse(res.json()) : [], total: Number(res.headers['x-total-count']) };
  };

  it('answers every request without parameters, as before, with the total', async () => {
    const all = await list('');
    expect(all.rows.length).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it('searches, filters by status and pages newest first', async () => {
    const page = await list(`q=${tag}&limit=2&offset=1`);
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.customerName)).toEqual([`Customer 3 ${tag}`, `Customer 2 ${tag}`]);
    const confirmed = await list(`q=${tag}&status=confirmed`);
    expect(confirmed.rows.map((r) => r.customerName)).toEqual([`Customer 0 ${tag}`]);
  });

  it('refuses bad parameters with 400', async () => {
    expect((await list('status=lost')).res.statusCode).toBe(400);
    expect((await list('limit=0')).res.statusCode).toBe(400);
    expect((await list('limit=501')).res.statusCode).toBe(400);
  });
});
