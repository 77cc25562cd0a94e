import { expect, test } from '../test.ts';

test('the home page shows the header, the footer and the tracking search', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: /track package/i }).first()).toBeVisible();
});

test('an unknown address shows 404 Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the API documentation is served at /api/docs', async ({ page, request }) => {
  const spec = await request.get('/api/docs/json');
  expect(spec.ok()).toBeTruthy();
  const doc = await spec.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/packages/{id}', '/api/auth/login', '/api/schedule-pickup']));
  await page.goto('/api/docs');
  await expect(page.locator('#swagger-ui')).toBeVisible();
});
