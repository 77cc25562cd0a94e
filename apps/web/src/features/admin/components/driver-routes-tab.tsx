import { MAP_HEIGHT_PX, type driverRouteSchema } from '@cargo/shared';
import { Alert, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useDriverRoute } from '../api/get-driver-route.ts';
import { useDrivers } from '../api/get-drivers.ts';
import { useAdminUrl } from '../hooks/use-admin-url.ts';
import { useAdminSlots } from '../slots.tsx';
import { ADMIN_TEXT } from '../texts.ts';
import classes from './admin.module.css';

const T = ADMIN_TEXT.routes;
type Route = z.infer<typeof driverRouteSchema>;
type Point = { x: number; y: number };

const WIDTH = 800;
const PAD = 40;

/**
 * The schematic route map (spec §2: 500 px): the driver, each stop's pickup and delivery, dashed lines from the
 * driver to each pickup and from each pickup to its delivery. Drawn as SVG from the coordinates, no tiles needed.
 */
function RouteMap({ route }: { route: Route }) {
  const { driver, stops } = route;
  const coords: { lat: number; lng: number }[] = [];
  if (driver.currentLat !== null && driver.currentLng !== null) coords.push({ lat: driver.currentLat, lng: driver.currentLng });
  for (const s of stops) {
    if (s.pickup.lat !== null && s.pickup.lng !== null) coords.push({ lat: s.pickup.lat, lng: s.pickup.lng });
    if (s.delivery.lat !== null && s.delivery.lng !== null) coords.push({ lat: s.delivery.lat, lng: s.delivery.lng });
  }
  const minLat = Math.min(...coords.map((c) => c.lat));
  const maxLat = Math.max(...coords.map((c) => c.lat));
  const minLng = Math.min(...coords.map((c) => c.lng));
  const maxLng = Math.max(...coords.map((c) => c.lng));
  const spanLat = maxLat - minLat || 0.01;
  const spanLng = maxLng - minLng || 0.01;
  const project = (lat: number | null, lng: number | null): Point | null =>
    lat === null || lng === null
      ? null
      : { x: PAD + ((lng - minLng) / spanLng) * (WIDTH - 2 * PAD), y: PAD + ((maxLat - lat) / spanLat) * (MAP_HEIGHT_PX - 2 * PAD) };
  const me = project(driver.currentLat, driver.currentLng);

  return (
    <svg viewBox={`0 0 ${WIDTH} ${MAP_HEIGHT_PX}`} className={classes.routeMap} role="img" aria-label={T.mapLabel(driver.name)} preserveAspectRatio="xMidYMid meet">
      {stops.map((s) => {
        const p = project(s.pickup.lat, s.pickup.lng);
        const d = project(s.delivery.lat, s.delivery.lng);
        return (
          <g key={s.packageId}>
            {me && p && <line x1={me.x} y1={me.y} x2={p.x} y2={p.y} stroke="#868e96" strokeWidth={2} strokeDasharray="6 6" />}
            {p && d && <line x1={p.x} y1={p.y} x2={d.x} y2={d.y} stroke="#1c7ed6" strokeWidth={2} strokeDasharray="8 6" />}
            {p && (
              <circle cx={p.x} cy={p.y} r={9} fill="#e8590c">
                <title>{`${T.pickup}: ${s.trackingNumber} — ${s.pickup.address}`}</title>
              </circle>
            )}
            {d && (
              <circle cx={d.x} cy={d.y} r={9} fill="#1971c2">
                <title>{`${T.delivery}: ${s.trackingNumber} — ${s.delivery.address}`}</title>
              </circle>
            )}
          </g>
        );
      })}
      {me && (
        <circle cx={me.x} cy={me.y} r={12} fill="#2b8a3e" stroke="#fff" strokeWidth={3}>
          <title>{`${T.driverPosition}: ${driver.name}`}</title>
        </circle>
      )}
    </svg>
  );
}

/** The Driver Routes tab: a driver's position, pickups and deliveries on a schematic map, and the list of stops. */
export function DriverRoutesTab() {
  const { params, update } = useAdminUrl();
  const driverId = params.get('routeDriver');
  const drivers = useDrivers();
  const route = useDriverRoute(driverId);
  const { routeOptimiser } = useAdminSlots();
  const [legendId] = useState('route-legend');

  const hasPoint =
    route.data &&
    ((route.data.driver.currentLat !== null && route.data.driver.currentLng !== null) ||
      route.data.stops.some((s) => s.pickup.lat !== null || s.delivery.lat !== null));

  return (
    <Stack gap="md">
      <Select
        label={T.driver}
        placeholder={T.choose}
        data={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        value={driverId}
        onChange={(v) => update({ routeDriver: v })}
        searchable
        maw={360}
      />
      {driverId && route.isPending && <Skeleton height={MAP_HEIGHT_PX} />}
      {route.isError && <Alert color="red">{ADMIN_TEXT.common.loadFailed}</Alert>}
      {route.data && (
        <>
          {hasPoint ? (
            <>
              <RouteMap route={route.data} />
              <Text size="sm" id={legendId}>
                <span style={{ color: '#2b8a3e' }}>●</span> {T.driverPosition} · <span style={{ color: '#e8590c' }}>●</span> {T.pickup} ·{' '}
                <span style={{ color: '#1971c2' }}>●</span> {T.delivery}
              </Text>
            </>
          ) : (
            <Paper withBorder p="lg" radius="md">
              <Text>{T.noLocation}</Text>
            </Paper>
          )}
          {driverId && routeOptimiser?.(driverId, () => void route.refetch())}
          <Title order={2} size="h4">
            {T.stops}
          </Title>
          {route.data.stops.length === 0 ? (
            <Text>{T.noPackages}</Text>
          ) : (
            <div className={classes.tableWrap} role="region" aria-label={T.stops} tabIndex={0}>
              <Table className={classes.table} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{ADMIN_TEXT.packages.columns.trackingNumber}</Table.Th>
                    <Table.Th>{ADMIN_TEXT.packages.columns.status}</Table.Th>
                    <Table.Th>{ADMIN_TEXT.packages.columns.customer}</Table.Th>
                    <Table.Th>{T.pickup}</Table.Th>
                    <Table.Th>{T.delivery}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {route.data.stops.map((s) => (
                    <Table.Tr key={s.packageId}>
                      <Table.Td className={classes.nowrap}>{s.trackingNumber}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={s.status} />
                      </Table.Td>
                      <Table.Td>{s.customerName}</Table.Td>
                      <Table.Td>{s.pickup.address}</Table.Td>
                      <Table.Td>{s.delivery.address}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </>
      )}
    </Stack>
  );
}
