import type { FleetState } from '@cargo/shared';

/** The fleet map's words (issue 20). */
export const FLEET_TEXT = {
  title: 'Live Fleet',
  counts: {
    outForDelivery: 'Out for delivery',
    deliveredToday: 'Delivered today',
    attemptedToday: 'Attempted today',
    late: 'Late',
    unassigned: 'Unassigned',
  },
  countsLabel: 'Today at a glance',
  states: { moving: 'Moving', stopped: 'Stopped over 5 min', offline: 'No position over 10 min' } as Record<FleetState, string>,
  stateShort: { moving: 'moving', stopped: 'stopped', offline: 'no position' } as Record<FleetState, string>,
  filter: 'Filter drivers',
  filterPlaceholder: 'Name, vehicle or phone',
  stateFilter: 'State',
  anyState: 'Any state',
  list: 'Drivers on the map',
  none: 'No active driver.',
  noMatch: 'No driver matches.',
  shown: (shown: number, total: number) => `${shown} of ${total} drivers`,
  mapLabel: 'Map of the fleet: each driver coloured by state; numbers are groups of drivers',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  refused: 'The live feed needs an admin session: sign in again.',
  details: {
    vehicle: 'Vehicle',
    speed: 'Speed',
    heading: 'Heading',
    lastUpdate: 'Last update',
    onBoard: 'Packages on board',
    nextStop: 'Next stop',
    late: 'Running late',
    onTime: 'No: every stop within its window',
    none: '—',
    close: 'Close',
  },
  age: (ms: number) => {
    if (ms < 0 || ms < 60_000) return `${Math.max(0, Math.round(ms / 1000))} s ago`;
    if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min ago`;
    if (ms < 86_400_000) return `${Math.round(ms / 3_600_000)} h ago`;
    return `${Math.round(ms / 86_400_000)} d ago`;
  },
  never: 'never',
  speed: (mps: number | null) => (mps === null ? '—' : `${(mps * 2.23694).toFixed(0)} mph`),
  heading: (deg: number | null) => (deg === null ? '—' : `${Math.round(deg)}°`),
  cluster: (n: number) => `${n} drivers here: zoom in`,
  /** A driver expected after a stop's window (issue 34). */
  runningLate: (stops: number) => `Running late: ${stops} ${stops === 1 ? 'stop' : 'stops'}`,
  lateTooltip: (name: string, stops: number) => `${name}: running late (${stops} ${stops === 1 ? 'stop' : 'stops'})`,
  lateLegend: 'Red ring: running late',
  lateStop: (tracking: string, eta: string, windowEnd: string) => `${tracking}: expected ${eta}, window ends ${windowEnd}`,
};
