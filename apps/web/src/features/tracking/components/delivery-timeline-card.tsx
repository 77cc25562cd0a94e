import type { StatusHistoryEntry } from '@cargo/shared';
import { Card, Skeleton, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { TruckIcon } from '../../../components/ui/icons.tsx';
import { formatMediumDateTime } from '../../../lib/local-time.ts';
import { TIMELINE_TEXTS } from '../texts.ts';
import { timelineIconKind, type TimelineIconKind } from '../utils/timeline-icon.ts';
import classes from './package-view.module.css';
import { BoxIcon, BuildingIcon, CheckCircleIcon, MapPinIcon, RouteIcon } from './package-icons.tsx';

const ICONS: Record<TimelineIconKind, ReactNode> = {
  delivered: <CheckCircleIcon />,
  delivery: <TruckIcon />,
  facility: <BuildingIcon />,
  transit: <RouteIcon />,
  default: <BoxIcon />,
};

/** History timestamps are text (spec §3): shown in the reader's time when they parse, as written otherwise. */
function formatTimestamp(timestamp: string): string {
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at)) return timestamp;
  return formatMediumDateTime(at);
}

/** Spec §2 'Delivery Timeline card': one row per status-history entry, the newest first. */
export const DeliveryTimelineCard = memo(function DeliveryTimelineCard({ history, loading, failed }: { history: StatusHistoryEntry[] | undefined; loading: boolean; failed: boolean }) {
  const rows = history ? [...history].reverse() : [];
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="timeline-title" aria-busy={loading}>
      <h3 id="timeline-title" className={classes.cardTitle}>
        {TIMELINE_TEXTS.title}
      </h3>
      {loading && (
        <div aria-label={TIMELINE_TEXTS.loading} role="status">
          <Skeleton height={48} mt="md" />
          <Skeleton height={48} mt="sm" />
        </div>
      )}
      {failed && !loading && (
        <Text mt="md" c="#a61b1b">
          {TIMELINE_TEXTS.failed}
        </Text>
      )}
      {!loading && !failed && rows.length === 0 && (
        <Text mt="md" c="dimmed">
          {TIMELINE_TEXTS.empty}
        </Text>
      )}
      {rows.length > 0 && (
        <ol className={classes.timeline} aria-labelledby="timeline-title">
          {rows.map((entry) => {
            const kind = timelineIconKind(entry.status);
            return (
              <li key={entry.id} className={classes.timelineItem}>
                <span className={classes.timelineIcon} data-kind={kind}>
                  {ICONS[kind]}
                </span>
                <div className={classes.timelineBody}>
                  <p className={classes.timelineStatus}>{entry.status}</p>
                  <p className={classes.timelineMeta}>
                    <time dateTime={entry.timestamp}>{formatTimestamp(entry.timestamp)}</time>
                  </p>
                  {entry.description && <p className={classes.timelineDescription}>{entry.description}</p>}
                  {entry.location && (
                    <p className={classes.timelineLocation}>
                      <MapPinIcon size={14} />
                      {entry.location}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
});
