import { Box, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { CustomerActionsCard } from '../../features/customer-actions/components/customer-actions-card.tsx';
import { CustomerLiveTracking } from '../../features/tracking/components/customer-live-tracking.tsx';
import { CUSTOMER_LIVE_TEXTS } from '../../features/tracking/texts.ts';

/** `/track-live/{trackingNumber or customer share token}`: the customer live page (spec form b, design.md §3). */
export default function TrackLiveRoute() {
  const { trackingId } = useParams();
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageTitle title={CUSTOMER_LIVE_TEXTS.title} />
      <CustomerLiveTracking key={trackingId ?? ''} refId={trackingId} />
      {/* What the customer can do from their link (issue 33): nothing for a tracking number. */}
      {trackingId && (
        <Box mt="md">
          <CustomerActionsCard key={trackingId} token={trackingId.trim()} />
        </Box>
      )}
    </Container>
  );
}
