import { divIcon, latLngBounds, layerGroup, map as createMap, marker, polyline, tileLayer, type LayerGroup, type Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { PLANNING_TEXT as T } from '../texts.ts';
import classes from './planning.module.css';

export interface PlanMapRoute {
  driverId: string;
  driverName: string;
  colour: string;
  start: { lat: number; lng: number } | null;
  end: { lat: number; lng: number } | null;
  stops: { packageId: string; trackingNumber: string; lat: number; lng: number }[];
}

export interface PlanMapProps {
  routes: PlanMapRoute[];
  tileUrl: string | null;
  attribution: string;
  /** Changes when a new plan arrives: the map fits it again (a change by hand keeps the view). */
  planKey: number;
}

/**
 * The plan on a Leaflet map: each driver's route as a line in the driver's colour from the start place through the
 * numbered stops to the end place. Everything is drawn from the plan's coordinates (SVG), so the map works with no
 * tiles at all; tiles, when reachable, only add the streets underneath.
 */
export default function PlanMap({ routes, tileUrl, attribution, planKey }: PlanMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const layer = useRef<LayerGroup | null>(null);
  const fittedFor = useRef<number | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const map = createMap(box.current, { zoomControl: true, attributionControl: true }).setView([39.8283, -98.5795], 4);
    if (tileUrl) tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    mapRef.current = map;
    layer.current = layerGroup().addTo(map);
    return () => {
      map.remove();
      mapRef.current = null;
      layer.current = null;
      fittedFor.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const map = mapRef.current;
    const group = layer.current;
    if (!map || !group) return;
    group.clearLayers();
    const points: [number, number][] = [];
    const places = new Set<string>();
    for (const route of routes) {
      const line: [number, number][] = [];
      if (route.start) line.push([route.start.lat, route.start.lng]);
      for (const stop of route.stops) line.push([stop.lat, stop.lng]);
      if (route.end && route.stops.length > 0) line.push([route.end.lat, route.end.lng]);
      if (route.stops.length > 0) polyline(line, { color: route.colour, weight: 4, opacity: 0.85, interactive: false }).addTo(group);
      points.push(...line);
      route.stops.forEach((stop, i) => {
        marker([stop.lat, stop.lng], {
          icon: divIcon({ className: '', html: `<span class="${classes.stopMarker}" style="background:${route.colour}">${i + 1}</span>`, iconSize: [24, 24] }),
          title: T.map.stop(route.driverName, i + 1, stop.trackingNumber),
          keyboard: false,
        }).addTo(group);
      });
      for (const place of [route.start, route.end]) {
        if (!place || places.has(`${place.lat},${place.lng}`)) continue;
        places.add(`${place.lat},${place.lng}`);
        marker([place.lat, place.lng], {
          icon: divIcon({ className: '', html: `<span class="${classes.placeMarker}" aria-hidden="true"></span>`, iconSize: [18, 18] }),
          title: T.map.start,
          keyboard: false,
        }).addTo(group);
      }
    }
    if (points.length > 0 && fittedFor.current !== planKey) {
      fittedFor.current = planKey;
      map.fitBounds(latLngBounds(points), { padding: [24, 24], maxZoom: 15 });
    }
  }, [routes, planKey, tileUrl, attribution]);

  return <div ref={box} className={classes.map} role="region" aria-label={T.map.label} />;
}
