import { normalizeStatus, STATUS_COLORS, statusLabel, type BadgeColor } from '@cargo/shared';
import classes from './status-badge.module.css';

/** Spec §4 badge colours: a known status has its colour, anything else is shown as written, in gray. */
export function statusColor(status: string): BadgeColor {
  const code = normalizeStatus(status);
  return (code && STATUS_COLORS[code]) || 'gray';
}

export function StatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  return (
    <span className={`${classes.badge} ${classes[color]}`} data-color={color}>
      {statusLabel(status)}
    </span>
  );
}
