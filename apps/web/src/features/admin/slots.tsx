import type { DriverExportQuery, PackageExportQuery, PickupExportQuery } from '@cargo/shared';
import { createContext, useContext, type ReactNode } from 'react';

/** What an export button is asked to export: a resource and the filters its list shows. */
export type ExportRequest =
  | { resource: 'packages'; query: PackageExportQuery }
  | { resource: 'drivers'; query: DriverExportQuery }
  | { resource: 'pickup-requests'; query: PickupExportQuery };

/**
 * Views of other features that the panel shows (features do not import one another; the /admin route composes them
 * and hands them in here): the fleet map tab, the CSV export button of a list, the stop order of a driver's route.
 */
export interface AdminSlots {
  fleetMap?: ReactNode;
  exportButton?: (request: ExportRequest) => ReactNode;
  /** `onAccepted` refreshes the route the tab shows once an order is accepted. */
  routeOptimiser?: (driverId: string, onAccepted: () => void) => ReactNode;
  /** The Import tab (features/package-import): CSV import of packages. */
  packageImport?: ReactNode;
  /** The Audit log tab (features/audit-log). */
  auditLog?: ReactNode;
  /** The address changes that open an object's history in the Audit log tab (a package row's 'History'). */
  auditHistory?: (objectType: 'package' | 'driver', objectId: string) => Record<string, string | null>;
  /** A package's payments under its Edit form (features/collections, issue 32). */
  packagePayments?: (packageId: string) => ReactNode;
  /** The Collections tab: the day's cash per driver (features/collections). */
  collections?: ReactNode;
  /** The Performance tab: the figures of a period as charts, and each driver's day (features/performance, issue 35). */
  performance?: ReactNode;
  /** A package's customer link and what its customer gave, under its Edit form (features/customer-actions, issue 33). */
  packageCustomerActions?: (packageId: string, hasEmail: boolean) => ReactNode;
  /** A driver's ratings from customers, opened from the driver's row (features/customer-actions). */
  driverRatings?: (driverId: string) => ReactNode;
  /** The Customer actions tab in Settings: the days customers may choose and the link's life (features/customer-actions). */
  customerActionSettings?: ReactNode;
  /** The Planning tab: the day's shifts, plan, review and commit (features/planning, issue 34). */
  planning?: ReactNode;
}

export const AdminSlotsContext = createContext<AdminSlots>({});

export function useAdminSlots(): AdminSlots {
  return useContext(AdminSlotsContext);
}
