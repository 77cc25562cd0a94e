import { Button, Container } from '@mantine/core';
import { DriverDashboard } from '../../features/driver-portal/components/driver-dashboard.tsx';
import { DRIVER_TEXTS } from '../../features/driver-portal/texts.ts';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { telHref } from '../../lib/contact-links.ts';

/** 'Call dispatch' once the site's configuration has answered: its answer redraws this button alone. */
function CallDispatch() {
  const config = useSiteConfig();
  const phone = config.data?.dispatchPhone ?? config.data?.coordinator.phone ?? null;
  if (!phone) return null;
  return (
    <Button component="a" href={telHref(phone)} size="lg" variant="default">
      {DRIVER_TEXTS.callDispatch}
    </Button>
  );
}

const CALL_DISPATCH = <CallDispatch />;

export default function DriverDashboardRoute() {
  return (
    <Container size="md" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageTitle title={DRIVER_TEXTS.dashboardTitle} />
      <DriverDashboard callDispatch={CALL_DISPATCH} />
    </Container>
  );
}
