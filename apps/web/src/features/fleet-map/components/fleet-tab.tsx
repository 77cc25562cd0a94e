import { fleetStateOf, type FleetDriver, type FleetState } from '@cargo/shared';
import { Alert, Badge, Grid, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title, CloseButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, memo, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useFleet, useFleetMapConfig } from '../api/get-fleet.ts';
import { useFleetSocket } from '../hooks/use-fleet-socket.ts';
import { FLEET_TEXT as T } from '../texts.ts';
import { FleetStore } from '../utils/fleet-store.ts';
import classes from './fleet-map.module.css';

const FleetLeafletMap = lazy(() => import('./fleet-leaflet-map.tsx'));

/** Ages and states are worked out again this often, so 'stopped' and 'no position' appear without a new fix. */
const TICK_MS = 5_000;
const STATE_ORDER: FleetState[] = ['moving', 'stopped', 'offline'];

/**
 * The live fleet map (issue 20): the day's counts, every active driver on one map coloured by state and grouped where
 * they crowd, the same drivers in a list with a filter, and the chosen driver's vehicle, speed, heading, last update,
 * load and next stop. Positions arrive over /ws (admin only).
 */
export function FleetTab() {
  const [store] = useState(() => new FleetStore());
  const fleet = useFleet();
  const mapConfig = useFleetMapConfig();
  const { refetch } = fleet;
  useEffect(() => {
    if (fleet.data) store.load(fleet.data);
  }, [fleet.data, store]);
  useEffect(() => {
    store.onUnknownDriver = () => void refetch();
    return () => {
      store.onUnknownDriver = null;
    };
  }, [store, refetch]);
  const status = useFleetSocket(store, () => void refetch());
  const version = useSyncExternalStore(store.subscribe, store.getVersion);
  const drivers = useMemo(() => store.list(), [store, version]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter.trim().toLowerCase(), 150);
  const [stateFilter, setStateFilter] = useState<FleetState | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const shown = useMemo(
    () =>
      drivers
        .filter((d) => !debounced || `${d.name} ${d.vehicleId} ${d.phone}`.toLowerCase().includes(debounced))
        .filter((d) => !stateFilter || fleetStateOf(d.position, now) === stateFilter)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [drivers, debounced, stateFilter, now],
  );
  const selected = selectedId ? store.get(selectedId) : undefined;

  if (fleet.isError) return <Alert color="red">{T.refused}</Alert>;
  const counts = fleet.data?.counts;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {T.title}
        </Title>
        <Badge color={status === 'live' ? 'teal.9' : status === 'refused' ? 'red.9' : 'gray.7'} variant="filled" role="status">
          {status === 'live' ? T.live : status === 'refused' ? T.refused : T.reconnecting}
        </Badge>
      </Group>
      {/* One row of five at every width: on a phone a compact strip, so the map starts in the first screen. */}
      <div className={classes.counts} role="group" aria-label={T.countsLabel}>
        {(Object.keys(T.counts) as (keyof typeof T.counts)[]).map((key) => (
          <div key={key} className={classes.count}>
            <span className={`${classes.countValue} ${key === 'late' && counts && counts.late > 0 ? classes.late : ''}`}>{counts ? counts[key].toLocaleString('en-US') : '…'}</span>
            <span className={classes.countLabel}>{T.counts[key]}</span>
          </div>
        ))}
      </div>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Suspense fallback={<Skeleton height={560} />}>
            {mapConfig.isPending ? (
              <Skeleton height={560} />
            ) : (
              <FleetLeafletMap
                drivers={drivers}
                now={now}
                selectedId={selectedId}
                onSelect={setSelectedId}
                tileUrl={mapConfig.data?.tileUrl ?? null}
                attribution={mapConfig.data?.attribution ?? ''}
              />
            )}
          </Suspense>
          <Group gap="md" mt="xs">
            {STATE_ORDER.map((state) => (
              <Group key={state} gap={6}>
                <span className={`${classes.dot} ${classes[state]}`} aria-hidden />
                <Text size="xs">{T.states[state]}</Text>
              </Group>
            ))}
            <Group gap={6}>
              <span className={`${classes.dot} ${classes.lateRing}`} aria-hidden />
              <Text size="xs">{T.lateLegend}</Text>
            </Group>
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            {selected && <DriverDetails driver={selected} now={now} onClose={() => setSelectedId(null)} />}
            <Group gap="xs" grow>
              <TextInput label={T.filter} placeholder={T.filterPlaceholder} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
              <Select
                label={T.stateFilter}
                placeholder={T.anyState}
                data={STATE_ORDER.map((s) => ({ value: s, label: T.states[s] }))}
                value={stateFilter}
                onChange={(v) => setStateFilter(v as FleetState | null)}
                clearable
              />
            </Group>
            <Text size="xs" c="dimmed" aria-live="polite">
              {T.shown(shown.length, drivers.length)}
            </Text>
            {fleet.isPending ? (
              <Skeleton height={200} />
            ) : drivers.length === 0 ? (
              <Text>{T.none}</Text>
            ) : shown.length === 0 ? (
              <Text>{T.noMatch}</Text>
            ) : (
              <div className={classes.list} role="region" aria-label={T.list} tabIndex={0}>
                {shown.map((d) => {
                  const state = fleetStateOf(d.position, now);
                  const age = d.position ? T.age(now - Date.parse(d.position.recordedAt)) : T.never;
                  return (
                    <DriverRow
                      key={d.id}
                      id={d.id}
                      name={d.name}
                      vehicleId={d.vehicleId}
                      state={state}
                      age={age}
                      lateStops={d.lateStops}
                      selected={d.id === selectedId}
                      onSelect={setSelectedId}
                    />
                  );
                })}
              </div>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

interface DriverRowProps {
  id: string;
  name: string;
  vehicleId: string;
  state: FleetState;
  age: string;
  /** Open stops expected after their window's end (0: on time). */
  lateStops: number;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** A row re-renders only when what it shows changes: a batch of 40 positions touches 40 rows, not 200. */
const DriverRow = memo(function DriverRow({ id, name, vehicleId, state, age, lateStops, selected, onSelect }: DriverRowProps) {
  return (
    <button type="button" className={classes.row} aria-pressed={selected} onClick={() => onSelect(id)}>
      <span className={`${classes.dot} ${classes[state]}`} aria-hidden />
      <span>
        <Text size="sm" fw={600} component="span" display="block">
          {name}
        </Text>
        <Text size="xs" component="span" display="block">
          {vehicleId} · {T.stateShort[state]} · {age}
        </Text>
        {lateStops > 0 && (
          <Text size="xs" component="span" display="block" fw={700} className={classes.late} data-testid="driver-late">
            {T.runningLate(lateStops)}
          </Text>
        )}
      </span>
    </button>
  );
});

/** A moment with its day: a late arrival may be days after the window's end. */
const clock = (iso: string) => new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function DriverDetails({ driver, now, onClose }: { driver: FleetDriver; now: number; onClose: () => void }) {
  const state = fleetStateOf(driver.position, now);
  const D = T.details;
  const rows: [string, string][] = [
    [D.vehicle, driver.vehicleId],
    [D.speed, T.speed(driver.position?.speed ?? null)],
    [D.heading, T.heading(driver.position?.heading ?? null)],
    [D.lastUpdate, driver.position ? `${new Date(driver.position.recordedAt).toLocaleTimeString('en-US')} (${T.age(now - Date.parse(driver.position.recordedAt))})` : T.never],
    [D.onBoard, String(driver.packagesOnBoard)],
    [D.nextStop, driver.nextStop ? `${driver.nextStop.trackingNumber} — ${driver.nextStop.address}` : D.none],
    [
      D.late,
      driver.firstLateStop
        ? `${T.runningLate(driver.lateStops)} (${T.lateStop(driver.firstLateStop.trackingNumber, clock(driver.firstLateStop.eta), clock(driver.firstLateStop.windowEnd))})`
        : D.onTime,
    ],
  ];
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={driver.name}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5">
          {driver.name}
        </Title>
        <CloseButton onClick={onClose} aria-label={D.close} />
      </Group>
      <Group gap={6} mb={4}>
        <span className={`${classes.dot} ${classes[state]}`} aria-hidden />
        <Text size="sm">{T.states[state]}</Text>
      </Group>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', fontSize: 14 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 600 }}>{label}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
