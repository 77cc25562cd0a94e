import type { PublicPackage } from '@cargo/shared';
import { useCallback, useMemo, useState } from 'react';
import { useQueryView } from '../../../lib/deferred-query.ts';
import { trackingKeys } from '../../../lib/live-updates/tracking-keys.ts';
import { useLiveUpdates } from '../../../lib/live-updates/use-live-updates.ts';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { useLiveTracking } from '../api/get-live-tracking.ts';
import { usePackageHistory } from '../api/get-package-history.ts';
import { usePackageLocations } from '../api/get-package-locations.ts';
import { mapPoints } from '../utils/map-points.ts';
import { DeliveryProgressCard } from './delivery-progress-card.tsx';
import { DeliveryProofCard } from './delivery-proof-card.tsx';
import { DeliveryTimelineCard } from './delivery-timeline-card.tsx';
import { LiveGpsPanel } from './live-gps-panel.tsx';
import { LiveFactsLine } from './live-facts-line.tsx';
import { LiveMapCard } from './live-map-card.tsx';
import { PackageDetailsCard } from './package-details-card.tsx';
import { PackageSummaryCard } from './package-summary-card.tsx';
import classes from './package-view.module.css';

interface PackageViewProps {
  pkg: PublicPackage;
  onRefreshPackage: () => Promise<unknown>;
  /** Whether the summary card tells of the advance text message (site configuration). */
  advanceNotice: boolean;
}

/** Everything shown once a package is found (spec §2): summary, details, progress, timeline, map and live GPS. */
export default function PackageView({ pkg, onRefreshPackage, advanceNotice }: PackageViewProps) {
  const trackingNumber = pkg.trackingNumber;
  const historyQuery = usePackageHistory(trackingNumber);
  const locationsQuery = usePackageLocations(trackingNumber);
  // Pushed fixes and status changes land in the cache these queries read (one socket per tab).
  const connection = useLiveUpdates(trackingNumber);
  // The map shares the panel's live data (the panel polls it while the socket is down); no polling of its own.
  const liveQuery = useLiveTracking(trackingNumber);
  // The cards are memoised and draw deferred views of the answers (lib/deferred-query.ts): an answer (history,
  // positions, live data) re-renders the cards it changes in a deferred render, in short slices. The socket's state
  // goes to the GPS panel at once: it decides whether the panel polls, and only the panel's shell re-renders for it.
  const history = useQueryView(historyQuery);
  const locations = useQueryView(locationsQuery);
  const live = useQueryView(liveQuery);
  // While a first load waits for the server (decision 045) a card shows its loading place, not its failure.
  const historyRetry = useFirstLoadRetry(trackingKeys.history(trackingNumber)) !== null;
  const locationsRetry = useFirstLoadRetry(trackingKeys.locations(trackingNumber)) !== null;
  const [refreshing, setRefreshing] = useState(false);
  const { refetch: refetchHistory } = historyQuery;
  const { refetch: refetchLocations } = locationsQuery;

  const refresh = useCallback(() => {
    setRefreshing(true);
    void Promise.all([onRefreshPackage(), refetchHistory(), refetchLocations()]).finally(() => setRefreshing(false));
  }, [onRefreshPackage, refetchHistory, refetchLocations]);
  const points = useMemo(() => mapPoints(locations.data, live.data), [locations.data, live.data]);
  const facts = useMemo(() => live.data && <LiveFactsLine live={live.data} status={pkg.status} />, [live.data, pkg.status]);

  return (
    <div className={classes.view}>
      <PackageSummaryCard pkg={pkg} refreshing={refreshing} onRefresh={refresh} advanceNotice={advanceNotice} />
      <DeliveryProofCard refId={trackingNumber} status={pkg.status} />
      <div className={classes.columns}>
        <div className={classes.stack}>
          <PackageDetailsCard pkg={pkg} />
          <DeliveryProgressCard status={pkg.status} />
        </div>
        <DeliveryTimelineCard history={history.data} loading={history.isPending || (historyRetry && !history.data)} failed={history.isError && !historyRetry} />
      </div>
      <LiveMapCard points={points} pointsLoading={locations.isPending || (locationsRetry && !locations.data)} facts={facts} />
      <LiveGpsPanel trackingNumber={trackingNumber} currentLocationText={pkg.currentLocation} socketLive={connection === 'live'} />
    </div>
  );
}
