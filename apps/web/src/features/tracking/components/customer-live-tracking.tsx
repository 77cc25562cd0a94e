import { Button, Card } from '@mantine/core';
import { useState } from 'react';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { telHref } from '../../../lib/contact-links.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';
import { useLiveUpdates } from '../../../lib/live-updates/use-live-updates.ts';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { useLiveTracking } from '../api/get-live-tracking.ts';
import { CUSTOMER_LIVE_TEXTS, REALTIME_TEXTS } from '../texts.ts';
import { formatClockTime } from '../utils/gps-readouts.ts';
import { formatEtaMinutes, isStale } from '../utils/live-facts.ts';
import { liveMapPoints } from '../utils/map-points.ts';
import { MessageCard, PageLoading } from './customer-page-states.tsx';
import classes from './customer-pages.module.css';
import { DeliveredBanner, LiveConnectionBanner, ProximityBanner } from './live-banners.tsx';
import { LiveFactsLine } from './live-facts-line.tsx';
import { LiveMapCard } from './live-map-card.tsx';
import { DeliveryProofCard } from './delivery-proof-card.tsx';
import { PaymentDueCard } from './payment-due-card.tsx';
import { RefreshIcon } from './package-icons.tsx';

/** Spec §7/§9: the customer live view is refetched every 30 s, with pushed updates in between. */
export const LIVE_REFRESH_MS = 30_000;

/**
 * The customer live page (spec §2 '/track-live form (b)'), opened by tracking number or by a customer share link:
 * driver, vehicle, live badge, customer, destination, estimated arrival, call and refresh, and the map while the
 * driver's position may be shown (design.md §4), otherwise the address.
 */
export function CustomerLiveTracking({ refId }: { refId: string | undefined }) {
  const ref = refId?.trim() ?? '';
  const live = useLiveTracking(ref, ref ? LIVE_REFRESH_MS : false, !!ref);
  // A missing, unknown, expired or revoked link (404) is invalid, even when an earlier refresh had shown it.
  const invalid = !ref || (live.error instanceof ApiError && live.error.status === 404);
  // The socket starts with the page, whether or not the first load has worked: once it connects it loads the view
  // (decision 045).
  const connection = useLiveUpdates(invalid ? null : ref);
  const retry = useFirstLoadRetry(trackingKeys.live(ref));
  const now = useNow(1_000);
  const [refreshing, setRefreshing] = useState(false);

  if (invalid) return <MessageCard title={CUSTOMER_LIVE_TEXTS.invalidTitle} text={CUSTOMER_LIVE_TEXTS.invalid} action={{ label: CUSTOMER_LIVE_TEXTS.goHome, home: true }} />;
  if (live.isPending || (!live.data && retry === 'reconnecting')) {
    return <PageLoading text={retry ? CUSTOMER_LIVE_TEXTS.reconnecting : CUSTOMER_LIVE_TEXTS.loading} />;
  }
  if (!live.data) {
    return (
      <MessageCard
        title={CUSTOMER_LIVE_TEXTS.unavailableTitle}
        text={CUSTOMER_LIVE_TEXTS.unavailable(ref)}
        action={{ label: CUSTOMER_LIVE_TEXTS.tryAgain, onClick: () => void live.refetch() }}
      />
    );
  }

  const data = live.data;
  const fix = data.currentLocation;
  const fresh = !!fix && !isStale(fix.lastUpdate, now);
  const active = data.isActive && fresh;
  const delivered = data.status === 'delivered';
  const arrival =
    active && data.eta
      ? `${formatEtaMinutes(data.eta.minutes)} (around ${formatClockTime(now + data.eta.minutes * 60_000, fix?.zone)})`
      : CUSTOMER_LIVE_TEXTS.noEstimate;
  const refresh = async () => {
    setRefreshing(true);
    try {
      await live.refetch();
    } finally {
      setRefreshing(false);
    }
  };
  const rows: Array<[string, string]> = [
    [CUSTOMER_LIVE_TEXTS.driver, data.driverName ?? CUSTOMER_LIVE_TEXTS.unknown],
    [CUSTOMER_LIVE_TEXTS.vehicleId, data.vehicleId ?? CUSTOMER_LIVE_TEXTS.unknown],
    [CUSTOMER_LIVE_TEXTS.customer, data.packageInfo.customer],
    [CUSTOMER_LIVE_TEXTS.destination, data.packageInfo.destination],
  ];
  const arrivalWindow = delivered ? null : data.arrivalWindow;
  // The window comes from the driver's own position and stop order; the estimate from the package's live GPS. With a
  // window and no estimate, 'Not available' beside it would contradict it: the window alone is shown.
  if (arrival !== CUSTOMER_LIVE_TEXTS.noEstimate || !arrivalWindow) rows.push([CUSTOMER_LIVE_TEXTS.estimatedArrival, arrival]);
  if (arrivalWindow) {
    rows.push([
      CUSTOMER_LIVE_TEXTS.arrivalWindow,
      arrivalWindow.arrivingInMinutes !== null ? CUSTOMER_LIVE_TEXTS.arrivingIn(arrivalWindow.arrivingInMinutes, arrivalWindow.label) : CUSTOMER_LIVE_TEXTS.arrivalWindowToday(arrivalWindow.label),
    ]);
  }

  return (
    <div className={classes.page}>
      <div>
        <h1 className={classes.heading}>{CUSTOMER_LIVE_TEXTS.title}</h1>
        <p className={classes.subheading}>{CUSTOMER_LIVE_TEXTS.refreshNote}</p>
      </div>
      {!delivered && <LiveConnectionBanner status={connection} />}
      {delivered ? <DeliveredBanner address={data.packageInfo.destination} /> : <ProximityBanner alert={data.proximityAlert} />}
      <DeliveryProofCard refId={ref} status={data.status} />
      <PaymentDueCard refId={ref} trackingNumber={data.packageInfo.trackingNumber} />
      <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="cl-title">
        <div className={classes.cardHeader}>
          <h2 id="cl-title" className={classes.cardTitle}>
            {CUSTOMER_LIVE_TEXTS.package(data.packageInfo.trackingNumber)}
          </h2>
          <span className={active ? classes.liveBadge : classes.offBadge}>{active ? CUSTOMER_LIVE_TEXTS.live : CUSTOMER_LIVE_TEXTS.unavailableBadge}</span>
        </div>
        <dl className={classes.details}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {arrivalWindow && <p className={classes.note}>{CUSTOMER_LIVE_TEXTS.arrivalWindowNote}</p>}
        {!data.isActive && !delivered && <p className={classes.note}>{data.message ?? CUSTOMER_LIVE_TEXTS.notStarted}</p>}
        {live.isError && <p className={classes.inlineError}>{REALTIME_TEXTS.unavailable(ref)}</p>}
        <div className={classes.actions}>
          {data.driverPhone && (
            <Button component="a" href={telHref(data.driverPhone)} leftSection={<PhoneIcon />} color="#1e6b34">
              {CUSTOMER_LIVE_TEXTS.callDriver}
            </Button>
          )}
          <Button variant="default" leftSection={<RefreshIcon />} onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? CUSTOMER_LIVE_TEXTS.refreshing : CUSTOMER_LIVE_TEXTS.refresh}
          </Button>
        </div>
      </Card>
      {fix ? (
        <LiveMapCard
          points={liveMapPoints(data, now)}
          pointsLoading={false}
          title={REALTIME_TEXTS.mapTitle}
          intro={REALTIME_TEXTS.mapIntro}
          facts={<LiveFactsLine live={data} />}
        />
      ) : (
        <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="cl-address-title">
          <h2 id="cl-address-title" className={classes.cardTitle}>
            {CUSTOMER_LIVE_TEXTS.addressTitle}
          </h2>
          <p className={classes.note}>{data.delivery.address}</p>
          <LiveFactsLine live={data} />
        </Card>
      )}
    </div>
  );
}
