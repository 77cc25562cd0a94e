import { mkdirSync } from 'node:fs';
import { driverStopsSchema, serviceTimesSchema, shiftListSchema } from '@cargo/shared';
import { bearer } from '../fixtures.ts';
import { createDriver, createPackage, expect, expectNoHorizontalOverflow, expectNoSeriousViolations, getJson, openAdmin, test, uniqueTag } from '../admin-fixtures.ts';
import type { Locator, Page } from '../test.ts';
import { signInDriverInPage } from '../driver-fixtures.ts';

/** Day planning on the panel (issue 34, part 4): plan, review on the map, move a stop by hand, commit. */
test.describe.configure({ timeout: 120_000 });

const DATE = '2051-06-13';
const DUE = 'Tuesday, June 13, 2051 - Tuesday, June 13, 2051';
/** SCREENSHOT_DIR=… keeps pictures of the screen for a person to look at; without it none are taken. */
const SHOTS = process.env.SCREENSHOT_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** A picture of the page (the whole of it) or of one part, when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  if (part) await part.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The tracking numbers of a driver's stops as the route card lists them, first stop first. */
async function stopsOf(page: Page, driverName: string): Promise<string[]> {
  const card = page.getByRole('region', { name: `${driverName}'s stops` });
  return card.locator('ol > li').evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent ?? ''));
}

test('Planning: 60 packages across 4 drivers planned, shown on the map in 4 colours, a stop moved by hand and checked, committed; a driver dashboard follows the order', async ({ page, request, token, browser }) => {
  // Four drivers with shifts of 15 packages each, from the depot (DEPOT_ADDRESS).
  const drivers = [];
  for (let i = 0; i < 4; i++) drivers.push(await createDriver(request, token, { pin: `24680${i}` }));
  const shifts = await request.put(`/api/planning/${DATE}/shifts`, {
    headers: bearer(token),
    data: { shifts: drivers.map((d) => ({ driverId: d.id, startTime: '08:00', endTime: '18:00', capacityPackages: 15 })) },
  });
  expect(shifts.ok(), await shifts.text()).toBe(true);
  expect(shiftListSchema.parse(await shifts.json()).shifts[0]!.start.lat).not.toBeNull();

  // 60 packages due that day: 59 spread over Chicago's west and north sides, one whose address has no position.
  const tag = uniqueTag('PLN');
  for (let k = 0; k < 59; k++) {
    await createPackage(request, token, {
      trackingNumber: `${tag}-${String(k).padStart(2, '0')}`,
      estimatedDelivery: DUE,
      deliveryAddress: `${100 + k} W Test St, Chicago, IL`,
      deliveryLat: 41.8 + (k % 8) * 0.02 + (k % 3) * 0.003,
      deliveryLng: -87.62 - Math.floor(k / 8) * 0.02 - (k % 5) * 0.002,
      weight: `${1 + (k % 4)} kg`,
    });
  }
  const nowhere = await createPackage(request, token, { trackingNumber: `${tag}-NOPOS`, estimatedDelivery: DUE, deliveryAddress: 'Somewhere unknown' });
  expect(nowhere.deliveryLat).toBeNull();

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, token, '?tab=planning');
  const panel = page.getByRole('tabpanel', { name: 'Planning' });
  await panel.getByLabel('Day', { exact: true }).fill(DATE);
  const shiftTable = panel.getByRole('region', { name: "The day's shifts" });
  await expect(shiftTable.getByRole('row')).toHaveCount(5);
  await expect(shiftTable.getByRole('combobox', { name: /Driver/ }).first()).toHaveValue(drivers[0]!.id);

  // Minutes at each stop per service type (none of this day's packages is Same Day Delivery: the plan is unchanged).
  const sameDay = panel.getByRole('textbox', { name: 'Same Day Delivery (minutes)' });
  await expect(sameDay).toHaveAttribute('placeholder', '5');
  await sameDay.fill('4');
  await panel.getByRole('button', { name: 'Save minutes' }).click();
  await expect(page.getByText('Minutes at each stop saved')).toBeVisible();
  expect((await getJson(request, token, '/api/planning/service-times', serviceTimesSchema)).minutes).toEqual({ 'Same Day Delivery': 4 });

  // Plan: busy while the planner searches, then the plan.
  await panel.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Planning: the planner searches' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'The plan' })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('Planned by the Built-in planner. Times on the America/Chicago clock.')).toBeVisible();

  // Every package planned or listed with its reason: the 59 with a position fill the 60 places, the other is listed.
  const names = drivers.map((d) => d.name);
  const routes = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await stopsOf(page, n)] as const)));
  const planned = Object.values(routes).flat();
  expect(planned).toHaveLength(59);
  expect(new Set(planned).size).toBe(59);
  const unplanned = panel.getByRole('region', { name: 'Packages not planned, with the reason' }).getByRole('row');
  await expect(unplanned).toHaveCount(2);
  await expect(unplanned.nth(1)).toContainText(`${tag}-NOPOS`);
  await expect(unplanned.nth(1)).toContainText('No position for the address');
  expect(Object.values(routes).map((r) => r.length).sort()).toEqual([14, 15, 15, 15]);

  // One colour per driver, on the map (route lines, numbered markers) and in its legend; no tile is needed.
  const legend = panel.getByRole('list', { name: 'Drivers on the map' }).getByRole('listitem');
  await expect(legend).toHaveCount(4);
  const legendColours = await legend.evaluateAll((items) => items.map((li) => li.getAttribute('data-colour')));
  expect(new Set(legendColours).size).toBe(4);
  const map = panel.getByRole('region', { name: /Map of the plan/ });
  const lineColours = await map.locator('.leaflet-overlay-pane path').evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')));
  expect(lineColours).toHaveLength(4);
  expect(new Set(lineColours)).toEqual(new Set(legendColours));
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(59 + 1);
  await expect(map.locator('.leaflet-marker-icon[title^="' + names[0] + ': stop 1, "]')).toHaveCount(1);
  const totals = panel.getByRole('region', { name: 'Totals per driver and overall' });
  await expect(totals.getByRole('row').last()).toContainText('All drivers');
  await expect(totals.getByRole('row').last()).toContainText('59');
  await expectNoSeriousViolations(page, 'Planning with a plan at 1280px');
  await shot(page, 'planning-1280');
  await shot(page, 'planning-1280-map', map);
  await shot(page, 'planning-1280-totals', totals);

  // Move a stop from a full driver to another full one: over capacity, shown next to that driver; no commit.
  const short = names.find((n) => routes[n]!.length === 14)!;
  const [from, to] = names.filter((n) => n !== short) as [string, string];
  const moved = routes[from]!.at(-1)!;
  const totalsRow = (name: string) => totals.getByRole('row').filter({ hasText: name });
  const distanceBefore = await totalsRow(to).getByRole('cell').nth(2).textContent();
  await panel.getByRole('button', { name: `Move ${moved} to another driver or position` }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${moved}` });
  await dialog.getByLabel('Driver').selectOption({ label: `${to} (15)` });
  await dialog.getByLabel('Position').selectOption({ label: '1 of 16' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(panel.getByText('1 problem in the changed plan')).toBeVisible();
  await expect(page.getByRole('region', { name: `${to}'s stops` }).getByRole('note')).toBeVisible();
  expect((await stopsOf(page, to))[0]).toBe(moved);
  await expect(totalsRow(to)).toContainText('16 / 15');
  await expect(totalsRow(from)).toContainText('14 / 15');
  expect(await totalsRow(to).getByRole('cell').nth(2).textContent()).not.toBe(distanceBefore);
  await expect(panel.getByRole('button', { name: 'Commit plan' })).toBeDisabled();
  await shot(page, 'planning-1280-violation', page.getByRole('region', { name: `${to}'s stops` }));

  // Then to the driver with a place left, second: the plan keeps every rule again and can be committed.
  await panel.getByRole('button', { name: `Move ${moved} to another driver or position` }).click();
  await dialog.getByLabel('Driver').selectOption({ label: `${short} (14)` });
  await dialog.getByLabel('Position').selectOption({ label: '2 of 15' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(panel.getByText('The changed plan keeps every window, capacity and shift.')).toBeVisible();
  await expect(totalsRow(short)).toContainText('15 / 15');
  await expect(totalsRow(to)).toContainText('15 / 15');
  const order = await stopsOf(page, short);
  expect(order).toHaveLength(15);
  expect(order[1]).toBe(moved);
  await shot(page, 'planning-1280-moved-card', page.getByRole('region', { name: `${short}'s stops` }));

  await panel.getByRole('button', { name: 'Commit plan' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Commit plan' }).click();
  await expect(panel.getByText('Plan committed: 59 packages assigned to 4 drivers. Their dashboards list the stops in this order.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Commit plan' })).toBeDisabled();

  // The server has the order; the driver's dashboard lists the stops in it.
  const shortDriver = drivers.find((d) => d.name === short)!;
  const stops = await getJson(request, token, `/api/drivers/${shortDriver.id}/stops`, driverStopsSchema);
  expect(stops.stops.map((s) => s.trackingNumber)).toEqual(order);
  const context = await browser.newContext();
  const driverPage = await context.newPage();
  await signInDriverInPage(driverPage, request, shortDriver);
  await driverPage.goto('/driver-dashboard');
  const card = driverPage.getByRole('region', { name: 'Stops in Order' });
  await expect(card.getByText('In the order dispatch set')).toBeVisible();
  const items = card.getByRole('listitem');
  await expect(items).toHaveCount(15);
  for (const [i, tracking] of order.entries()) await expect(items.nth(i)).toContainText(tracking);
  await context.close();

  // At 375 px nothing is wider than the screen: tables scroll in their box or become cards.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(panel.getByRole('region', { name: /Map of the plan/ })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'Planning at 375px');
  await expectNoSeriousViolations(page, 'Planning with a plan at 375px');
  await shot(page, 'planning-375');
  await shot(page, 'planning-375-shifts', panel.getByRole('region', { name: "The day's shifts" }));
  await shot(page, 'planning-375-totals', totals);
  await shot(page, 'planning-375-card', page.getByRole('region', { name: `${short}'s stops` }));
  await panel.getByRole('button', { name: `Move ${moved} to another driver or position` }).click();
  await shot(page, 'planning-375-dialog', dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
