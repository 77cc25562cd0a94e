import { randomBytes } from 'node:crypto';

/**
 * The demo drive's own requests carry this header with this process's random value: their request log lines are
 * labelled demo data and kept below info (a fix every 5 s would flood the log). Nobody outside the process knows the
 * value, so no client can hide its requests this way.
 */
export const DEMO_REQUEST_HEADER = 'x-demo-drive';
export const DEMO_REQUEST_TOKEN = randomBytes(16).toString('hex');

/** The setting where the demo seed leaves its simulated trackers for the demo drive (demo data only). */
export const DEMO_SETTING = 'demo_drive';

export interface DemoDriveSetting {
  /** A registered OsmAnd device's identifier and the out-for-delivery package its driver carries. */
  trackers: Array<{ identifier: string; trackingNumber: string }>;
}
