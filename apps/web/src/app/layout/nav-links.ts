import { paths } from '../../lib/paths.ts';

export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (the home link would otherwise match everything). */
  end?: boolean;
}

/** Header links (spec 'Header and footer'); Help Center is left out of the mobile menu. */
export const PRIMARY_NAV: readonly NavItem[] = [
  { label: 'Track Package', to: paths.home, end: true },
  { label: 'Schedule Pickup', to: paths.schedulePickup },
  { label: 'Driver Portal', to: paths.driverGps },
];
export const HELP_CENTER_NAV: NavItem = { label: 'Help Center', to: paths.helpCenter };
export const ADMIN_NAV: NavItem = { label: 'Admin', to: paths.admin };
export const SUPPORT_BUTTON_LABEL = 'Support';
