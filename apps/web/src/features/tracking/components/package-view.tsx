import type { PublicPackage } from '@cargo/shared';
import { useState } from 'react';
import { useLiveUpdates } from '../../../lib/live-updates/use-live-updates.ts';
import { useLiveTracking } from '../api/get-live-tracking.ts';
import { usePackageHistory } from '../api/get-package-history.ts';
import { usePackageLocations } from '../api/get-package-locations.ts';
import { mapPoints } from '../utils/map-points.ts';
import { DeliveryProgressCard } from './delivery-progress-card.tsx';
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
}

/** Everything shown once a package is found (spec §2): summary, details, progress, timeline, map and live GPS. */
export default function PackageView({ pkg, onRefreshPackage }: PackageViewProps) {
  const trackingNumber = pkg.trackingNumber;
  const history = usePackageHistory(trackingNumber);
  const locations = usePackageLocations(trackingNumber);
  // Pushed fixes and status changes land in the cache these queries read (one socket per tab).
  const connection = useLiveUpdates(trackingNumber);
  // The map shares the panel's live data (the panel polls it while the socket is down); no polling of its own.
  const live = useLiveTracking(trackingNumber);
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([onRefreshPackage(), history.refetch(), locations.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className={classes.view}>
      <PackageSummaryCard pkg={pkg} refreshing={refreshing} onRefresh={() => void refresh()} />
      <div className={classes.columns}>
        <div className={classes.stack}>
          <PackageDetailsCard pkg={pkg} />
          <DeliveryProgressCard status={pkg.status} />
        </div>
        <DeliveryTimelineCard history={history.data} loading={history.isPending} failed={history.isError} />
      </div>
      <LiveMapCard
        points={mapPoints(locations.data, live.data)}
        pointsLoading={locations.isPending}
        facts={live.data && <LiveFactsLine live={live.data} status={pkg.status} />}
      />
      <LiveGpsPanel trackingNumber={trackingNumber} currentLocationText={pkg.currentLocation} socketLive={connection === 'live'} />
    </div>
  );
}
