import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../test.ts';
import { demoTrackingNumber } from '../fixtures.ts';

/** axe-core on every public page, at desktop width and at 375 px: no serious or critical violation. */

const BLOCKING = new Set(['serious', 'critical']);

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(blocking, `${label}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

/** Waits for the page's own content (not the loader) before judging it. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The configured contacts fill the footer; judge the page once they are in.
  await expect(page.getByRole('contentinfo').getByRole('region', { name: 'Contact Team' }).getByRole('link').first()).toBeVisible();
}

const STATIC_PAGES = [
  '/',
  '/schedule-pickup',
  '/help-center',
  '/help-center/contact',
  '/help-center/shipping-guide',
  '/help-center/claims',
  '/test-nav',
  '/no-such-page',
];

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '375 px', width: 375, height: 812 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of STATIC_PAGES) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await open(page, path);
        await expectNoSeriousViolations(page, path);
      });
    }

    test('/ with a package shown has no serious or critical violation', async ({ page, request }) => {
      const trackingNumber = await demoTrackingNumber(request, 'in_transit');
      await page.goto(`/?track=${encodeURIComponent(trackingNumber)}`);
      await expect(page.getByRole('main')).toContainText(trackingNumber);
      await expect(page.getByRole('main').getByText('Delivery Timeline').first()).toBeVisible();
      await expectNoSeriousViolations(page, `/?track=${trackingNumber}`);
    });

    test('the help center with every panel open, and the footer panels open', async ({ page }) => {
      await open(page, '/help-center');
      for (const title of ['Contact Us', 'Shipping Guide', 'Claims & Support']) {
        const control = page.getByRole('main').getByRole('button', { name: new RegExp(`^${title}`) });
        await control.click();
        await expect(control).toHaveAttribute('aria-expanded', 'true');
      }
      for (const name of ['Contact Us', 'Shipping Guide', 'Claims']) {
        await page.getByRole('contentinfo').getByRole('button', { name, exact: true }).click();
      }
      await expectNoSeriousViolations(page, '/help-center, panels open');
    });

    test('the pickup form showing its errors, then Pickup Scheduled!', async ({ page }) => {
      await open(page, '/schedule-pickup');
      await page.getByRole('button', { name: 'Schedule Pickup' }).click();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      await expectNoSeriousViolations(page, '/schedule-pickup, with errors');

      await page.getByLabel('Full Name').fill('Axe Checker');
      await page.getByLabel('Phone Number').fill('555 010 0199');
      await page.getByLabel('Email Address').fill('axe.checker@example.com');
      await page.getByLabel('Origin Address').fill('12 Harbor Rd, Portland, ME 04101');
      await page.getByLabel('Destination Address').fill('98 Lake St, Chicago, IL 60601');
      await page.getByLabel('Item Description').fill('One crate of tools, 60 lb');
      await page.getByRole('button', { name: 'Schedule Pickup' }).click();
      await expect(page.getByRole('heading', { name: 'Pickup Scheduled!' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: /^Send Email/ })).toBeVisible();
      // Judge the page with its toast shown: the toast renderer loads lazily, and its close button needs a name.
      await expect(page.getByRole('alert').filter({ hasText: "Your pickup request has been submitted. We'll contact you within 2 hours." })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Dismiss notification' })).toBeVisible();
      await expectNoSeriousViolations(page, '/schedule-pickup, Pickup Scheduled!');
    });
  });
}

test.describe('375 px overlays', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu and the Contact Support dialog', async ({ page }) => {
    await open(page, '/help-center');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expectNoSeriousViolations(page, 'mobile menu');

    await menu.getByRole('button', { name: 'Support' }).click();
    const support = page.getByRole('dialog', { name: 'Contact Support' });
    await expect(support.getByRole('link', { name: /^Send Email/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'Contact Support dialog');
  });
});
