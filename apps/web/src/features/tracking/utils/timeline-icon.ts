export type TimelineIconKind = 'delivered' | 'delivery' | 'facility' | 'transit' | 'default';

/** Spec §2: the icon of a timeline row is chosen by a keyword in its status text, in this order. */
export function timelineIconKind(status: string): TimelineIconKind {
  const text = status.toLowerCase();
  if (text.includes('delivered')) return 'delivered';
  if (text.includes('delivery')) return 'delivery';
  if (text.includes('facility')) return 'facility';
  if (text.includes('transit')) return 'transit';
  return 'default';
}
