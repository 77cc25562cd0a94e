import { Container } from '@mantine/core';
import { OlderGpsPage } from '../../features/driver-portal/components/older-gps-page.tsx';
import { DRIVER_TEXTS } from '../../features/driver-portal/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';

export default function DriverGpsRoute() {
  return (
    <Container size="sm" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageTitle title={DRIVER_TEXTS.olderTitle} />
      <OlderGpsPage />
    </Container>
  );
}
