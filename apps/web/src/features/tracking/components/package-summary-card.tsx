import type { PublicPackage } from '@cargo/shared';
import { Button, Card } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { TruckIcon } from '../../../components/ui/icons.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { SUMMARY_TEXTS } from '../texts.ts';
import classes from './package-view.module.css';
import { ClockIcon, MapPinIcon, RefreshIcon } from './package-icons.tsx';
import { AlertIcon } from './tracking-icons.tsx';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>
        <span className={classes.factIcon}>{icon}</span>
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Spec §2 'Package summary card', with the refresh of package, history and locations. */
export const PackageSummaryCard = memo(function PackageSummaryCard({
  pkg,
  refreshing,
  onRefresh,
  advanceNotice,
}: {
  pkg: PublicPackage;
  refreshing: boolean;
  onRefresh: () => void;
  /** The server sends the advance notice it describes (site configuration); otherwise the card promises nothing. */
  advanceNotice: boolean;
}) {
  return (
    <Card component="section" withBorder radius="lg" padding="lg" shadow="sm" aria-labelledby="summary-title">
      <div className={classes.summaryHeader}>
        <div>
          <p className={classes.eyebrow}>{SUMMARY_TEXTS.trackingNumber}</p>
          <h2 id="summary-title" className={classes.trackingNumber}>
            {pkg.trackingNumber}
          </h2>
        </div>
        <div className={classes.summaryActions}>
          <StatusBadge status={pkg.status} />
          <Button
            variant="default"
            leftSection={<RefreshIcon />}
            onClick={onRefresh}
            disabled={refreshing}
            aria-describedby="summary-refresh-hint"
          >
            {refreshing ? SUMMARY_TEXTS.refreshing : SUMMARY_TEXTS.refresh}
          </Button>
          <span id="summary-refresh-hint" hidden>
            {SUMMARY_TEXTS.refreshLabel}
          </span>
        </div>
      </div>
      <dl className={classes.facts}>
        <Fact icon={<TruckIcon />} label={SUMMARY_TEXTS.currentLocation}>
          {pkg.currentLocation}
        </Fact>
        <Fact icon={<ClockIcon />} label={SUMMARY_TEXTS.estimatedDelivery}>
          {pkg.estimatedDelivery || SUMMARY_TEXTS.notScheduled}
        </Fact>
        <Fact icon={<MapPinIcon />} label={SUMMARY_TEXTS.deliveryAddress}>
          {pkg.deliveryAddress}
        </Fact>
      </dl>
      {advanceNotice && (
        <p className={classes.notice}>
          <AlertIcon />
          <span>{SUMMARY_TEXTS.notice}</span>
        </p>
      )}
    </Card>
  );
});
