import AxeBuilder from '@axe-core/playwright';
import type { PublicPackage } from '@cargo/shared';
import { adminToken, bearer } from '../fixtures.ts';
import { createDriverShareLink, createPackage, expect, getDriver, north, packageFixes, revokeShareLink, signInDriverInPage, START, test, uniquePhone } from '../driver-fixtures.ts';

test.describe('driver screens', () => {
  test('signs in with phone and PIN on the portal; a wrong PIN shows the failure', async ({ page, driver }) => {
    await page.goto('/driver-portal');
    await page.getByLabel('Phone number').fill(driver.phone);
    await page.getByLabel('PIN', { exact: false }).first().fill('000000');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid phone number or PIN' })).toBeVisible();
    await page.getByLabel('PIN', { exact: false }).first().fill(driver.pin);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
    await expect(page.getByText(`Vehicle: ${driver.vehicleId}`)).toBeVisible();
    // The session is shared: the dashboard is signed in too.
    await page.goto('/driver-dashboard');
    await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
  });

  test('the portal creates an account for an unknown phone; the dashboard does not offer it', async ({ page }) => {
    const phone = uniquePhone();
    await page.goto('/driver-dashboard');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('PIN', { exact: false }).first().fill('246810');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid phone number or PIN' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);

    await page.goto('/driver-portal');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('PIN', { exact: false }).first().fill('246810');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const digits = phone.replace(/\D/g, '');
    await expect(page.getByRole('heading', { name: /^Driver \(/ })).toBeVisible();
    await expect(page.getByText(`Vehicle: TRUCK-${digits.slice(-4)}`)).toBeVisible();
  });

  test('portal tracking sends fixes to the server, stops, and updates once', async ({ page, context, request, driver }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-portal');
    await page.getByRole('button', { name: 'Start Automatic Tracking' }).click();
    await expect(page.getByText('Tracking Started')).toBeVisible();
    await expect.poll(async () => (await getDriver(request, driver.id)).currentLat, { timeout: 10_000 }).toBeCloseTo(START.latitude, 5);
    await context.setGeolocation(north(300));
    await expect.poll(async () => (await getDriver(request, driver.id)).currentLat, { timeout: 10_000 }).toBeCloseTo(north(300).latitude, 5);
    await page.getByRole('button', { name: 'Stop Tracking' }).click();
    await expect(page.getByRole('button', { name: 'Start Automatic Tracking' })).toBeEnabled();
    await context.setGeolocation(north(600));
    await page.getByRole('button', { name: 'Update Location Once' }).click();
    // Toasts come one at a time: 'Location Found' follows 'Tracking Stopped'.
    await expect(page.getByText('Location Found')).toBeVisible({ timeout: 12_000 });
    await expect.poll(async () => (await getDriver(request, driver.id)).currentLat, { timeout: 10_000 }).toBeCloseTo(north(600).latitude, 5);
  });

  test('says plainly when tracking pauses because the page is hidden', async ({ page, context, request, driver }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-portal');
    await page.getByRole('button', { name: 'Start Automatic Tracking' }).click();
    await expect(page.getByRole('button', { name: 'Stop Tracking' })).toBeEnabled();
    // The phone locks: the browser reports the page hidden.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(page.getByText('Tracking is paused while this page is hidden or the screen is locked.', { exact: false })).toBeVisible();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(page.getByText('Tracking is paused while this page is hidden', { exact: false })).toHaveCount(0);
  });

  test('permission denied disables the tracking buttons with the alert', async ({ page, context, request, driver }) => {
    await context.clearPermissions();
    await signInDriverInPage(page, request, driver);
    // Chromium answers 'denied' without a prompt when the permission is blocked for the origin.
    await page.addInitScript(() => {
      const deny = (_ok: unknown, fail?: (e: { code: number; message: string }) => void) => fail?.({ code: 1, message: 'User denied Geolocation' });
      Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: deny, watchPosition: (a: unknown, b: never) => (deny(a, b), 1), clearWatch: () => undefined } });
    });
    await page.goto('/driver-portal');
    await page.getByRole('button', { name: 'Start Automatic Tracking' }).click();
    await expect(page.getByText('Location access denied. Please enable location permissions in your browser to use live tracking.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Automatic Tracking' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Update Location Once' })).toBeDisabled();
  });

  test('the simple page tracks a package, refuses one not assigned, and queues fixes while offline', async ({ page, context, request, driver, driverPackage }) => {
    const other = await createPackage(request, null);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver');
    const start = page.getByRole('button', { name: 'Start GPS Tracking' });
    await expect(start).toBeDisabled();
    await page.getByLabel('Package tracking number').fill(other.trackingNumber.toLowerCase());
    await expect(page.getByLabel('Package tracking number')).toHaveValue(other.trackingNumber);
    await start.click();
    await expect(page.getByText(`Package ${other.trackingNumber} is not assigned to you`)).toBeVisible();

    await page.getByLabel('Package tracking number').fill(driverPackage.trackingNumber);
    await start.click();
    await expect(page.getByText('GPS Tracking Started')).toBeVisible();
    await expect.poll(async () => (await packageFixes(request, driverPackage.trackingNumber)).length, { timeout: 10_000 }).toBeGreaterThan(0);

    // Offline: moves are kept on the phone and counted, then sent in order.
    await context.setOffline(true);
    const moves = [30, 60, 90]; // metres, a second or more apart: a plausible speed
    for (const [i, m] of moves.entries()) {
      await page.waitForTimeout(1100); // device times one second apart at least
      await context.setGeolocation(north(m));
      await expect(page.getByText(`${i + 1} location${i ? 's' : ''} waiting to be sent`)).toBeVisible();
    }
    await context.setOffline(false);
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 15_000 });
    await expect
      .poll(async () => (await getDriver(request, driver.id)).currentLat, { timeout: 10_000 })
      .toBeCloseTo(north(90).latitude, 5);
    const trail = await packageFixes(request, driverPackage.trackingNumber);
    // Stored by device time, in the order they were taken.
    const lats = trail.slice().reverse().map((r) => r.lat);
    const at = moves.map((m) => lats.findIndex((lat) => Math.abs(lat - north(m).latitude) < 1e-6));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
  });

  test('the dashboard changes a status that the public page shows; View Tracking opens the live page in a new tab', async ({ page, request, driver, driverPackage }) => {
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    await expect(page.getByRole('heading', { name: 'Delivery Summary' })).toBeVisible();
    const select = page.getByLabel(`Status of ${driverPackage.trackingNumber}`);
    await select.selectOption('out_for_delivery');
    await expect(page.getByText('Status updated successfully!')).toBeVisible();
    const pub = await request.get(`/api/packages/${driverPackage.trackingNumber}`);
    expect(((await pub.json()) as PublicPackage).status).toBe('out_for_delivery');
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/?track=${driverPackage.trackingNumber}`);
    await expect(publicPage.getByText('Out for Delivery').first()).toBeVisible({ timeout: 20_000 });
    await publicPage.close();
    await expect(select.locator('option:checked')).toHaveText('out for delivery');
    const view = page.getByRole('link', { name: 'View Tracking' });
    await expect(view).toHaveAttribute('href', `/track-live/${driverPackage.trackingNumber}`);
    await expect(view).toHaveAttribute('target', '_blank');
  });

  test('the sharing page works with a driver share token and refuses a revoked one', async ({ page, context, request, driverPackage }) => {
    const link = await createDriverShareLink(request, driverPackage.id);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    await page.goto(`/driver-track/${link.token}`);
    await expect(page.getByText(`Sharing your location for ${driverPackage.trackingNumber}`)).toBeVisible();
    await page.getByRole('button', { name: 'Start Sharing' }).click();
    await expect.poll(async () => (await packageFixes(request, driverPackage.trackingNumber)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Pause Sharing' })).toBeVisible();
    await expect(page.getByLabel('Update interval')).toBeEnabled();
    await page.getByLabel('Auto-refresh').uncheck();
    await expect(page.getByLabel('Update interval')).toBeDisabled();

    await revokeShareLink(request, link.token);
    await page.goto(`/driver-track/${link.token}`);
    await expect(page.getByRole('heading', { name: 'Invalid Tracking Link' })).toBeVisible();
    await page.goto('/driver-track/');
    await expect(page.getByRole('heading', { name: 'Invalid Tracking Link' })).toBeVisible();
  });

  test('Track in the background registers a Traccar Client device that moves the driver', async ({ page, request, driver, driverPackage }) => {
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    await page.getByRole('button', { name: 'Set Up Background Tracking' }).click();
    await expect(page.getByRole('img', { name: 'QR code with the device identifier' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code with the server URL' })).toBeVisible();
    const identifier = await page.getByRole('img', { name: 'QR code with the device identifier' }).getAttribute('data-qr-value');
    const serverUrl = await page.getByRole('img', { name: 'QR code with the server URL' }).getAttribute('data-qr-value');
    expect(identifier).toBeTruthy();
    await expect(page.getByText(identifier!)).toBeVisible();
    expect(serverUrl).toMatch(/\/api\/osmand$/);
    // What Traccar Client (legacy Android) sends with those settings.
    const seconds = Math.floor(Date.now() / 1000);
    const fix = await request.get(`${new URL(serverUrl!).pathname}?id=${identifier}&timestamp=${seconds}&lat=43.05&lon=-87.9065&speed=0&bearing=0&altitude=0&accuracy=5&batt=77`);
    expect(fix.status()).toBe(200);
    await expect.poll(async () => (await packageFixes(request, driverPackage.trackingNumber)).length).toBeGreaterThan(0);
    expect((await getDriver(request, driver.id)).currentLat).toBeCloseTo(43.05, 6);
  });

  test('dashboard tracking stops by itself when packages exist but none is active', async ({ page, context, request, driver }) => {
    await createPackage(request, driver, 'delivered');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    await expect(page.getByLabel(/^Status of /)).toHaveValue('delivered');
    await page.getByRole('button', { name: 'Start Automatic Tracking' }).click();
    await expect(page.getByText('Tracking stopped: none of your packages is active.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Start Automatic Tracking' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Stop Tracking' })).toBeDisabled();
  });

  test('the assigned driver opens the sharing page by tracking number', async ({ page, context, request, driver, driverPackage }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    await signInDriverInPage(page, request, driver);
    await page.goto(`/driver-track/${driverPackage.trackingNumber}`);
    await expect(page.getByText(`Sharing your location for ${driverPackage.trackingNumber}`)).toBeVisible();
    await page.getByRole('button', { name: 'Send Location Now' }).click();
    await expect.poll(async () => (await packageFixes(request, driverPackage.trackingNumber)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  test('an expired session asks for the PIN again without losing what the page was doing', async ({ page, request, driver, driverPackage }) => {
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver');
    await page.getByLabel('Package tracking number').fill(driverPackage.trackingNumber);
    // Dispatch sets a new PIN: the driver's sessions end.
    const admin = await adminToken(request);
    const reset = await request.post(`/api/drivers/${driver.id}/pin`, { headers: bearer(admin), data: { pin: '135790' } });
    expect(reset.ok()).toBe(true);
    await page.getByRole('button', { name: 'Start GPS Tracking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Phone number')).toHaveValue(driver.phone);
    await dialog.getByLabel('PIN', { exact: false }).first().fill('135790');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Package tracking number')).toHaveValue(driverPackage.trackingNumber);
  });

  test('the driver app is installable and its screens open offline once visited', async ({ page, context, request, driver }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const body = (await manifest.json()) as Record<string, any>;
    expect(body.display).toBe('standalone');
    for (const icon of body.icons as Array<Record<string, string>>) expect((await request.get(icon.src!)).headers()['content-type']).toBe('image/png');
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-portal');
    await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
    // Registered at load; it controls the page once active.
    await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
    await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
    await context.setOffline(false);
  });

  for (const [name, signedIn] of [
    ['/driver-portal', false],
    ['/driver-portal', true],
    ['/driver-dashboard', true],
    ['/driver', true],
    ['/driver-gps', true],
    ['/driver-track/{token}', false],
  ] as const) {
    test(`${name}${signedIn ? ' (signed in)' : ''} fits 375 px with no serious or critical axe violation`, async ({ page, request, driver, driverPackage }) => {
      test.setTimeout(60_000);
      const path = name.includes('{token}') ? `/driver-track/${(await createDriverShareLink(request, driverPackage.id)).token}` : name;
      if (signedIn) await signInDriverInPage(page, request, driver);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        if (signedIn) await expect(page.getByText(driver.name).first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        const axe = await new AxeBuilder({ page }).analyze();
        const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${path} at ${width}px`).toEqual([]);
      }
    });
  }
});
