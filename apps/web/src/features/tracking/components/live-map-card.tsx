import { MAP_HEIGHT_PX } from '@cargo/shared';
import { Card, Skeleton, Text } from '@mantine/core';
import { Component, lazy, memo, Suspense, type ReactNode } from 'react';
import { useNearViewport } from '../../../hooks/use-near-viewport.ts';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { getMapConfigQueryOptions, useMapConfig } from '../api/get-map-config.ts';
import { MAP_TEXTS } from '../texts.ts';
import type { MapPoint, MapPointKind } from '../utils/map-points.ts';
import classes from './live-map-card.module.css';

// Leaflet, react-leaflet and the Leaflet CSS: their own chunk, fetched only when a package is shown and its map is
// within reach of the screen. Below the fold (the tracking page on a phone) the map is built as the reader scrolls
// towards it: building it is the longest task of the page (issue 11, Lighthouse's total blocking time).
const TrackingMap = lazy(() => import('./tracking-map.tsx'));

const LEGEND: Array<[MapPointKind, string]> = [
  ['pickup', MAP_TEXTS.pickup],
  ['current', MAP_TEXTS.current],
  ['delivery', MAP_TEXTS.delivery],
];

/** Spec §8: a map that cannot load is replaced by a red message. */
class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Tracking map failed', error);
  }

  override render() {
    return this.state.failed ? <MapMessage text={MAP_TEXTS.failed} /> : this.props.children;
  }
}

function MapMessage({ text }: { text: string }) {
  return (
    <div className={classes.message} role="alert">
      <Text c="#a61b1b" fw={600}>
        {text}
      </Text>
    </div>
  );
}

function MapLoading() {
  return (
    <div role="status" aria-label={MAP_TEXTS.loading} className={classes.fill}>
      <Skeleton height="100%" radius="md" />
    </div>
  );
}

interface LiveMapCardProps {
  points: MapPoint[];
  pointsLoading: boolean;
  /** Spec §9: 500 px on the tracking page, 600 px on the customer page. */
  height?: number;
  title?: string;
  intro?: string;
  /** The facts of the map in words, shown under it (issue 8). */
  facts?: ReactNode;
}

/** Spec §2 'Live Package Tracking card': the map with pickup, current and delivery markers. */
export const LiveMapCard = memo(function LiveMapCard({ points, pointsLoading, height = MAP_HEIGHT_PX, title = MAP_TEXTS.title, intro = MAP_TEXTS.intro, facts }: LiveMapCardProps) {
  const config = useMapConfig();
  // While the first load of the configuration waits for the server, the map's loading place, not its failure.
  const configRetry = useFirstLoadRetry(getMapConfigQueryOptions().queryKey);
  const [frameRef, nearViewport] = useNearViewport<HTMLDivElement>();
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="map-title">
      <div className={classes.header}>
        <div>
          <h3 id="map-title" className={classes.title}>
            {title}
          </h3>
          <Text size="sm" c="dimmed">
            {points.length === 0 && !pointsLoading ? MAP_TEXTS.noPoints : intro}
          </Text>
        </div>
        <ul className={classes.legend} aria-label={MAP_TEXTS.legend}>
          {LEGEND.map(([kind, label]) => (
            <li key={kind}>
              <span className={`${classes.dot} ${classes[kind]}`} aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </div>
      <div ref={frameRef} className={classes.frame} style={{ height }} role="region" aria-label={MAP_TEXTS.regionLabel}>
        {config.isError && configRetry !== 'reconnecting' ? (
          <MapMessage text={MAP_TEXTS.configFailed} />
        ) : !config.data || pointsLoading || !nearViewport ? (
          <MapLoading />
        ) : (
          <MapErrorBoundary>
            <Suspense fallback={<MapLoading />}>
              <TrackingMap points={points} config={config.data} />
            </Suspense>
          </MapErrorBoundary>
        )}
      </div>
      {facts}
    </Card>
  );
});
