import {
  DEFAULT_REFRESH_MS,
  GPS_STATUS_CHECK_MS,
  LIVE_MSG,
  LIVE_STATUSES,
  REFRESH_INTERVALS_MS,
  signalBars,
  type LiveTracking,
  type TimeZoneInfo,
} from '@cargo/shared';
import { Button, Card, Checkbox, NativeSelect, Skeleton, Text } from '@mantine/core';
import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { telHref } from '../../../lib/contact-links.ts';
import { useQueryView, type QueryView } from '../../../lib/deferred-query.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { useLiveTracking } from '../api/get-live-tracking.ts';
import { GPS_TEXTS, INTERVAL_LABELS } from '../texts.ts';
import {
  formatAccuracy,
  formatBattery,
  formatCoordinate,
  formatDateTime,
  formatHeading,
  formatTimeWithSeconds,
  isGpsConnected,
  speedMph,
} from '../utils/gps-readouts.ts';
import classes from './live-gps-panel.module.css';
import { BatteryIcon, RefreshIcon, SatelliteIcon } from './package-icons.tsx';
import { AlertIcon } from './tracking-icons.tsx';

type Fix = NonNullable<LiveTracking['currentLocation']>;

/** Four bars, as many filled as the accuracy earns (design.md §6). */
function SignalIcon({ bars }: { bars: number | null }) {
  return (
    <svg width="22" height="18" viewBox="0 0 22 18" role="img" aria-label={GPS_TEXTS.signalLabel(bars)} className={classes.signal}>
      {[0, 1, 2, 3].map((i) => (
        <rect
          key={i}
          x={i * 6}
          y={14 - i * 4}
          width="4"
          height={4 + i * 4}
          rx="1"
          data-on={bars != null && i < bars ? 'true' : 'false'}
          className={bars != null && i < bars ? classes.barOn : classes.barOff}
        />
      ))}
    </svg>
  );
}

function Readout({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.readout}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The vehicle's local time, ticking every second. */
function LocalTime({ zone }: { zone: TimeZoneInfo | null }) {
  const now = useNow(1_000);
  return <time dateTime={new Date(now).toISOString()}>{formatTimeWithSeconds(now, zone)}</time>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `gps-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={classes.section} aria-labelledby={id}>
      <h4 id={id} className={classes.sectionTitle}>
        {title}
      </h4>
      {children}
    </section>
  );
}

function ConnectedDetails({ live, fix, currentLocationText }: { live: LiveTracking; fix: Fix; currentLocationText: string }) {
  const mph = speedMph(fix.speed);
  const { zone } = fix;
  return (
    <div className={classes.sections}>
      <Section title={GPS_TEXTS.vehicleStatus}>
        <dl className={classes.readouts}>
          <Readout label={GPS_TEXTS.speed}>{mph == null ? GPS_TEXTS.unknown : `${mph} mph`}</Readout>
          <Readout label={GPS_TEXTS.accuracy}>{formatAccuracy(fix.accuracy) ?? GPS_TEXTS.unknown}</Readout>
          <Readout label={GPS_TEXTS.localTime}>
            <LocalTime zone={zone} />
          </Readout>
          <Readout label={GPS_TEXTS.heading}>{formatHeading(fix.heading) ?? GPS_TEXTS.notAvailable}</Readout>
        </dl>
      </Section>
      <Section title={GPS_TEXTS.driverVehicle}>
        <dl className={classes.readouts}>
          <Readout label={GPS_TEXTS.driverName}>{live.driverName ?? GPS_TEXTS.unknown}</Readout>
          <Readout label={GPS_TEXTS.vehicleId}>{live.vehicleId ?? GPS_TEXTS.unknown}</Readout>
        </dl>
        {live.driverPhone && (
          <Button component="a" href={telHref(live.driverPhone)} mt="md" color="#1e6b34" leftSection={<PhoneIcon />} fullWidth>
            {GPS_TEXTS.callDriver}
          </Button>
        )}
      </Section>
      <Section title={GPS_TEXTS.locationDetails}>
        <dl className={classes.readouts}>
          <Readout label={GPS_TEXTS.address}>{fix.address || currentLocationText}</Readout>
          <Readout label={GPS_TEXTS.latitude}>{formatCoordinate(fix.lat)}</Readout>
          <Readout label={GPS_TEXTS.longitude}>{formatCoordinate(fix.lng)}</Readout>
          <Readout label={GPS_TEXTS.timeZone}>
            {zone ? (
              <>
                {zone.name} ({zone.abbreviation})
              </>
            ) : (
              GPS_TEXTS.unknown
            )}
          </Readout>
        </dl>
      </Section>
    </div>
  );
}

function Unavailable({ live, fix }: { live: LiveTracking; fix: Fix | null }) {
  // With a fix on record the vehicle went quiet (stale); without one, live tracking never started — unless the
  // server says why there is no position (delivered, or not on its way yet).
  const onItsWay = (LIVE_STATUSES as readonly string[]).includes(live.status);
  const reason = !onItsWay && live.message && live.message !== LIVE_MSG.notStarted ? live.message : GPS_TEXTS.notActivated;
  return (
    <div className={classes.unavailable} role="status">
      <AlertIcon />
      <div>
        <p className={classes.unavailableTitle}>{GPS_TEXTS.unavailable}</p>
        {fix ? (
          <>
            <p className={classes.unavailableText}>{GPS_TEXTS.lastKnown(formatDateTime(fix.lastUpdate))}</p>
            <p className={classes.unavailableText}>{GPS_TEXTS.poorCoverage}</p>
          </>
        ) : (
          <p className={classes.unavailableText}>{reason}</p>
        )}
      </div>
    </div>
  );
}

/**
 * Spec §2 'Live GPS panel' under design.md §6: connected while the newest fix is at most 120 s old and the package is
 * in transit or out for delivery, re-evaluated every 5 s; battery and signal are the device's own, never invented.
 */
export const LiveGpsPanel = memo(function LiveGpsPanel({
  trackingNumber,
  currentLocationText,
  socketLive,
}: {
  trackingNumber: string;
  currentLocationText: string;
  /** While the live socket is open, fixes are pushed; the auto-refresh polls only as the fallback while it is down. */
  socketLive: boolean;
}) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [intervalMs, setIntervalMs] = useState<number>(DEFAULT_REFRESH_MS);
  const query = useLiveTracking(trackingNumber, autoRefresh && !socketLive ? intervalMs : false);
  // Drawn from a deferred view (lib/deferred-query.ts): an answer re-renders the panel in short slices.
  const view = useQueryView(query);
  // While the first load waits for the server (decision 045), the panel's loading place rather than its failure.
  const waiting = useFirstLoadRetry(trackingKeys.live(trackingNumber)) !== null;
  const live = useMemo(() => (waiting && !view.data ? { ...view, isPending: true, isError: false } : view), [view, waiting]);
  const refreshing = useDeferredValue(query.isFetching);
  const { refetch } = query;
  return (
    <GpsPanelBody
      live={live}
      refreshing={refreshing}
      onRefresh={refetch}
      currentLocationText={currentLocationText}
      autoRefresh={autoRefresh}
      onAutoRefresh={setAutoRefresh}
      intervalMs={intervalMs}
      onInterval={setIntervalMs}
    />
  );
});

interface GpsPanelBodyProps {
  live: QueryView<LiveTracking>;
  refreshing: boolean;
  onRefresh: () => Promise<unknown>;
  currentLocationText: string;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  intervalMs: number;
  onInterval: (ms: number) => void;
}

const GpsPanelBody = memo(function GpsPanelBody({ live, refreshing, onRefresh, currentLocationText, autoRefresh, onAutoRefresh, intervalMs, onInterval }: GpsPanelBodyProps) {
  const now = useNow(GPS_STATUS_CHECK_MS);
  const data = live.data;
  const fix = data?.currentLocation ?? null;
  const connected = !!data && isGpsConnected(data.status, fix?.lastUpdate, now);
  const bars = signalBars(fix?.accuracy);
  const battery = formatBattery(fix?.battery);

  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="gps-title">
      <div className={classes.header}>
        <h3 id="gps-title" className={classes.title}>
          <SatelliteIcon /> {GPS_TEXTS.title}
        </h3>
        {data && (
          <span className={connected ? classes.liveBadge : classes.offlineBadge}>{connected ? GPS_TEXTS.live : GPS_TEXTS.offline}</span>
        )}
      </div>

      {live.isPending && (
        <div role="status" aria-label={GPS_TEXTS.loading}>
          <Skeleton height={64} radius="md" />
        </div>
      )}
      {live.isError && !data && (
        <Text c="#a61b1b" role="alert">
          {GPS_TEXTS.failed}
        </Text>
      )}

      {data && (
        <>
          <div className={connected ? classes.bannerOn : classes.bannerOff}>
            <div className={classes.bannerMain}>
              <p className={classes.bannerTitle} role="status">
                {connected ? GPS_TEXTS.active : GPS_TEXTS.lost}
              </p>
              <p className={classes.bannerMeta}>
                {GPS_TEXTS.lastUpdate}: {fix ? <time dateTime={fix.lastUpdate}>{formatDateTime(fix.lastUpdate)}</time> : GPS_TEXTS.never}
              </p>
            </div>
            <dl className={classes.bannerReadouts}>
              <div>
                <dt>{GPS_TEXTS.signal}</dt>
                <dd>
                  <SignalIcon bars={bars} />
                </dd>
              </div>
              <div>
                <dt>{GPS_TEXTS.battery}</dt>
                <dd>
                  <BatteryIcon size={16} /> {battery ?? GPS_TEXTS.batteryUnknown}
                </dd>
              </div>
            </dl>
          </div>
          {connected && fix ? <ConnectedDetails live={data} fix={fix} currentLocationText={currentLocationText} /> : <Unavailable live={data} fix={fix} />}
        </>
      )}

      <section className={classes.settings} aria-labelledby="gps-settings-title">
        <h4 id="gps-settings-title" className={classes.sectionTitle}>
          {GPS_TEXTS.settings}
        </h4>
        <div className={classes.settingsRow}>
          <Checkbox label={GPS_TEXTS.autoRefresh} checked={autoRefresh} onChange={(event) => onAutoRefresh(event.currentTarget.checked)} />
          <NativeSelect
            label={GPS_TEXTS.interval}
            value={String(intervalMs)}
            onChange={(event) => onInterval(Number(event.currentTarget.value))}
            data={REFRESH_INTERVALS_MS.map((ms) => ({ value: String(ms), label: INTERVAL_LABELS[ms] ?? `${ms / 1000} seconds` }))}
            className={classes.interval}
          />
          <Button variant="default" leftSection={<RefreshIcon />} onClick={() => void onRefresh()} disabled={refreshing}>
            {GPS_TEXTS.refreshNow}
          </Button>
        </div>
      </section>
    </Card>
  );
});
