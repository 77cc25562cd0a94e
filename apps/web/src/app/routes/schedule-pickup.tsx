import type { PickupRequest } from '@cargo/shared';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PickupRequestForm } from '../../features/pickup/components/pickup-request-form.tsx';
import { PickupScheduled } from '../../features/pickup/components/pickup-scheduled.tsx';
import { PICKUP_TEXTS } from '../../features/pickup/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { SupportContacts } from '../../features/site-config/components/support-contacts.tsx';

/** /schedule-pickup: the form, then the confirmation with the company's contacts. */
export default function SchedulePickupRoute() {
  const [scheduled, setScheduled] = useState<PickupRequest | null>(null);
  const [another, setAnother] = useState(false);
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageTitle title={PICKUP_TEXTS.pageTitle} />
      <Stack gap="lg">
        <div>
          <Title order={1} mb="xs">
            {PICKUP_TEXTS.heading}
          </Title>
          <Text c="dimmed">{PICKUP_TEXTS.intro}</Text>
        </div>
        {scheduled ? (
          <PickupScheduled
            request={scheduled}
            contacts={<SupportContacts />}
            onScheduleAnother={() => {
              setAnother(true);
              setScheduled(null);
            }}
          />
        ) : (
          <PickupRequestForm onScheduled={setScheduled} focusFirstField={another} />
        )}
      </Stack>
    </Container>
  );
}
