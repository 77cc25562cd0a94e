import { MAP_FIT_PADDING_PX, MAP_ZOOM_MULTI, MAP_ZOOM_SINGLE, US_CENTER } from '@cargo/shared';
import { divIcon, latLngBounds, type DivIcon, type LatLngTuple } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import type { MapConfig } from '../api/get-map-config.ts';
import { MAP_TEXTS } from '../texts.ts';
import type { MapPoint, MapPointKind } from '../utils/map-points.ts';
import classes from './tracking-map.module.css';

/** With no point at all the whole contiguous US is in view (the spec's zooms are for one or more points). */
const NO_POINT_ZOOM = 4;

const MARKER_LABELS: Record<MapPointKind, string> = {
  pickup: MAP_TEXTS.pickup,
  current: MAP_TEXTS.current,
  delivery: MAP_TEXTS.delivery,
};

const ICONS: Record<MapPointKind, DivIcon> = {
  pickup: markerIcon('pickup'),
  current: markerIcon('current'),
  delivery: markerIcon('delivery'),
};

const STALE_ICON = markerIcon('current', true);

function markerIcon(kind: MapPointKind, stale = false): DivIcon {
  return divIcon({ className: `${classes.marker} ${classes[kind]}${stale ? ` ${classes.stale}` : ''}`, iconSize: [30, 30], iconAnchor: [15, 15], popupAnchor: [0, -16] });
}

/**
 * Spec §2/§9: fit all points with 50 px padding; one point at zoom 12; several start at zoom 10 and are then fitted.
 * Refitted when the set of points changes or the map's box changes size (a phone turned), not when the vehicle merely
 * moves, so the reader's own pan and zoom stay.
 */
function FitToPoints({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const latest = useRef(points);
  latest.current = points;
  const kinds = points.map((p) => p.kind).join(',');
  useEffect(() => {
    const fit = () => {
      const latLngs = latest.current.map((p): LatLngTuple => [p.lat, p.lng]);
      const distinct = new Set(latLngs.map(([lat, lng]) => `${lat},${lng}`));
      if (latLngs.length === 0) {
        map.setView([US_CENTER.lat, US_CENTER.lng], NO_POINT_ZOOM);
      } else if (distinct.size === 1) {
        map.setView(latLngs[0]!, MAP_ZOOM_SINGLE);
      } else {
        const bounds = latLngBounds(latLngs);
        map.setView(bounds.getCenter(), MAP_ZOOM_MULTI);
        map.fitBounds(bounds, { padding: [MAP_FIT_PADDING_PX, MAP_FIT_PADDING_PX] });
      }
    };
    fit();
    map.on('resize', fit);
    return () => {
      map.off('resize', fit);
    };
  }, [map, kinds]);
  return null;
}

/** The Leaflet map of the tracking page; its own chunk, loaded only when a package is shown. */
export default function TrackingMap({ points, config }: { points: MapPoint[]; config: MapConfig }) {
  const initial = useMemo(() => {
    const first = points[0];
    return first
      ? { center: [first.lat, first.lng] as LatLngTuple, zoom: points.length > 1 ? MAP_ZOOM_MULTI : MAP_ZOOM_SINGLE }
      : { center: [US_CENTER.lat, US_CENTER.lng] as LatLngTuple, zoom: NO_POINT_ZOOM };
    // The initial view only; FitToPoints moves the map afterwards.
  }, []);

  return (
    <MapContainer className={classes.map} center={initial.center} zoom={initial.zoom} scrollWheelZoom={false}>
      {/* Tiles that fail to load (offline) leave the background; markers and popups still work. */}
      <TileLayer url={config.tileUrl} attribution={config.attribution} />
      <FitToPoints points={points} />
      {points.map((point) => (
        <Marker
          key={point.kind}
          position={[point.lat, point.lng]}
          icon={point.stale ? STALE_ICON : ICONS[point.kind]}
          title={MARKER_LABELS[point.kind]}
          alt={MARKER_LABELS[point.kind]}
          keyboard
        >
          <Popup>
            <span className={classes.popupLabel}>{MARKER_LABELS[point.kind]}</span>
            {point.stale && <span className={classes.popupZip}>{MAP_TEXTS.stale}</span>}
            <span>{point.address}</span>
            {point.zip && (
              <span className={classes.popupZip}>
                {MAP_TEXTS.zip}: {point.zip}
              </span>
            )}
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
