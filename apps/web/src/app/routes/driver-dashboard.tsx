import { Container } from '@mantine/core';
import { DriverDashboard } from '../../features/driver-portal/components/driver-dashboard.tsx';
import { DRIVER_TEXTS } from '../../features/driver-portal/texts.ts';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';

export default function DriverDashboardRoute() {
  const config = useSiteConfig();
  return (
    <Container size="md" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageTitle title={DRIVER_TEXTS.dashboardTitle} />
      <DriverDashboard dispatchPhone={config.data?.dispatchPhone ?? config.data?.coordinator.phone ?? null} />
    </Container>
  );
}
