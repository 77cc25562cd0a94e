import type { LiveTracking } from '@cargo/shared';
import type { LiveStatus } from '../../../lib/live-updates/live-client.ts';
import { CONNECTION_TEXTS, REALTIME_TEXTS } from '../texts.ts';
import { formatEtaMinutes } from '../utils/live-facts.ts';
import classes from './live-banners.module.css';

/** Spec §4 'Customer live page': connecting until the socket opens, then live; a close returns to not connected. */
export function LiveConnectionBanner({ status }: { status: LiveStatus }) {
  return (
    <div className={classes.connection} data-state={status} role="status">
      <span className={classes.dot} aria-hidden="true" />
      {CONNECTION_TEXTS[status]}
    </div>
  );
}

/**
 * The proximity alert the server announced (approaching, arriving, very near: each once, design.md §6), with its ETA.
 * Announced politely to screen readers when it changes.
 */
export function ProximityBanner({ alert }: { alert: LiveTracking['proximityAlert'] }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {alert && (
        <div className={classes.proximity} data-type={alert.type}>
          <p className={classes.proximityTitle}>{alert.message}</p>
          {alert.eta != null && <p className={classes.proximityText}>{REALTIME_TEXTS.proximityEta(formatEtaMinutes(alert.eta))}</p>}
        </div>
      )}
    </div>
  );
}

/** Spec §2: 'Package Delivered Successfully!' once delivered. */
export function DeliveredBanner({ address }: { address: string }) {
  return (
    <div className={classes.delivered} role="status">
      <p className={classes.proximityTitle}>{REALTIME_TEXTS.deliveredTitle}</p>
      <p className={classes.proximityText}>{REALTIME_TEXTS.delivered(address)}</p>
    </div>
  );
}
