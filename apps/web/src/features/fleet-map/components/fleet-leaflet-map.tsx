import { fleetStateOf, type FleetDriver } from '@cargo/shared';
import { canvas, circleMarker, divIcon, latLngBounds, layerGroup, map as createMap, marker, tileLayer, type CircleMarker, type LayerGroup, type Map as LeafletMap, type Marker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import Supercluster from 'supercluster';
import { FLEET_TEXT as T } from '../texts.ts';
import { LATE_RING, STATE_COLOURS } from '../utils/state-colours.ts';
import classes from './fleet-map.module.css';

export interface FleetLeafletMapProps {
  drivers: FleetDriver[];
  now: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  tileUrl: string | null;
  attribution: string;
}

type PointProps = { id: string };

/**
 * The fleet on a Leaflet map, drawn imperatively: one canvas circle per driver, moved in place as positions arrive,
 * and supercluster's groups (with counts) where drivers crowd at the current zoom. React renders the list; this only
 * updates markers, so a second's batch of positions costs a few milliseconds. Tiles are optional: with none reachable
 * the markers and groups still show on a plain background.
 */
export default function FleetLeafletMap({ drivers, now, selectedId, onSelect, tileUrl, attribution }: FleetLeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const layers = useRef<{ points: LayerGroup; clusters: LayerGroup } | null>(null);
  const markers = useRef(new Map<string, CircleMarker>());
  /** Group markers by position and count: a group that did not change keeps its element. */
  const groupMarkers = useRef(new Map<string, Marker>());
  const fitted = useRef(false);
  const latest = useRef({ drivers, now, selectedId, onSelect });
  latest.current = { drivers, now, selectedId, onSelect };
  const index = useRef<Supercluster<PointProps> | null>(null);

  const draw = useRef(() => {
    const map = mapRef.current;
    const groups = layers.current;
    if (!map || !groups) return;
    const { drivers: list, now: at, selectedId: selected } = latest.current;
    const placed = list.filter((d) => d.position);
    const cluster = new Supercluster<PointProps>({ radius: 50, maxZoom: 16 });
    cluster.load(placed.map((d) => ({ type: 'Feature', properties: { id: d.id }, geometry: { type: 'Point', coordinates: [d.position!.lng, d.position!.lat] } })));
    index.current = cluster;
    const bounds = map.getBounds();
    const features = cluster.getClusters([bounds.getWest() - 1, bounds.getSouth() - 1, bounds.getEast() + 1, bounds.getNorth() + 1], Math.round(map.getZoom()));
    const byId = new Map(placed.map((d) => [d.id, d]));
    const visible = new Set<string>();
    const keptGroups = new Set<string>();
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as PointProps & { cluster?: boolean; point_count?: number; cluster_id?: number };
      if (props.cluster) {
        const count = props.point_count ?? 0;
        const key = `${lat.toFixed(5)},${lng.toFixed(5)},${count}`;
        keptGroups.add(key);
        if (groupMarkers.current.has(key)) continue;
        const size = count < 10 ? 30 : count < 50 ? 38 : 46;
        const group: Marker = marker([lat, lng], {
          icon: divIcon({ className: '', html: `<div class="${classes.cluster}" style="width:${size}px;height:${size}px">${count}</div>`, iconSize: [size, size] }),
          title: T.cluster(count),
          keyboard: true,
        });
        const clusterId = props.cluster_id!;
        group.on('click', () => map.setView([lat, lng], Math.min(index.current?.getClusterExpansionZoom(clusterId) ?? map.getZoom() + 2, 18)));
        groupMarkers.current.set(key, group);
        groups.clusters.addLayer(group);
        continue;
      }
      const driver = byId.get(props.id)!;
      visible.add(driver.id);
      const colour = STATE_COLOURS[fleetStateOf(driver.position, at)];
      let dot = markers.current.get(driver.id);
      if (!dot) {
        dot = circleMarker([lat, lng], { radius: 8, weight: 2, color: '#fff', fillOpacity: 1, fillColor: colour });
        dot.on('click', () => latest.current.onSelect(driver.id));
        dot.bindTooltip(driver.name);
        markers.current.set(driver.id, dot);
      } else {
        const was = dot.getLatLng();
        if (was.lat !== lat || was.lng !== lng) dot.setLatLng([lat, lng]);
      }
      // Running late (issue 34): a thick red ring, and the tooltip says so.
      const look = {
        fillColor: colour,
        radius: driver.id === selected ? 11 : 8,
        color: driver.late ? LATE_RING : driver.id === selected ? '#1c1c1c' : '#fff',
        weight: driver.late ? 4 : 2,
      };
      const { options } = dot;
      if (options.fillColor !== look.fillColor || options.radius !== look.radius || options.color !== look.color || options.weight !== look.weight) dot.setStyle(look);
      const tip = driver.late ? T.lateTooltip(driver.name, driver.lateStops) : driver.name;
      if (dot.getTooltip()?.getContent() !== tip) dot.setTooltipContent(tip);
      if (!groups.points.hasLayer(dot)) groups.points.addLayer(dot);
    }
    for (const [key, group] of groupMarkers.current) {
      if (keptGroups.has(key)) continue;
      groups.clusters.removeLayer(group);
      groupMarkers.current.delete(key);
    }
    for (const [id, dot] of markers.current) {
      if (!visible.has(id) && groups.points.hasLayer(dot)) groups.points.removeLayer(dot);
    }
    if (!fitted.current && placed.length > 0) {
      fitted.current = true;
      map.fitBounds(latLngBounds(placed.map((d) => [d.position!.lat, d.position!.lng] as [number, number])), { padding: [30, 30], maxZoom: 14 });
    }
  });

  useEffect(() => {
    if (!box.current) return;
    const map = createMap(box.current, { preferCanvas: true, renderer: canvas(), zoomControl: true, attributionControl: true }).setView([39.8283, -98.5795], 4);
    if (tileUrl) tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    const points = layerGroup().addTo(map);
    const clusters = layerGroup().addTo(map);
    mapRef.current = map;
    layers.current = { points, clusters };
    const redraw = () => draw.current();
    map.on('moveend', redraw);
    redraw();
    const held = markers.current;
    const heldGroups = groupMarkers.current;
    return () => {
      heldGroups.clear();
      map.off('moveend', redraw);
      map.remove();
      mapRef.current = null;
      layers.current = null;
      held.clear();
      fitted.current = false;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    draw.current();
  }, [drivers, now, selectedId]);

  useEffect(() => {
    const driver = latest.current.drivers.find((d) => d.id === selectedId);
    if (driver?.position && mapRef.current) mapRef.current.panTo([driver.position.lat, driver.position.lng]);
    // Only when the selection changes, not on every position of the selected driver (drivers read from the ref).
  }, [selectedId]);

  return <div ref={box} className={classes.map} role="region" aria-label={T.mapLabel} />;
}
