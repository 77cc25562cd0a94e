import '../../styles/mantine-admin.ts';
import { AdminPanel } from '../../features/admin/components/admin-panel.tsx';
import { DriverPortal } from '../../features/driver-portal/components/driver-portal.tsx';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';

/** /admin. The Driver Portal tab embeds the portal through a slot, since features do not import one another. */
export default function AdminRoute() {
  const config = useSiteConfig();
  const dispatchPhone = config.data?.dispatchPhone ?? config.data?.coordinator.phone ?? null;
  return <AdminPanel driverPortal={<DriverPortal embedded dispatchPhone={dispatchPhone} />} />;
}
