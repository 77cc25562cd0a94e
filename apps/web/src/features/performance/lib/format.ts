/** A share as a percentage with one decimal ('75.0%'), or null when there is no rate. */
export const percent = (rate: number | null): number | null => (rate === null ? null : Math.round(rate * 1000) / 10);

export const percentText = (rate: number | null, none: string): string => {
  const p = percent(rate);
  return p === null ? none : `${p.toFixed(1)}%`;
};

/** 'Nov 24' for a day 'YYYY-MM-DD' (calendar day, free of zones). */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A distance in metres as kilometres and miles: '12.3 km (7.6 mi)'. */
export function distanceText(metres: number): string {
  return `${(metres / 1000).toFixed(1)} km (${(metres / 1609.344).toFixed(1)} mi)`;
}

/** A time on a zone's clock: '9:05 AM'. */
export function clockTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
}
