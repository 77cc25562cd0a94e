import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { SharingPage } from '../../features/driver-portal/components/sharing-page.tsx';
import { DRIVER_TEXTS } from '../../features/driver-portal/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';

export default function DriverTrackRoute() {
  const { trackingId } = useParams();
  return (
    <Container size="sm" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageTitle title={DRIVER_TEXTS.shareTitle} />
      <SharingPage id={trackingId} />
    </Container>
  );
}
