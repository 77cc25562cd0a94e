import { Container } from '@mantine/core';
import { DriverPortal } from '../../features/driver-portal/components/driver-portal.tsx';
import { DRIVER_TEXTS } from '../../features/driver-portal/texts.ts';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';

/** /driver-portal: the portal, with the dispatch number from the site's configuration. */
export default function DriverPortalRoute() {
  const config = useSiteConfig();
  return (
    <Container size="sm" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageTitle title={DRIVER_TEXTS.portalTitle} />
      <DriverPortal dispatchPhone={config.data?.dispatchPhone ?? config.data?.coordinator.phone ?? null} />
    </Container>
  );
}
