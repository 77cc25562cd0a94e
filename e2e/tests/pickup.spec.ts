import type { PickupRequest, PickupRequestInput } from '@cargo/shared';
import { expect, test, type Page } from '../test.ts';
import { adminToken, bearer, siteConfig, telHref } from '../fixtures.ts';

/** The schedule pickup page (spec §2 'Schedule pickup page', §5 pickup rules, §8 toasts). */

const SCHEDULE_URL = '**/api/schedule-pickup';

/** What a customer types: the form's input shape. */
type PickupValues = Omit<PickupRequestInput, 'specialInstructions'> & { specialInstructions?: string };

/** Labels as the customer reads them, one per field of the request. */
const LABELS = {
  customerName: 'Full Name',
  phone: 'Phone Number',
  email: 'Email Address',
  originAddress: 'Origin Address',
  destinationAddress: 'Destination Address',
  itemDescription: 'Item Description',
  specialInstructions: 'Special Instructions (optional)',
} as const;

function validRequest(overrides: Partial<PickupValues> = {}): PickupValues {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    customerName: `Jane Pickup ${unique}`,
    phone: '(555) 123-4567',
    email: `jane.${unique}@example.com`,
    originAddress: '123 Main St, Springfield, IL 62701',
    destinationAddress: '456 Oak Ave, Denver, CO 80202',
    itemDescription: `Two boxes of books, about 40 lb (${unique})`,
    specialInstructions: 'Ring the side door bell',
    ...overrides,
  };
}

async function fillForm(page: Page, values: PickupValues) {
  for (const field of Object.keys(LABELS) as (keyof typeof LABELS)[]) {
    const value = values[field];
    if (value !== undefined) await page.getByLabel(LABELS[field]).fill(value);
  }
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Schedule Pickup' });
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

test.beforeEach(async ({ page }) => {
  await page.goto('/schedule-pickup');
  await expect(page.getByRole('form', { name: 'Pickup Request Form' })).toBeVisible();
});

test('a valid request shows Pickup Scheduled! with the company contacts, and reaches the admin list', async ({ page, request }) => {
  const values = validRequest();
  const config = await siteConfig(request);
  await fillForm(page, values);
  await submitButton(page).click();

  await expect(page.getByRole('heading', { name: 'Pickup Scheduled!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pickup Scheduled!' })).toBeFocused();
  const success = toast(page, 'Pickup Scheduled!');
  await expect(success).toContainText("Your pickup request has been submitted. We'll contact you within 2 hours.");
  await expect(page.getByRole('form', { name: 'Pickup Request Form' })).toHaveCount(0);

  // The company's contacts, from the configuration: both phones as tel: links, the email as mailto:.
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: new RegExp(`^Call .*${escapeRegExp(config.coordinator.phone)}`) })).toHaveAttribute(
    'href',
    telHref(config.coordinator.phone),
  );
  await expect(main.getByRole('link', { name: new RegExp(`^Call .*${escapeRegExp(config.manager.phone)}`) })).toHaveAttribute(
    'href',
    telHref(config.manager.phone),
  );
  await expect(main.getByRole('link', { name: /^Send Email/ })).toHaveAttribute('href', `mailto:${config.supportEmail}`);
  await expect(main).toContainText(values.originAddress);
  await expect(main).toContainText(values.destinationAddress);

  // The public cannot read the list of requests.
  const anonymous = await request.get('/api/pickup-requests');
  expect(anonymous.status()).toBe(401);

  // The admin sees the request, as submitted (the phone stored as E.164, decision 089), pending.
  const token = await adminToken(request);
  const list = await request.get('/api/pickup-requests', { headers: bearer(token) });
  expect(list.ok()).toBeTruthy();
  const rows = (await list.json()) as PickupRequest[];
  const stored = rows.find((row) => row.customerName === values.customerName);
  expect(stored).toMatchObject({ ...values, phone: '+15551234567', status: 'pending' });

  // Another pickup starts from an empty form.
  await page.getByRole('button', { name: 'Schedule Another Pickup' }).click();
  await expect(page.getByRole('form', { name: 'Pickup Request Form' })).toBeVisible();
  await expect(page.getByLabel(LABELS.customerName)).toHaveValue('');
  await expect(page.getByLabel(LABELS.customerName)).toBeFocused();
});

test('each validation message appears at its field, and nothing is sent', async ({ page }) => {
  let posts = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/schedule-pickup')) posts += 1;
  });

  await submitButton(page).click();
  const messages = {
    customerName: 'Name must be at least 2 characters',
    phone: 'Phone number must be at least 10 digits',
    email: 'Invalid email address',
    originAddress: 'Origin address must be detailed',
    destinationAddress: 'Destination address must be detailed',
    itemDescription: 'Item description must be detailed',
  } as const;
  for (const [field, message] of Object.entries(messages) as [keyof typeof messages, string][]) {
    const input = page.getByLabel(LABELS[field]);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }
  // Special instructions are optional.
  await expect(page.getByLabel(LABELS.specialInstructions)).not.toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first field to fix.
  await expect(page.getByLabel(LABELS.customerName)).toBeFocused();

  // Values just short of each rule give the same messages.
  await fillForm(page, {
    customerName: ' J ',
    phone: '555-123-456',
    email: 'jane@example',
    originAddress: '1 Main St',
    destinationAddress: '  Denver  ',
    itemDescription: 'boxes',
  });
  await submitButton(page).click();
  for (const [field, message] of Object.entries(messages) as [keyof typeof messages, string][]) {
    await expect(page.getByLabel(LABELS[field])).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }

  // After the first submit, leaving a field checks it again: fixed fields clear, broken ones show.
  const name = page.getByLabel(LABELS.customerName);
  await name.fill('Jane Smith');
  await name.blur();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await name.fill('J');
  await name.blur();
  await expect(name).toHaveAccessibleDescription(new RegExp(messages.customerName));

  await expect(page.getByRole('heading', { name: 'Pickup Scheduled!' })).toHaveCount(0);
  expect(posts).toBe(0);
});

test('before the first submit, leaving a field does not flag it', async ({ page }) => {
  const name = page.getByLabel(LABELS.customerName);
  await name.fill('J');
  await name.blur();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
});

test('the button reads Submitting... and is disabled while the request is on its way', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Holds the real request until the page has been looked at, then lets it through to the server.
  await page.route(SCHEDULE_URL, async (route) => {
    await released;
    await route.continue();
  });

  await fillForm(page, validRequest());
  await submitButton(page).click();
  const submitting = page.getByRole('button', { name: 'Submitting...' });
  await expect(submitting).toBeVisible();
  await expect(submitting).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Pickup Scheduled!' })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: 'Pickup Scheduled!' })).toBeVisible();
});

test('a server refusal keeps the form and shows the Error toast', async ({ page }) => {
  // Boundary stub: the server answers 500 for this one test only.
  await page.route(SCHEDULE_URL, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
  );
  const values = validRequest();
  await fillForm(page, values);
  await submitButton(page).click();

  const error = toast(page, 'Error');
  await expect(error).toContainText('Failed to schedule pickup. Please try again or call us directly.');
  await expect(page.getByRole('form', { name: 'Pickup Request Form' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pickup Scheduled!' })).toHaveCount(0);
  // Nothing the customer typed is lost, and they can try again.
  await expect(page.getByLabel(LABELS.customerName)).toHaveValue(values.customerName);
  await expect(submitButton(page)).toBeEnabled();
});

test('a rate-limited request (429) is a failure too', async ({ page }) => {
  // Boundary stub: the server's 10-per-hour limit (design.md §4), without spending the real quota.
  await page.route(SCHEDULE_URL, (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '3600' },
      body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
    }),
  );
  await fillForm(page, validRequest());
  await submitButton(page).click();
  await expect(toast(page, 'Error')).toContainText('Failed to schedule pickup. Please try again or call us directly.');
  await expect(page.getByRole('form', { name: 'Pickup Request Form' })).toBeVisible();
});

test("the server's field issues (400) are shown at their fields", async ({ page }) => {
  // The real server judges a request the form would not send: the body is altered on its way out.
  await page.route(SCHEDULE_URL, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, itemDescription: 'boxes', email: 'not-an-email' }) });
  });
  await fillForm(page, validRequest());
  await submitButton(page).click();

  await expect(page.getByLabel(LABELS.itemDescription)).toHaveAccessibleDescription(/Item description must be detailed/);
  await expect(page.getByLabel(LABELS.email)).toHaveAccessibleDescription(/Invalid email address/);
  await expect(page.getByLabel(LABELS.customerName)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Error')).toBeVisible();
  await expect(page.getByLabel(LABELS.email)).toBeFocused();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
