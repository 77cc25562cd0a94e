import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { RealtimeTracking } from '../../features/tracking/components/realtime-tracking.tsx';
import { REALTIME_TEXTS } from '../../features/tracking/texts.ts';

/** `/track-realtime/{trackingNumber}`: the customer real-time page; Need Help calls the transport coordinator. */
export default function TrackRealtimeRoute() {
  const { trackingId = '' } = useParams();
  const site = useSiteConfig();
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageTitle title={REALTIME_TEXTS.title} />
      {/* A new tracking number is a new page: fresh subscriptions, map fit and banners. */}
      <RealtimeTracking key={trackingId} trackingNumber={trackingId.trim()} supportPhone={site.data?.coordinator.phone} />
    </Container>
  );
}
