import { expect, test, type Locator, type Page } from '../test.ts';
import { siteConfig, telHref, type SiteContacts } from '../fixtures.ts';

/** The help center (spec §2 'Help center', 'Header and footer' panel texts), /test-nav and the 404 page. */

const HELP_PAGES = [
  { title: 'Contact Us', path: '/help-center/contact' },
  { title: 'Shipping Guide', path: '/help-center/shipping-guide' },
  { title: 'Claims & Support', path: '/help-center/claims' },
] as const;

const SHIPPING_GUIDE_TEXTS = [
  '7 AM - 7 PM',
  'must be available at pickup and delivery or give remote access',
  'dropped off with photo proof',
  'blanket wrapped, shrink-wrapped and strapped',
  'not removed from the cargo bay/truck until payment is fully released',
];

const main = (page: Page) => page.getByRole('main');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Both staff phones as tel: Call links, as configured. */
async function expectCallLinks(scope: Locator, config: SiteContacts) {
  for (const contact of [config.coordinator, config.manager]) {
    await expect(scope.getByRole('link', { name: new RegExp(`^Call .*${escapeRegExp(contact.phone)}`) })).toHaveAttribute(
      'href',
      telHref(contact.phone),
    );
  }
}

async function expectClaimsTexts(scope: Locator) {
  await expect(scope).toContainText('Handles delivery, scheduling and transport issues.');
  await expect(scope).toContainText('Handles claims, complaints and escalations.');
}

test('the help center accordion opens Contact Us, Shipping Guide and Claims & Support', async ({ page, request }) => {
  const config = await siteConfig(request);
  await page.goto('/help-center');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page).toHaveTitle(/^Help Center \| /);

  const controls = HELP_PAGES.map(({ title }) => main(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}`) }));
  for (const control of controls) await expect(control).toHaveAttribute('aria-expanded', 'false');
  const [contact, guide, claims] = controls as [Locator, Locator, Locator];

  // Contact Us: the configured contacts with Call and Send Email.
  await contact.click();
  await expect(contact).toHaveAttribute('aria-expanded', 'true');
  const contactPanel = page.getByRole('region', { name: /^Contact Us/ });
  await expectCallLinks(contactPanel, config);
  await expect(contactPanel.getByRole('link', { name: /^Send Email/ })).toHaveAttribute('href', `mailto:${config.supportEmail}`);

  // Shipping Guide, opened from the keyboard.
  await guide.focus();
  await page.keyboard.press('Enter');
  await expect(guide).toHaveAttribute('aria-expanded', 'true');
  const guidePanel = page.getByRole('region', { name: /^Shipping Guide/ });
  for (const text of SHIPPING_GUIDE_TEXTS) await expect(guidePanel).toContainText(text);

  await claims.focus();
  await page.keyboard.press('Space');
  await expect(claims).toHaveAttribute('aria-expanded', 'true');
  const claimsPanel = page.getByRole('region', { name: /^Claims & Support/ });
  await expectClaimsTexts(claimsPanel);

  // Each section links to its own page.
  await claimsPanel.getByRole('link', { name: 'Open the Claims & Support page' }).click();
  await expect(page).toHaveURL(/\/help-center\/claims$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claims & Support' })).toBeVisible();
});

test('the Contact Us page lists the configured contacts, the hours and 24/7 service', async ({ page, request }) => {
  const config = await siteConfig(request);
  await page.goto('/help-center/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expectCallLinks(main(page), config);
  await expect(main(page).getByRole('link', { name: /^Send Email/ })).toHaveAttribute('href', `mailto:${config.supportEmail}`);
  await expect(main(page)).toContainText(config.supportEmail);
  await expect(main(page)).toContainText('7 AM - 7 PM');
  await expect(main(page)).toContainText('24/7 customer service');
});

test('the Shipping Guide page states the service rules', async ({ page }) => {
  await page.goto('/help-center/shipping-guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Guide' })).toBeVisible();
  for (const text of SHIPPING_GUIDE_TEXTS) await expect(main(page)).toContainText(text);
  await main(page).getByRole('link', { name: 'Schedule a Pickup' }).click();
  await expect(page).toHaveURL(/\/schedule-pickup$/);
});

test('the Claims & Support page says who handles what, with Call links', async ({ page, request }) => {
  const config = await siteConfig(request);
  await page.goto('/help-center/claims');
  await expect(page.getByRole('heading', { level: 1, name: 'Claims & Support' })).toBeVisible();
  await expectClaimsTexts(main(page));
  await expectCallLinks(main(page), config);
});

for (const { title, path } of HELP_PAGES) {
  test(`${path} leads Back to Help Center`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(title)} \\| `));
    await main(page).getByRole('link', { name: 'Back to Help Center' }).click();
    await expect(page).toHaveURL(/\/help-center$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  });
}

test('/test-nav links to the three help pages', async ({ page }) => {
  await page.goto('/test-nav');
  await expect(page.getByRole('heading', { level: 1, name: 'Test Navigation' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Help pages' });
  await expect(nav.getByRole('link')).toHaveCount(HELP_PAGES.length);
  for (const { title, path } of HELP_PAGES) {
    await page.goto('/test-nav');
    const link = page.getByRole('navigation', { name: 'Help pages' }).getByRole('link', { name: title, exact: true });
    await expect(link).toHaveAttribute('href', path);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  for (const path of ['/no-such-page', '/help-center/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  }
  await main(page).getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
});
