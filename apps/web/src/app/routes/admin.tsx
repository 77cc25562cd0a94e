import '../../styles/mantine-admin.ts';
import { lazy, Suspense } from 'react';
import { AdminPanel } from '../../features/admin/components/admin-panel.tsx';
import type { AdminSlots } from '../../features/admin/slots.tsx';
import { ExportButton } from '../../features/csv-export/components/export-button.tsx';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { auditHistoryParams } from '../../features/audit-log/hooks/audit-params.ts';

// Each tab another feature gives the panel is a chunk of its own, fetched when the tab is first opened (the tab shows a
// loader meanwhile): the panel's first load is the panel and its Packages tab (issue 21, part 7; decision 052). The
// export button stays: it is on the Packages tab.
const RouteOptimiser = lazy(() => import('../../features/route-optimiser/components/route-optimiser.tsx').then((m) => ({ default: m.RouteOptimiser })));
const FleetTab = lazy(() => import('../../features/fleet-map/components/fleet-tab.tsx').then((m) => ({ default: m.FleetTab })));
const ImportTab = lazy(() => import('../../features/package-import/components/import-tab.tsx').then((m) => ({ default: m.ImportTab })));
const DriverPortal = lazy(() => import('../../features/driver-portal/components/driver-portal.tsx').then((m) => ({ default: m.DriverPortal })));
const ProofTab = lazy(() => import('../../features/delivery-proof/components/proof-tab.tsx').then((m) => ({ default: m.ProofTab })));
const NotificationsTab = lazy(() => import('../../features/notifications/components/notifications-tab.tsx').then((m) => ({ default: m.NotificationsTab })));
const IntegrationsTab = lazy(() => import('../../features/integrations/components/integrations-tab.tsx').then((m) => ({ default: m.IntegrationsTab })));
const CollectionsTab = lazy(() => import('../../features/collections/components/collections-tab.tsx').then((m) => ({ default: m.CollectionsTab })));
const PackagePayments = lazy(() => import('../../features/collections/components/package-payments.tsx').then((m) => ({ default: m.PackagePayments })));
const PerformanceTab = lazy(() => import('../../features/performance/components/performance-tab.tsx').then((m) => ({ default: m.PerformanceTab })));
const PackageCustomerActions = lazy(() => import('../../features/customer-actions/components/dispatch-views.tsx').then((m) => ({ default: m.PackageCustomerActions })));
const DriverRatings = lazy(() => import('../../features/customer-actions/components/dispatch-views.tsx').then((m) => ({ default: m.DriverRatings })));
const ToReplanList = lazy(() => import('../../features/customer-actions/components/dispatch-views.tsx').then((m) => ({ default: m.ToReplanList })));
const CustomerActionSettingsForm = lazy(() => import('../../features/customer-actions/components/dispatch-views.tsx').then((m) => ({ default: m.CustomerActionSettingsForm })));
const PlanningTab = lazy(() => import('../../features/planning/components/planning-tab.tsx').then((m) => ({ default: m.PlanningTab })));
const AuditLogTab = lazy(() => import('../../features/audit-log/components/audit-log-tab.tsx').then((m) => ({ default: m.AuditLogTab })));

/** The other features' views in the panel (features do not import one another: this route composes them). */
const SLOTS: AdminSlots = {
  fleetMap: <FleetTab />,
  exportButton: ({ resource, query }) => <ExportButton resource={resource} query={query} />,
  // Inside the Driver Routes tab: its own boundary, so the tab does not go back to its loader while it arrives.
  routeOptimiser: (driverId, onAccepted) => (
    <Suspense fallback={null}>
      <RouteOptimiser driverId={driverId} onAccepted={onAccepted} />
    </Suspense>
  ),
  packageImport: <ImportTab />,
  auditLog: <AuditLogTab />,
  auditHistory: auditHistoryParams,
  // Payments (issue 32): under a package's Edit form, and the day's cash per driver.
  packagePayments: (packageId) => (
    <Suspense fallback={null}>
      <PackagePayments packageId={packageId} />
    </Suspense>
  ),
  collections: <CollectionsTab />,
  performance: <PerformanceTab />,
  // Customer actions (issue 33), dispatch's side: on the package, per driver, and the settings tab.
  packageCustomerActions: (packageId, hasEmail) => (
    <Suspense fallback={null}>
      <PackageCustomerActions packageId={packageId} hasEmail={hasEmail} />
    </Suspense>
  ),
  driverRatings: (driverId) => (
    <Suspense fallback={null}>
      <DriverRatings driverId={driverId} />
    </Suspense>
  ),
  customerActionSettings: <CustomerActionSettingsForm />,
  // Day planning (issue 34): shifts, the plan on a map, moves by hand, commit.
  planning: <PlanningTab />,
};

/** /admin. The Driver Portal, Delivery Proof and Notifications tabs come in through slots, since features do not import one another. */
export default function AdminRoute() {
  const config = useSiteConfig();
  const dispatchPhone = config.data?.dispatchPhone ?? config.data?.coordinator.phone ?? null;
  return <AdminPanel driverPortal={<DriverPortal embedded dispatchPhone={dispatchPhone} />} proofTab={
        <ProofTab
          customerReplan={
            <Suspense fallback={null}>
              <ToReplanList />
            </Suspense>
          }
        />
      } notifications={<NotificationsTab />} integrations={<IntegrationsTab />} slots={SLOTS} />;
}
