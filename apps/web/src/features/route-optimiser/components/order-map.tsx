import type { RouteOptimisation } from '@cargo/shared';
import { OPTIMISER_TEXT as T } from '../texts.ts';

const WIDTH = 800;
const HEIGHT = 420;
const PAD = 30;

/**
 * The proposed order drawn over the current one: numbered stops joined in the new order (solid), the old order dashed.
 * SVG from the coordinates: it works with no map tiles at all.
 */
export function OrderMap({ result }: { result: RouteOptimisation }) {
  const points = [...result.after.stops, ...(result.start ? [result.start] : [])];
  const minLat = Math.min(...points.map((p) => p.lat));
  const maxLat = Math.max(...points.map((p) => p.lat));
  const minLng = Math.min(...points.map((p) => p.lng));
  const maxLng = Math.max(...points.map((p) => p.lng));
  const spanLat = maxLat - minLat || 0.01;
  const spanLng = maxLng - minLng || 0.01;
  const xy = (p: { lat: number; lng: number }) => ({
    x: PAD + ((p.lng - minLng) / spanLng) * (WIDTH - 2 * PAD),
    y: PAD + ((maxLat - p.lat) / spanLat) * (HEIGHT - 2 * PAD),
  });
  const path = (stops: { lat: number; lng: number }[]) =>
    [...(result.start ? [result.start] : []), ...stops].map((p, i) => `${i === 0 ? 'M' : 'L'}${xy(p).x.toFixed(1)},${xy(p).y.toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={T.mapLabel} style={{ width: '100%', height: 'auto', maxHeight: 420, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}>
      <path d={path(result.before.stops)} fill="none" stroke="#adb5bd" strokeWidth={2} strokeDasharray="6 6" />
      <path d={path(result.after.stops)} fill="none" stroke="#1971c2" strokeWidth={3} />
      {result.after.stops.map((s, i) => {
        const p = xy(s);
        return (
          <g key={s.packageId}>
            <circle cx={p.x} cy={p.y} r={11} fill={s.late ? '#c92a2a' : '#1971c2'} stroke="#fff" strokeWidth={2}>
              <title>{`${i + 1}. ${s.trackingNumber} — ${s.address}`}</title>
            </circle>
            <text x={p.x} y={p.y + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill="#fff">
              {i + 1}
            </text>
          </g>
        );
      })}
      {result.start && <circle cx={xy(result.start).x} cy={xy(result.start).y} r={10} fill="#2b8a3e" stroke="#fff" strokeWidth={3} />}
    </svg>
  );
}
