import 'leaflet/dist/leaflet.css';
import type { mapConfigSchema } from '@cargo/shared';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { api } from '../../../lib/api-client.ts';
import { PROOF_ADMIN_TEXTS as T } from '../texts.ts';

type Point = { lat: number; lng: number };
type MapConfig = z.infer<typeof mapConfigSchema>;

/** A small map of where the stop was closed and the delivery address (lazily loaded with Leaflet). */
export default function ProofMap({ completion, address }: { completion: Point; address: Point | null }) {
  const config = useQuery({ queryKey: ['config', 'map'], queryFn: () => api.get<MapConfig>('/api/config/map') });
  const points = address ? [completion, address] : [completion];
  const bounds = points.map((p) => [p.lat, p.lng] as [number, number]);
  return (
    <div role="img" aria-label={T.mapLabel} style={{ height: 220, width: '100%', maxWidth: 420 }}>
      <MapContainer
        bounds={bounds.length > 1 ? bounds : undefined}
        center={bounds.length === 1 ? bounds[0] : undefined}
        zoom={bounds.length === 1 ? 16 : undefined}
        boundsOptions={{ padding: [30, 30], maxZoom: 17 }}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom={false}
      >
        {config.data && <TileLayer url={config.data.tileUrl} attribution={config.data.attribution} />}
        <CircleMarker center={[completion.lat, completion.lng]} radius={9} pathOptions={{ color: '#1c5bbf', fillOpacity: 0.8 }}>
          <Tooltip>Completed here</Tooltip>
        </CircleMarker>
        {address && (
          <CircleMarker center={[address.lat, address.lng]} radius={9} pathOptions={{ color: '#1e6b34', fillOpacity: 0.8 }}>
            <Tooltip>Delivery address</Tooltip>
          </CircleMarker>
        )}
      </MapContainer>
    </div>
  );
}
