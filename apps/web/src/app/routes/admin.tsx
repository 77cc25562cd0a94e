import '../../styles/mantine-admin.ts';
import { AdminPanel } from '../../features/admin/components/admin-panel.tsx';
import type { AdminSlots } from '../../features/admin/slots.tsx';
import { ExportButton } from '../../features/csv-export/components/export-button.tsx';
import { RouteOptimiser } from '../../features/route-optimiser/components/route-optimiser.tsx';
import { FleetTab } from '../../features/fleet-map/components/fleet-tab.tsx';
import { ImportTab } from '../../features/package-import/components/import-tab.tsx';
import { DriverPortal } from '../../features/driver-portal/components/driver-portal.tsx';
import { ProofTab } from '../../features/delivery-proof/components/proof-tab.tsx';
import { NotificationsTab } from '../../features/notifications/components/notifications-tab.tsx';
import { IntegrationsTab } from '../../features/integrations/components/integrations-tab.tsx';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { AuditLogTab } from '../../features/audit-log/components/audit-log-tab.tsx';
import { auditHistoryParams } from '../../features/audit-log/hooks/use-audit-filters.ts';

/** The other features' views in the panel (features do not import one another: this route composes them). */
const SLOTS: AdminSlots = {
  fleetMap: <FleetTab />,
  exportButton: ({ resource, query }) => <ExportButton resource={resource} query={query} />,
  routeOptimiser: (driverId, onAccepted) => <RouteOptimiser driverId={driverId} onAccepted={onAccepted} />,
  packageImport: <ImportTab />,
  auditLog: <AuditLogTab />,
  auditHistory: auditHistoryParams,
};

/** /admin. The Driver Portal, Delivery Proof and Notifications tabs come in through slots, since features do not import one another. */
export default function AdminRoute() {
  const config = useSiteConfig();
  const dispatchPhone = config.data?.dispatchPhone ?? config.data?.coordinator.phone ?? null;
  return <AdminPanel driverPortal={<DriverPortal embedded dispatchPhone={dispatchPhone} />} proofTab={<ProofTab />} notifications={<NotificationsTab />} integrations={<IntegrationsTab />} slots={SLOTS} />;
}
