import type { Driver, ShareLinkCreated, driverSessionResponseSchema } from '@cargo/shared';
import type { z } from 'zod';
import config, { E2E_BASE_PORT } from '../playwright.config.ts';
import { bearer } from '../fixtures.ts';
import { createLivePackage, factsLine, OwnServer, ownAdminToken, postFix, type TestPackage } from '../live-fixtures.ts';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '../test.ts';

/**
 * Issue 22: a page whose first load meets a server that is down (a deploy) or a browser that is offline loads by itself
 * once the server or the network is back, with no click, and misses nothing published meanwhile (decision 045).
 *
 * Each test runs a server of its own (E2E_PORT + 1…4, never a worker's), opens its pages once while it is up, so that
 * the browser holds their HTML and chunks as a visitor's would, then reloads them while the server is stopped: the
 * HTML and the scripts come from that copy (the moment of the issue, where the page had arrived just before the
 * restart), every /api request and the /ws socket meet a refused connection.
 */

test.describe.configure({ mode: 'parallel' });
// The service worker serves the driver screens offline (decision 016); these tests are about the app's own requests.
test.use({ serviceWorkers: 'block' });
// A page whose document the test serves is, to Chromium, from no address at all: its socket to 127.0.0.1 would be
// refused by the local network access checks. A visitor's page comes from the server's own address.
const launchOptions = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'] } });

const DRIVER_PIN = '424242';

interface Setup {
  server: OwnServer;
  token: string;
  pkg: TestPackage;
  driverSession: z.infer<typeof driverSessionResponseSchema>;
  /** A driver share link of the package (`/driver-track/{token}`). */
  shareToken: string;
}

async function setUp(request: APIRequestContext, portOffset: number): Promise<Setup> {
  const server = new OwnServer(E2E_BASE_PORT + portOffset, { DEMO_DRIVE: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  await server.start();
  const token = await ownAdminToken(request, server);
  const phone = `+1555${String(Date.now()).slice(-6)}${portOffset}`;
  const created = await request.post(`${server.baseURL}/api/drivers`, { headers: bearer(token), data: { name: 'Retry Driver', phone, pin: DRIVER_PIN } });
  expect(created.status(), await created.text()).toBe(201);
  const driver = (await created.json()) as Driver;
  const pkg = await createLivePackage(request, token, 'in_transit', server.baseURL, { driverId: driver.id, driver: driver.name, driverPhone: driver.phone });
  // A position from before: the pages have something to draw, and the fixes below must replace it.
  await postFix(request, token, pkg, 9_000, { ageMs: 100_000 }, server.baseURL);
  const session = await request.post(`${server.baseURL}/api/drivers/session`, { data: { phone, pin: DRIVER_PIN } });
  expect(session.status(), await session.text()).toBe(200);
  const link = await request.post(`${server.baseURL}/api/share-links`, { headers: bearer(token), data: { packageId: pkg.id, hours: 1, kind: 'driver' } });
  expect(link.status(), await link.text()).toBe(201);
  return {
    server,
    token,
    pkg,
    driverSession: (await session.json()) as z.infer<typeof driverSessionResponseSchema>,
    shareToken: ((await link.json()) as ShareLinkCreated).token,
  };
}

/**
 * Serves the server's pages and scripts as the browser last received them when the server does not answer; `/api`
 * requests and the socket always go to the server (or meet the refused connection).
 */
async function keepPagesWhileDown(context: BrowserContext, server: OwnServer): Promise<void> {
  const copies = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  await context.route(
    (url) => url.port === String(server.port) && !url.pathname.startsWith('/api/'),
    async (route) => {
      const key = route.request().url();
      try {
        const response = await route.fetch();
        const copy = { status: response.status(), headers: response.headers(), body: await response.body() };
        if (route.request().method() === 'GET' && copy.status === 200) copies.set(key, copy);
        await route.fulfill(copy);
      } catch {
        const copy = copies.get(key);
        if (copy) await route.fulfill(copy);
        else await route.abort('connectionrefused');
      }
    },
  );
}

type Check = (page: Page) => Promise<void>;

interface Screen {
  path: string;
  /** The package (or the driver's list with it) is on the page. */
  loaded: Check;
  /** While the first load waits: the page says it is reconnecting (never 'not available'). */
  waiting?: Check;
  /** The position of a fix `km` north of the door is shown. */
  fix?: (page: Page, km: string) => Promise<void>;
}

const reconnecting = (page: Page) => page.getByText(/Reconnecting/).first();

function screens({ pkg, driverSession, shareToken }: Setup): Screen[] {
  const tn = pkg.trackingNumber;
  const mapFacts = async (page: Page, km: string) => {
    await expect(factsLine(page)).toContainText(km, { timeout: 40_000 });
  };
  return [
    {
      path: `/track-realtime/${tn}`,
      loaded: async (page) => {
        await expect(page.getByRole('region', { name: 'Package Details' })).toContainText(tn);
        await expect(page.getByRole('status').filter({ hasText: /^Live updates on/ })).toBeVisible({ timeout: 40_000 });
      },
      waiting: async (page) => {
        await expect(reconnecting(page)).toBeVisible();
        await expect(page.getByText('Tracking Not Available')).toHaveCount(0);
      },
      fix: mapFacts,
    },
    {
      path: `/track-live/${tn}`,
      loaded: async (page) => {
        await expect(page.getByRole('heading', { name: `Package ${tn}` })).toBeVisible({ timeout: 40_000 });
      },
      waiting: async (page) => {
        await expect(reconnecting(page)).toBeVisible();
        await expect(page.getByText('Tracking Not Available')).toHaveCount(0);
      },
      fix: mapFacts,
    },
    {
      path: `/?track=${tn}`,
      loaded: async (page) => {
        await expect(page.getByText(`Package ${tn} found.`)).toBeAttached({ timeout: 40_000 });
        await page.getByRole('region', { name: 'Map of the package route' }).scrollIntoViewIfNeeded();
      },
      fix: mapFacts,
    },
    {
      // The home page without a number: the Recent Packages of this browser (the search above put the package there).
      path: '/',
      loaded: async (page) => {
        const row = page.getByRole('row').filter({ hasText: tn });
        await expect(row).toContainText('In Transit', { timeout: 40_000 });
      },
    },
    {
      // A driver's share link checked while the server was away is not an invalid link.
      path: `/driver-track/${shareToken}`,
      loaded: async (page) => {
        await expect(page.getByText(`Sharing your location for ${tn}`)).toBeVisible({ timeout: 40_000 });
      },
      waiting: async (page) => {
        await expect(reconnecting(page)).toBeVisible();
        await expect(page.getByText('Invalid Tracking Link')).toHaveCount(0);
      },
    },
    {
      path: '/driver-dashboard',
      loaded: async (page) => {
        await expect(page.getByText(driverSession.driver.name).first()).toBeVisible();
        await expect(page.getByText(tn).first()).toBeVisible({ timeout: 40_000 });
      },
    },
  ];
}

async function signInDriver(context: BrowserContext, { driverSession }: Setup): Promise<void> {
  await context.addInitScript(
    ([token, profile]) => {
      window.localStorage.setItem('driver_token', token);
      window.localStorage.setItem('driver_profile', profile);
    },
    [driverSession.token, JSON.stringify(driverSession.driver)] as const,
  );
}

/**
 * Opens each screen once with the server up (the browser keeps its HTML and scripts), then stops the server and
 * opens them again: the pages that a visitor opens during the restart.
 */
async function openWhileServerDown(context: BrowserContext, setup: Setup, list: Screen[]): Promise<Page[]> {
  await keepPagesWhileDown(context, setup.server);
  await signInDriver(context, setup);
  const pages: Page[] = [];
  // One after another: the home page's Recent Packages are the packages this browser has searched.
  for (const screen of list) {
    const page = await context.newPage();
    await page.goto(`${setup.server.baseURL}${screen.path}`);
    await screen.loaded(page);
    pages.push(page);
  }
  await setup.server.stop('SIGTERM');
  await Promise.all(pages.map((page, i) => page.goto(`${setup.server.baseURL}${list[i]!.path}`)));
  return pages;
}

/** While the first load waits: each page that says so (soft: the recovery is checked after it either way). */
async function expectWaiting(list: Screen[], pages: Page[], timeout: number): Promise<void> {
  await Promise.all(
    list.map(async (screen, i) => {
      if (screen.waiting) await expect.soft(async () => screen.waiting!(pages[i]!), `${screen.path} says it is reconnecting`).toPass({ timeout });
    }),
  );
}

async function expectRecovery(request: APIRequestContext, setup: Setup, list: Screen[], pages: Page[]): Promise<void> {
  // A fix published just after the start, perhaps before a page has loaded or its socket has connected: it must show.
  await postFix(request, setup.token, setup.pkg, 8_000, { ageMs: 60_000 }, setup.server.baseURL);
  await Promise.all(
    list.map(async (screen, i) => {
      await screen.loaded(pages[i]!);
      await screen.fix?.(pages[i]!, '8.0 km (5.0 mi)');
    }),
  );
  // And pushes flow on the connection the page made by itself.
  await postFix(request, setup.token, setup.pkg, 7_000, { ageMs: 0 }, setup.server.baseURL);
  await Promise.all(list.map(async (screen, i) => screen.fix?.(pages[i]!, '7.0 km (4.3 mi)')));
  for (const page of pages) await expect(page.getByText('Tracking Not Available')).toHaveCount(0);
}

function serverDownFor(delayMs: number, portOffset: number, pick: (all: Screen[]) => Screen[]) {
  return async ({ request, browser }: { request: APIRequestContext; browser: Browser }) => {
    const setup = await setUp(request, portOffset);
    const context = await browser.newContext();
    try {
      const list = pick(screens(setup));
      const pages = await openWhileServerDown(context, setup, list);
      const downSince = Date.now();
      // With a delay long enough to look at the page (on a loaded machine, a page can take seconds to draw anything):
      // it says it is reconnecting, never that tracking is not available. The offline test looks at every page.
      if (delayMs >= 30_000) await expectWaiting(list, pages, delayMs - 10_000);
      await new Promise((r) => setTimeout(r, Math.max(0, delayMs - (Date.now() - downSince))));
      await setup.server.start();
      await expectRecovery(request, setup, list, pages);
    } finally {
      await context.close();
      await test.info().attach('server.log', { body: setup.server.log, contentType: 'text/plain' });
      await setup.server.dispose();
    }
  };
}

test('every page opened while the server is down loads by itself when it is back 1 s later', async ({ request, browser }) => {
  test.setTimeout(90_000);
  await serverDownFor(1_000, 1, (all) => all)({ request, browser });
});

test('every page opened while the server is down loads by itself when it is back 5 s later', async ({ request, browser }) => {
  test.setTimeout(90_000);
  await serverDownFor(5_000, 2, (all) => all)({ request, browser });
});

test('the real-time page opened while the server is down loads by itself when it is back 30 s later', async ({ request, browser }) => {
  test.setTimeout(150_000);
  await serverDownFor(30_000, 3, (all) => all.filter((screen) => screen.path.startsWith('/track-realtime/')))({ request, browser });
});

test('every page opened while the browser is offline loads by itself when the network returns', async ({ request, browser }) => {
  test.setTimeout(90_000);
  const setup = await setUp(request, 4);
  const context = await browser.newContext();
  try {
    const list = screens(setup);
    await keepPagesWhileDown(context, setup.server);
    await signInDriver(context, setup);
    const pages: Page[] = [];
    for (const screen of list) {
      const page = await context.newPage();
      await page.goto(`${setup.server.baseURL}${screen.path}`);
      await screen.loaded(page);
      pages.push(page);
    }
    // Offline from the document on: the copy the browser holds is served, every request of the page fails.
    await context.setOffline(true);
    await Promise.all(pages.map((page, i) => page.goto(`${setup.server.baseURL}${list[i]!.path}`)));
    await expectWaiting(list, pages, 20_000);
    await context.setOffline(false);
    await expectRecovery(request, setup, list, pages);
  } finally {
    await context.close();
    await test.info().attach('server.log', { body: setup.server.log, contentType: 'text/plain' });
    await setup.server.dispose();
  }
});
