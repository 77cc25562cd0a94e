import { expect, test, type Page } from '../test.ts';
import { siteConfig, telHref } from '../fixtures.ts';

/** Header, mobile menu, Contact Support dialog and footer (spec §2 'Header and footer'). */

const PRIMARY_LINKS = [
  { name: 'Track Package', href: '/' },
  { name: 'Schedule Pickup', href: '/schedule-pickup' },
  { name: 'Driver Portal', href: '/driver-gps' },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('links to every public area, Help Center included, and Admin', async ({ page }) => {
    await page.goto('/help-center');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const { name, href } of [...PRIMARY_LINKS, { name: 'Help Center', href: '/help-center' }]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Help Center', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();

    await nav.getByRole('link', { name: 'Schedule Pickup', exact: true }).click();
    await expect(page).toHaveURL(/\/schedule-pickup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Pickup' })).toBeVisible();
  });

  test('the skip link moves to the main content', async ({ page }) => {
    await page.goto('/help-center');
    // The app renders as a transition (main.tsx), which may finish just after the load event: wait for the page.
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(page.getByRole('main')).toBeAttached();
    await expect(skip).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu has the links except Help Center, and Support opens Contact Support', async ({ page, request }) => {
    const config = await siteConfig(request);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Help Center' })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Schedule Pickup' })).toBeHidden();

    const burger = page.getByRole('button', { name: 'Open navigation menu' });
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const mobileNav = menu.getByRole('navigation', { name: 'Mobile' });
    for (const { name, href } of [...PRIMARY_LINKS, { name: 'Admin', href: '/admin' }]) {
      await expect(mobileNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(mobileNav.getByRole('link')).toHaveCount(PRIMARY_LINKS.length + 1);
    await expect(menu.getByRole('link', { name: 'Help Center' })).toHaveCount(0);

    await menu.getByRole('button', { name: 'Support' }).click();
    await expect(menu).toBeHidden();
    const support = page.getByRole('dialog', { name: 'Contact Support' });
    await expect(support).toBeVisible();
    for (const contact of [config.coordinator, config.manager]) {
      await expect(support).toContainText(contact.phone);
      await expect(support.getByRole('link', { name: new RegExp(`^Call .*${escapeRegExp(contact.phone)}`) })).toHaveAttribute(
        'href',
        telHref(contact.phone),
      );
    }
    await expect(support).toContainText(config.supportEmail);
    await expect(support.getByRole('link', { name: /^Send Email/ })).toHaveAttribute('href', `mailto:${config.supportEmail}`);

    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();
    await expect(burger).toBeFocused();
  });

  test('a mobile menu link navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Schedule Pickup', exact: true }).click();
    await expect(page).toHaveURL(/\/schedule-pickup$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Pickup' })).toBeVisible();
  });

  test('nothing on the public pages is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/schedule-pickup', '/help-center', '/help-center/contact', '/help-center/shipping-guide', '/help-center/claims', '/test-nav', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});

test('the footer: Services, the three Support panels, Contact Team and the year', async ({ page, request }) => {
  const config = await siteConfig(request);
  await page.goto('/test-nav');
  const foot = footer(page);

  const services = foot.getByRole('region', { name: 'Services' }).getByRole('listitem');
  await expect(services).toHaveText(['Package Tracking', 'Express Delivery', 'Cargo Transport', 'International Shipping']);
  // Listed, not linked (spec: inert items).
  await expect(foot.getByRole('region', { name: 'Services' }).getByRole('link')).toHaveCount(0);

  const support = foot.getByRole('region', { name: 'Support' });
  const panels = [
    { name: 'Contact Us', text: config.coordinator.phone },
    { name: 'Shipping Guide', text: 'blanket wrapped, shrink-wrapped and strapped' },
    { name: 'Claims', text: 'Handles claims, complaints and escalations.' },
  ];
  for (const { name, text } of panels) {
    const control = support.getByRole('button', { name, exact: true });
    await expect(control).toHaveAttribute('aria-expanded', 'false');
    await control.click();
    await expect(control).toHaveAttribute('aria-expanded', 'true');
    await expect(support.getByRole('region', { name, exact: true })).toContainText(text);
  }
  await expect(support.getByRole('region', { name: 'Contact Us', exact: true }).getByRole('link', { name: /^Call/ }).first()).toHaveAttribute(
    'href',
    telHref(config.coordinator.phone),
  );
  // Shipping Guide's other rules.
  const guide = support.getByRole('region', { name: 'Shipping Guide', exact: true });
  await expect(guide).toContainText('7 AM - 7 PM');
  await expect(guide).toContainText('photo proof');
  await expect(guide).toContainText('cargo bay/truck until payment is fully released');
  await expect(support.getByRole('region', { name: 'Claims', exact: true })).toContainText('Handles delivery, scheduling and transport issues.');

  const team = foot.getByRole('region', { name: 'Contact Team' });
  for (const contact of [config.coordinator, config.manager]) {
    // .first(): the dispatch line may repeat a staff phone.
    await expect(team.getByRole('link', { name: contact.phone, exact: true }).first()).toHaveAttribute('href', telHref(contact.phone));
  }
  await expect(team.getByRole('link', { name: config.supportEmail })).toHaveAttribute('href', `mailto:${config.supportEmail}`);

  await expect(foot).toContainText(`© 2024 ${config.companyName}`);
  await expect(foot).toContainText('24/7 customer service');
});
