import { Container } from '@mantine/core';
import { SimpleGpsPage } from '../../features/driver-portal/components/simple-gps-page.tsx';
import { DRIVER_TEXTS } from '../../features/driver-portal/texts.ts';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';

export default function DriverRoute() {
  const config = useSiteConfig();
  return (
    <Container size="sm" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageTitle title={DRIVER_TEXTS.simpleTitle} />
      <SimpleGpsPage dispatchPhone={config.data?.dispatchPhone ?? config.data?.coordinator.phone ?? null} />
    </Container>
  );
}
