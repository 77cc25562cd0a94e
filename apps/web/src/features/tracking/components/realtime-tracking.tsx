import { CUSTOMER_MAP_HEIGHT_PX, GPS_STATUS_CHECK_MS } from '@cargo/shared';
import { Button, Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { telHref } from '../../../lib/contact-links.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';
import { useLiveUpdates } from '../../../lib/live-updates/use-live-updates.ts';
import { paths } from '../../../lib/paths.ts';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { useLiveTracking } from '../api/get-live-tracking.ts';
import { usePackage } from '../api/get-package.ts';
import { REALTIME_TEXTS } from '../texts.ts';
import { formatCoordinate } from '../utils/gps-readouts.ts';
import { liveMapPoints } from '../utils/map-points.ts';
import { MessageCard, PageLoading } from './customer-page-states.tsx';
import classes from './customer-pages.module.css';
import { DeliveredBanner, LiveConnectionBanner, ProximityBanner } from './live-banners.tsx';
import { LiveFactsLine } from './live-facts-line.tsx';
import { LiveMapCard } from './live-map-card.tsx';
import { DeliveryProofCard } from './delivery-proof-card.tsx';

/** Polled only while the live socket is down (the customer live view's 30 s, spec §9). */
const FALLBACK_POLL_MS = 30_000;

/**
 * The customer real-time page (spec §2 'Customer real-time tracking page'): the package, the live connection, the
 * proximity and delivered banners, help, and the 600 px map whose current marker moves with every pushed fix.
 */
export function RealtimeTracking({ trackingNumber, supportPhone }: { trackingNumber: string; supportPhone?: string }) {
  const pkg = usePackage(trackingNumber);
  const notFound = pkg.error instanceof ApiError && pkg.error.status === 404;
  // The socket starts with the page, whether or not the first load has worked: once it connects it loads what the
  // page shows (decision 045), so a page opened while the server was away catches up by itself.
  const connection = useLiveUpdates(notFound ? null : trackingNumber);
  const live = useLiveTracking(trackingNumber, connection === 'live' ? false : FALLBACK_POLL_MS);
  const packageRetry = useFirstLoadRetry(trackingKeys.package(trackingNumber));
  const liveRetry = useFirstLoadRetry(trackingKeys.live(trackingNumber));
  // Re-read every 5 s: the current marker turns grey once its position is stale.
  const now = useNow(GPS_STATUS_CHECK_MS);

  if (notFound) {
    return <MessageCard title={REALTIME_TEXTS.notFoundTitle} text={REALTIME_TEXTS.notFound(trackingNumber)} action={{ label: REALTIME_TEXTS.goHome, home: true }} />;
  }
  if (pkg.isPending || (pkg.isError && !pkg.data && packageRetry === 'reconnecting')) {
    return <PageLoading text={packageRetry ? REALTIME_TEXTS.reconnecting(trackingNumber) : REALTIME_TEXTS.loading} />;
  }
  // The package the server rendered the page with stays on screen while the page waits for the server (the banner
  // says it is reconnecting); without it, after a minute of waiting or any other failure, the spec's message.
  if (pkg.isError && !(pkg.data && packageRetry)) {
    return (
      <MessageCard
        title={REALTIME_TEXTS.unavailableTitle}
        text={REALTIME_TEXTS.unavailable(trackingNumber)}
        action={{ label: REALTIME_TEXTS.tryAgain, onClick: () => void pkg.refetch() }}
      />
    );
  }

  const data = pkg.data;
  if (!data) return <PageLoading text={REALTIME_TEXTS.loading} />;
  const delivered = data.status === 'delivered';
  const fix = live.data?.currentLocation ?? null;
  const currentLocation = fix ? fix.address || `${formatCoordinate(fix.lat)}, ${formatCoordinate(fix.lng)}` : data.currentLocation.trim() || REALTIME_TEXTS.locationUpdating;
  const rows: Array<[string, ReactNode]> = [
    [REALTIME_TEXTS.trackingNumber, data.trackingNumber],
    [REALTIME_TEXTS.status, <StatusBadge key="status" status={data.status} />],
    [REALTIME_TEXTS.customer, data.customerName],
    [REALTIME_TEXTS.deliveryAddress, data.deliveryAddress],
    [REALTIME_TEXTS.currentLocation, currentLocation],
    [REALTIME_TEXTS.estimatedDelivery, data.estimatedDelivery],
    [REALTIME_TEXTS.serviceType, data.serviceType],
  ];

  return (
    <div className={classes.page}>
      <div>
        <h1 className={classes.heading}>{REALTIME_TEXTS.title}</h1>
        <p className={classes.subheading}>{data.trackingNumber}</p>
      </div>
      {/* Showing the package the server rendered while the first load waits for the server: not connected, whatever
          the socket's attempt of the moment (a browser delays new tries at a host that refused several). */}
      {!delivered && <LiveConnectionBanner status={packageRetry && connection !== 'live' ? 'offline' : connection} />}
      {delivered ? <DeliveredBanner address={data.deliveryAddress} /> : <ProximityBanner alert={live.data?.proximityAlert ?? null} />}
      <DeliveryProofCard refId={trackingNumber} status={data.status} />
      <div className={classes.columns}>
        <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="rt-details-title">
          <h2 id="rt-details-title" className={classes.cardTitle}>
            {REALTIME_TEXTS.detailsTitle}
          </h2>
          <dl className={classes.details}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="rt-help-title">
          <h2 id="rt-help-title" className={classes.cardTitle}>
            {REALTIME_TEXTS.helpTitle}
          </h2>
          <p className={classes.note}>{REALTIME_TEXTS.helpText}</p>
          <div className={classes.actions}>
            {supportPhone && (
              <Button component="a" href={telHref(supportPhone)} leftSection={<PhoneIcon />}>
                {REALTIME_TEXTS.callSupport}
              </Button>
            )}
            <Button component={Link} to={paths.helpCenter} variant="default">
              {REALTIME_TEXTS.helpCenter}
            </Button>
          </div>
        </Card>
      </div>
      {live.isError && !live.data && liveRetry !== 'reconnecting' ? (
        <MessageCard
          title={REALTIME_TEXTS.unavailableTitle}
          text={REALTIME_TEXTS.unavailable(trackingNumber)}
          action={{ label: REALTIME_TEXTS.tryAgain, onClick: () => void live.refetch() }}
        />
      ) : (
        <LiveMapCard
          points={live.data ? liveMapPoints(live.data, now) : []}
          pointsLoading={live.isPending || (!live.data && liveRetry !== null)}
          height={CUSTOMER_MAP_HEIGHT_PX}
          title={REALTIME_TEXTS.mapTitle}
          intro={REALTIME_TEXTS.mapIntro}
          facts={live.data && <LiveFactsLine live={live.data} status={data.status} />}
        />
      )}
    </div>
  );
}
