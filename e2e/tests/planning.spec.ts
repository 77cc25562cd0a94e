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

test('Planning: a package the plan left out put into a route by hand and checked; during the day a package added after the commit is refused while every van is full, then inserted once a stop is done; 375 px', async ({ page, request, token }) => {
  const date = '2051-06-20';
  const due = 'Tuesday, June 20, 2051 - Tuesday, June 20, 2051';
  // Two drivers with vans of 3 and seven packages due: one is left out for capacity.
  const [ann, bob] = [await createDriver(request, token, { pin: '135790' }), await createDriver(request, token, { pin: '135791' })];
  const shifts = await request.put(`/api/planning/${date}/shifts`, {
    headers: bearer(token),
    data: { shifts: [ann, bob].map((d) => ({ driverId: d.id, startTime: '08:00', endTime: '18:00', capacityPackages: 3 })) },
  });
  expect(shifts.ok(), await shifts.text()).toBe(true);
  const tag = uniqueTag('INS');
  for (let k = 0; k < 7; k++) {
    await createPackage(request, token, {
      trackingNumber: `${tag}-${k}`,
      estimatedDelivery: due,
      deliveryAddress: `${200 + k} N Test Ave, Chicago, IL`,
      deliveryLat: 41.86 + k * 0.01,
      deliveryLng: -87.66 - (k % 2) * 0.03,
    });
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, token, '?tab=planning');
  const panel = page.getByRole('tabpanel', { name: 'Planning' });
  await panel.getByLabel('Day', { exact: true }).fill(date);
  await expect(panel.getByRole('region', { name: "The day's shifts" }).getByRole('row')).toHaveCount(3);
  await expect(panel.getByRole('region', { name: 'Shifts', exact: true })).toHaveCount(1);
  // Before any plan every due package is in no driver's order, and the tab says so.
  const outside = panel.getByRole('region', { name: "Packages due this day in no driver's order" });
  await expect(panel.getByRole('heading', { name: "Due this day, in no driver's order (7)" })).toBeVisible();
  await expect(outside.getByRole('row')).toHaveCount(8);

  await panel.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'The plan' })).toBeVisible({ timeout: 30_000 });
  const unplanned = panel.getByRole('region', { name: 'Packages not planned, with the reason' }).getByRole('row');
  await expect(unplanned).toHaveCount(2);
  await expect(unplanned.nth(1)).toContainText('No capacity');
  const left = (await unplanned.nth(1).getByRole('cell').first().textContent())!.trim();
  const notCommitted = panel.getByText('The plan above is not committed', { exact: false });
  await expect(notCommitted).toBeVisible();
  expect(left).toMatch(new RegExp(`^${tag}-\\d$`));
  const totals = panel.getByRole('region', { name: 'Totals per driver and overall' });
  const totalsRow = (name: string) => totals.getByRole('row').filter({ hasText: name });
  await expect(totalsRow(ann.name)).toContainText('3 / 3');

  // Put it into Ann's route first, by hand: the server's check finds her van over capacity; Commit is off.
  await panel.getByRole('button', { name: `Put ${left} into a driver's route` }).click();
  const dialog = page.getByRole('dialog', { name: `Put ${left} into a route` });
  await expect(dialog.getByLabel('Position')).toHaveValue('4');
  await dialog.getByLabel('Driver').selectOption({ label: `${ann.name} (3)` });
  await dialog.getByLabel('Position').selectOption({ label: '1 of 4' });
  await expectNoSeriousViolations(page, 'Planning: putting a left-out package into a route');
  await shot(page, 'planning-place-dialog-1280', dialog);
  await dialog.getByRole('button', { name: 'Put in route' }).click();
  await expect(panel.getByText('1 problem in the changed plan')).toBeVisible();
  expect((await stopsOf(page, ann.name))[0]).toBe(left);
  await expect(totalsRow(ann.name)).toContainText('4 / 3');
  await expect(totals.getByRole('row').last()).toContainText('7');
  await expect(panel.getByRole('heading', { name: 'Not planned (0)' })).toBeVisible();
  await expect(page.getByRole('region', { name: `${ann.name}'s stops` }).getByRole('note')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Commit plan' })).toBeDisabled();
  await shot(page, 'planning-placed-1280');

  // Back to the planner's plan, committed: the left-out package stays in no driver's order.
  await panel.getByRole('button', { name: 'Discard my changes' }).click();
  await expect(panel.getByRole('heading', { name: 'Not planned (1)' })).toBeVisible();
  await panel.getByRole('button', { name: 'Commit plan' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Commit plan' }).click();
  await expect(panel.getByText('Plan committed: 6 packages assigned to 2 drivers.', { exact: false })).toBeVisible();
  await expect(panel.getByRole('heading', { name: "Due this day, in no driver's order (1)" })).toBeVisible();
  await expect(notCommitted).toHaveCount(0);
  await expect(outside.getByRole('row')).toHaveCount(2);
  await expect(outside.getByRole('row').nth(1)).toContainText(left);
  await expect(outside.getByRole('row').nth(1)).toContainText('Not assigned');

  // A package added during the day: both vans are full, so the server refuses it and says why.
  const added = await createPackage(request, token, { trackingNumber: `${tag}-NEW`, estimatedDelivery: due, deliveryAddress: '250 N Test Ave, Chicago, IL', deliveryLat: 41.865, deliveryLng: -87.66 });
  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect(outside.getByRole('row')).toHaveCount(3);
  // Newest first.
  await expect(outside.getByRole('row').nth(1)).toContainText(`${tag}-NEW`);
  await panel.getByRole('button', { name: `Insert ${tag}-NEW into a route` }).click();
  await expect(outside.getByRole('alert')).toHaveText(`${tag}-NEW was not inserted: No route can take ${tag}-NEW within its window, the shift and the vehicle's capacity`);
  await expect(outside.getByRole('row')).toHaveCount(3);

  // Ann delivers her first stop: her van has room, so the package goes into her route, after the stop already done.
  const annStops = await getJson(request, token, `/api/drivers/${ann.id}/stops`, driverStopsSchema);
  const done = await request.patch(`/api/packages/${annStops.stops[0]!.packageId}/status`, { headers: bearer(token), data: { status: 'delivered' } });
  expect(done.ok(), await done.text()).toBe(true);
  await panel.getByRole('button', { name: `Insert ${tag}-NEW into a route` }).click();
  const results = panel.getByRole('list', { name: 'Insertions made here' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toHaveText(new RegExp(`^${tag}-NEW inserted into ${ann.name}'s route as stop ([1-3]) of those still to make: (less than a minute|\\d+ min) more driving, arriving about \\d{1,2}:\\d{2}\\s(AM|PM)\\.$`));
  const stop = Number(/as stop (\d)/.exec((await results.first().textContent())!)![1]);
  const after = await getJson(request, token, `/api/drivers/${ann.id}/stops`, driverStopsSchema);
  expect(after.stops.map((s) => s.trackingNumber)).toHaveLength(3);
  expect(after.stops[stop - 1]!.packageId).toBe(added.id);
  await expect(outside.getByRole('row')).toHaveCount(2);
  await expect(panel.getByRole('heading', { name: "Due this day, in no driver's order (1)" })).toBeVisible();
  await expect(outside.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Planning: during the day at 1280px');
  await shot(page, 'planning-unrouted-1280', panel.getByRole('region', { name: /^Due this day, in no driver's order/ }));

  // At 375 px: nothing wider than the screen; the list reads as cards.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(outside).toBeVisible();
  await expectNoHorizontalOverflow(page, 'Planning during the day at 375px');
  await expectNoSeriousViolations(page, 'Planning: during the day at 375px');
  await shot(page, 'planning-375-during-day');
  await panel.getByRole('button', { name: `Put ${left} into a driver's route` }).click();
  await expectNoHorizontalOverflow(page, 'The put-in-a-route dialog at 375px');
  await shot(page, 'planning-375-place-dialog', dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
