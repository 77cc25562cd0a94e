import { mapConfigSchema, type DayPlan, type PlanViolation, type Shift } from '@cargo/shared';
import { ActionIcon, Alert, Badge, Button, Group, Modal, NativeSelect, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import stacked from '../../../components/ui/stacked-table.module.css';
import { api } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/toast.ts';
import { useCheckPlan, useCommitPlan, type RouteEdit } from '../api/planning.ts';
import { PLANNING_TEXT as T } from '../texts.ts';
import { useClock, windowText } from '../utils/clock.ts';
import { driverColour, moveStop, placeStop, routesOf, sameRoutes } from '../utils/plan-edit.ts';
import type { PlanMapRoute } from './plan-map.tsx';
import classes from './planning.module.css';

const PlanMap = lazy(() => import('./plan-map.tsx'));

type Route = DayPlan['routes'][number];
type Stop = Route['stops'][number];
type Unplanned = DayPlan['unplanned'][number];

export interface PlanReviewProps {
  date: string;
  /** The planner's proposal, as /plan answered it. */
  proposed: DayPlan;
  planKey: number;
  /** The day's saved shifts: the routes' start and end places on the map. */
  shifts: Shift[];
  /** Told when the plan is committed. */
  onCommitted?: () => void;
}

/**
 * A plan under review (issue 34, part 4): the map and legend, totals per driver and overall, each driver's stops with
 * controls to move one (up, down, or to another driver and position: each change is checked by the server against
 * windows, capacity and shifts), the packages left out with their reason, and Commit once no problem remains.
 */
export function PlanReview({ date, proposed, planKey, shifts, onCommitted }: PlanReviewProps) {
  const [shown, setShown] = useState<DayPlan>(proposed);
  const [routes, setRoutes] = useState<RouteEdit[]>(() => routesOf(proposed));
  const [violations, setViolations] = useState<PlanViolation[]>([]);
  const [committed, setCommitted] = useState<{ packages: number; drivers: number } | null>(null);
  const [moving, setMoving] = useState<Stop | null>(null);
  const [placing, setPlacing] = useState<Unplanned | null>(null);
  const [confirmCommit, setConfirmCommit] = useState(false);
  const check = useCheckPlan();
  const commit = useCommitPlan();
  const asked = useRef(0);
  const clock = useClock(proposed.timeZone);
  const mapConfig = useQuery({ queryKey: ['config', 'map'], queryFn: ({ signal }) => api.get('/api/config/map', mapConfigSchema, { signal }), staleTime: Number.POSITIVE_INFINITY });

  const colours = useMemo(() => new Map(proposed.routes.map((r, i) => [r.driverId, driverColour(i)])), [proposed]);
  const edited = !sameRoutes(routes, routesOf(proposed));

  /** Applies an arrangement: the proposal again without asking, otherwise the server's check of it. */
  const arrange = (next: RouteEdit[]) => {
    setCommitted(null);
    const ticket = ++asked.current;
    if (sameRoutes(next, routesOf(proposed))) {
      check.reset();
      setRoutes(next);
      setShown(proposed);
      setViolations([]);
      return;
    }
    setRoutes(next);
    check.mutate(
      { date, routes: next },
      {
        onSuccess: (checked) => {
          if (ticket !== asked.current) return;
          setShown(checked);
          setViolations(checked.violations);
        },
        onError: () => {
          // The change is not kept: the screen goes on showing the last plan that was checked.
          if (ticket === asked.current) setRoutes(routesOf(shown));
        },
      },
    );
  };
  const move = (stop: Stop, toDriverId: string, toIndex: number) => arrange(moveStop(routes, stop.packageId, toDriverId, toIndex));
  // A package put in by hand that the check could not place (it stays listed as not planned) is moved, not put in twice.
  const place = (pkg: Unplanned, toDriverId: string, toIndex: number) =>
    arrange(routes.some((r) => r.packageIds.includes(pkg.packageId)) ? moveStop(routes, pkg.packageId, toDriverId, toIndex) : placeStop(routes, pkg.packageId, toDriverId, toIndex));

  const doCommit = () =>
    commit.mutate(
      { date, routes },
      {
        onSuccess: (done) => {
          setConfirmCommit(false);
          setCommitted({ packages: done.packages, drivers: done.drivers });
          onCommitted?.();
        },
        onError: () => setConfirmCommit(false),
      },
    );

  const mapRoutes: PlanMapRoute[] = useMemo(() => {
    const placeOf = (driverId: string, which: 'start' | 'end') => {
      const place = shifts.find((s) => s.driverId === driverId)?.[which];
      return place && place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : null;
    };
    return shown.routes.map((r) => ({
      driverId: r.driverId,
      driverName: r.driverName,
      colour: colours.get(r.driverId) ?? '#495057',
      start: placeOf(r.driverId, 'start'),
      end: placeOf(r.driverId, 'end'),
      stops: r.stops.map((s) => ({ packageId: s.packageId, trackingNumber: s.trackingNumber, lat: s.lat, lng: s.lng })),
    }));
  }, [shown, colours, shifts]);

  const busy = check.isPending || commit.isPending;
  const nothing = shown.routes.every((r) => r.stops.length === 0) && shown.unplanned.length === 0;
  const byDriver = (driverId: string) => violations.filter((v) => v.driverId === driverId && v.packageId === null);
  const byStop = (packageId: string) => violations.filter((v) => v.packageId === packageId);

  return (
    <Stack gap="md" component="section" aria-labelledby="planning-plan-title">
      <Title order={3} size="h4" id="planning-plan-title">
        {T.plan.title}
      </Title>
      <Text size="sm">
        {T.plan.madeBy(T.plan.engine[proposed.engine])} {T.plan.clock(proposed.timeZone)}
      </Text>
      {/* The planner's engine and notice: a check of a change by hand recomputes the routes, it does not plan again. */}
      {proposed.notice && (
        <Alert color="yellow" role="status">
          {proposed.notice}
        </Alert>
      )}
      {nothing ? (
        <Text>{T.plan.empty}</Text>
      ) : (
        <>
          <ul className={classes.legend} aria-label={T.map.legend}>
            {shown.routes.map((r) => (
              <li key={r.driverId} data-colour={colours.get(r.driverId)}>
                <span className={classes.swatch} style={{ background: colours.get(r.driverId) }} aria-hidden />
                {r.driverName} ({r.stops.length})
              </li>
            ))}
          </ul>
          <Suspense fallback={<Skeleton height={340} />}>
            {mapConfig.isPending ? <Skeleton height={340} /> : <PlanMap routes={mapRoutes} planKey={planKey} tileUrl={mapConfig.data?.tileUrl ?? null} attribution={mapConfig.data?.attribution ?? ''} />}
          </Suspense>
          <Totals plan={shown} clock={clock} colours={colours} />

          <div aria-live="polite">
            {check.isPending ? (
              <Text size="sm" role="status">
                {T.check.checking}
              </Text>
            ) : check.isError ? (
              <Alert color="red" role="alert" title={T.check.failed}>
                {serverMessage(check.error) ?? check.error.message}
              </Alert>
            ) : violations.length > 0 ? (
              <Alert color="red" title={T.check.problems(violations.length)}>
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {violations.map((v, i) => (
                    <li key={i}>
                      {shown.routes.find((r) => r.driverId === v.driverId)?.driverName ?? v.driverId}: {v.message}
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : edited ? (
              <Text size="sm" role="status">
                {T.check.fine}
              </Text>
            ) : null}
          </div>
          {edited && (
            <Group>
              <Button variant="default" onClick={() => arrange(routesOf(proposed))} disabled={busy}>
                {T.check.discard}
              </Button>
            </Group>
          )}

          <div className={classes.routes}>
            {shown.routes.map((route) => (
              <RouteCard
                key={route.driverId}
                route={route}
                colour={colours.get(route.driverId) ?? '#495057'}
                clock={clock}
                problems={byDriver(route.driverId)}
                problemsOf={byStop}
                disabled={busy}
                onEarlier={(stop, i) => move(stop, route.driverId, i - 1)}
                onLater={(stop, i) => move(stop, route.driverId, i + 1)}
                onMove={setMoving}
              />
            ))}
          </div>

          <UnplannedList plan={shown} disabled={busy || shown.routes.length === 0} onPlace={setPlacing} />

          <Stack gap={6}>
            <Text size="sm">{T.commit.explain}</Text>
            {violations.length > 0 && <Text size="sm" c="red.9">{T.commit.blocked}</Text>}
            <Group>
              <Button onClick={() => setConfirmCommit(true)} disabled={busy || violations.length > 0 || check.isError || committed !== null || shown.routes.every((r) => r.stops.length === 0)}>
                {T.commit.button}
              </Button>
            </Group>
            {committed && (
              <Alert color="green" role="status">
                {T.commit.done(committed.packages, committed.drivers)}
              </Alert>
            )}
            {commit.isError && (
              <Alert color="red" role="alert" title={T.commit.failed}>
                {serverMessage(commit.error) ?? commit.error.message}
              </Alert>
            )}
          </Stack>
        </>
      )}
      <ConfirmModal opened={confirmCommit} message={T.commit.confirm} confirmLabel={T.commit.button} onConfirm={doCommit} onCancel={() => setConfirmCommit(false)} pending={commit.isPending} danger={false} />
      {moving && (
        <PlaceDialog
          title={T.move.title(moving.trackingNumber)}
          confirmLabel={T.move.confirm}
          routes={shown.routes}
          from={shown.routes.find((r) => r.stops.some((s) => s.packageId === moving.packageId))!.driverId}
          fromIndex={shown.routes.flatMap((r) => r.stops.map((s, i) => [s.packageId, i] as const)).find(([id]) => id === moving.packageId)![1]}
          onClose={() => setMoving(null)}
          onPlace={(driverId, index) => (setMoving(null), move(moving, driverId, index))}
        />
      )}
      {placing && (
        <PlaceDialog
          title={T.place.title(placing.trackingNumber)}
          explain={T.place.explain}
          confirmLabel={T.place.confirm}
          routes={shown.routes}
          from={null}
          fromIndex={0}
          onClose={() => setPlacing(null)}
          onPlace={(driverId, index) => (setPlacing(null), place(placing, driverId, index))}
        />
      )}
    </Stack>
  );
}

function Totals({ plan, clock, colours }: { plan: DayPlan; clock: (iso: string | null) => string; colours: Map<string, string> }) {
  const C = T.totals;
  const row = (key: string, name: ReactNode, t: { stops: number; distanceM: number; drivingSeconds: number; loadPackages: number; loadWeightKg: number; finish: string | null }, load: string, leaves: string) => (
    <Table.Tr key={key}>
      <Table.Td data-label={C.driver}>{name}</Table.Td>
      <Table.Td data-label={C.stops}>{t.stops}</Table.Td>
      <Table.Td data-label={C.distance}>{T.km(t.distanceM)}</Table.Td>
      <Table.Td data-label={C.driving}>{T.duration(t.drivingSeconds)}</Table.Td>
      <Table.Td data-label={C.load}>{load}</Table.Td>
      <Table.Td data-label={C.leaves}>{leaves}</Table.Td>
      <Table.Td data-label={C.finish}>{clock(t.finish)}</Table.Td>
    </Table.Tr>
  );
  return (
    <div className={classes.scroll} role="region" aria-label={C.tableLabel} tabIndex={0}>
      <Table className={`${stacked.stacked} ${classes.totalsTable}`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{C.driver}</Table.Th>
            <Table.Th>{C.stops}</Table.Th>
            <Table.Th>{C.distance}</Table.Th>
            <Table.Th>{C.driving}</Table.Th>
            <Table.Th>{C.load}</Table.Th>
            <Table.Th>{C.leaves}</Table.Th>
            <Table.Th>{C.finish}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.routes.map((r) =>
            row(
              r.driverId,
              <Group gap={6} wrap="nowrap" component="span">
                <span className={classes.swatch} style={{ background: colours.get(r.driverId) }} aria-hidden />
                {r.driverName}
              </Group>,
              r.totals,
              T.load(r.totals.loadPackages, r.capacityPackages, r.totals.loadWeightKg, r.capacityWeightKg),
              clock(r.totals.departure),
            ),
          )}
          {row('overall', C.overall, plan.totals, `${plan.totals.loadPackages}${plan.totals.loadWeightKg > 0 ? ` · ${plan.totals.loadWeightKg} kg` : ''}`, '—')}
        </Table.Tbody>
      </Table>
    </div>
  );
}

interface RouteCardProps {
  route: Route;
  colour: string;
  clock: (iso: string | null) => string;
  problems: PlanViolation[];
  problemsOf: (packageId: string) => PlanViolation[];
  disabled: boolean;
  onEarlier: (stop: Stop, index: number) => void;
  onLater: (stop: Stop, index: number) => void;
  onMove: (stop: Stop) => void;
}

function RouteCard({ route, colour, clock, problems, problemsOf, disabled, onEarlier, onLater, onMove }: RouteCardProps) {
  const R = T.route;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={R.stopsLabel(route.driverName)} style={{ borderTop: `4px solid ${colour}` }}>
      <Group gap={6} wrap="nowrap" mb={4}>
        <span className={classes.swatch} style={{ background: colour }} aria-hidden />
        <Title order={4} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {route.driverName}
        </Title>
      </Group>
      <Text size="xs" c="dimmed" mb={4}>
        {T.totals.stops}: {route.totals.stops} · {T.km(route.totals.distanceM)} · {T.duration(route.totals.drivingSeconds)} · {T.totals.finish.toLowerCase()} {clock(route.totals.finish)}
      </Text>
      {problems.map((p, i) => (
        <Text key={i} size="sm" c="red.9" fw={600} role="note">
          {p.message}
        </Text>
      ))}
      {route.stops.length === 0 ? (
        <Text size="sm">{R.none}</Text>
      ) : (
        <ol className={classes.stops}>
          {route.stops.map((stop, i) => {
            const wrong = problemsOf(stop.packageId);
            return (
              <li key={stop.packageId} className={classes.stop} data-package-id={stop.packageId}>
                <span className={classes.stopNumber} style={{ background: colour }} aria-hidden>
                  {i + 1}
                </span>
                <div className={classes.stopBody}>
                  <Text size="sm" fw={600}>
                    {stop.trackingNumber}
                  </Text>
                  <Text size="xs">{stop.address}</Text>
                  <Text size="xs" c="dimmed">
                    {R.arrival} {clock(stop.arrival)} · {R.window} {windowText(stop.windowStart, stop.windowEnd, clock)}
                  </Text>
                  {wrong.map((w, k) => (
                    <Badge key={k} color="red.9" variant="filled" size="sm" style={{ whiteSpace: 'normal', height: 'auto' }}>
                      {w.message}
                    </Badge>
                  ))}
                </div>
                <div className={classes.stopActions}>
                  <ActionIcon variant="default" size="lg" aria-label={R.earlier(stop.trackingNumber)} disabled={disabled || i === 0} onClick={() => onEarlier(stop, i)}>
                    <span aria-hidden>↑</span>
                  </ActionIcon>
                  <ActionIcon variant="default" size="lg" aria-label={R.later(stop.trackingNumber)} disabled={disabled || i === route.stops.length - 1} onClick={() => onLater(stop, i)}>
                    <span aria-hidden>↓</span>
                  </ActionIcon>
                  <Button variant="default" size="compact-sm" h={34} aria-label={R.moveLabel(stop.trackingNumber)} disabled={disabled} onClick={() => onMove(stop)}>
                    {R.move}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Paper>
  );
}

function UnplannedList({ plan, disabled, onPlace }: { plan: DayPlan; disabled: boolean; onPlace: (pkg: Unplanned) => void }) {
  const U = T.unplanned;
  return (
    <Stack gap={6} component="section" aria-labelledby="planning-unplanned-title">
      <Title order={4} size="h5" id="planning-unplanned-title">
        {U.title(plan.unplanned.length)}
      </Title>
      {plan.unplanned.length === 0 ? (
        <Text size="sm">{U.none}</Text>
      ) : (
        <div className={classes.scroll} role="region" aria-label={U.tableLabel} tabIndex={0}>
          <Table className={stacked.stacked} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{U.tracking}</Table.Th>
                <Table.Th>{U.reason}</Table.Th>
                <Table.Th>{U.action}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plan.unplanned.map((u) => (
                <Table.Tr key={u.packageId}>
                  <Table.Td data-label={U.trackingShort} style={{ overflowWrap: 'anywhere' }}>
                    {u.trackingNumber}
                  </Table.Td>
                  <Table.Td data-label={U.reason}>{u.label}</Table.Td>
                  {/* Without a position no route can drive to it: nothing to offer until its address is found on the map. */}
                  <Table.Td data-label={U.action}>
                    {u.reason !== 'no-position' && (
                      <Button variant="default" size="compact-sm" h={34} aria-label={U.placeLabel(u.trackingNumber)} disabled={disabled} onClick={() => onPlace(u)}>
                        {U.place}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}

interface PlaceDialogProps {
  title: string;
  explain?: string;
  confirmLabel: string;
  routes: Route[];
  /** The driver whose route the stop is on, or null for a package on no route (one the plan left out). */
  from: string | null;
  /** Its index in that route. */
  fromIndex: number;
  onClose: () => void;
  onPlace: (driverId: string, index: number) => void;
}

/** A driver and a position in their route, by two native selects: to move a planned stop or put in a left-out one. */
function PlaceDialog({ title, explain, confirmLabel, routes, from, fromIndex, onClose, onPlace }: PlaceDialogProps) {
  const M = T.move;
  const [driverId, setDriverId] = useState(from ?? routes[0]!.driverId);
  const target = routes.find((r) => r.driverId === driverId)!;
  const endOf = (id: string) => (routes.find((r) => r.driverId === id)?.stops.length ?? 0) + 1;
  // Positions in the chosen route once the stop has left its own: one more place in any other route.
  const places = target.driverId === from ? target.stops.length : target.stops.length + 1;
  // Its own place in its own route; the end of any other route, unless dispatch picks a place.
  const [position, setPosition] = useState(() => (from === null ? endOf(driverId) : fromIndex + 1));
  const shownPosition = Math.min(position, places);
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': M.close }}>
      <Stack gap="sm">
        {explain && <Text size="sm">{explain}</Text>}
        <NativeSelect
          label={M.driver}
          value={driverId}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setDriverId(next);
            setPosition(next === from ? fromIndex + 1 : endOf(next));
          }}
          data={routes.map((r) => ({ value: r.driverId, label: `${r.driverName} (${r.stops.length})` }))}
        />
        <NativeSelect
          label={M.position}
          value={String(shownPosition)}
          onChange={(e) => setPosition(Number(e.currentTarget.value))}
          data={Array.from({ length: places }, (_, i) => ({ value: String(i + 1), label: M.positionOption(i + 1, places) }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button onClick={() => onPlace(driverId, shownPosition - 1)}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
