import type { FleetState } from '@cargo/shared';

/** Marker fill by state; the list and the details say the state in words too (never colour alone). */
export const STATE_COLOURS: Record<FleetState, string> = { moving: '#2b8a3e', stopped: '#e67700', offline: '#868e96' };

/** The ring round a driver running late (issue 34): red 9, AA against the map's light tiles. */
export const LATE_RING = '#c92a2a';
