import type { PickupRequest } from '@cargo/shared';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { PICKUP_TEXTS } from '../texts.ts';
import classes from './pickup.module.css';

interface PickupScheduledProps {
  request: PickupRequest;
  /** The company's phone and email contacts (from the site configuration). */
  contacts: ReactNode;
  onScheduleAnother: () => void;
}

function CheckIcon() {
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} aria-hidden="true" focusable="false">
      <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The confirmation after a pickup request is stored (spec §2 'Pickup Scheduled!'). */
export function PickupScheduled({ request, contacts, onScheduleAnother }: PickupScheduledProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the customer was in has gone: put them, and their screen reader, on the outcome.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const summary = [
    { term: PICKUP_TEXTS.summaryLabels.from, value: request.originAddress },
    { term: PICKUP_TEXTS.summaryLabels.to, value: request.destinationAddress },
    { term: PICKUP_TEXTS.summaryLabels.item, value: request.itemDescription },
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden="true">
            <CheckIcon />
          </ThemeIcon>
          <Title order={2} ref={headingRef} tabIndex={-1} className={classes.successHeading}>
            {PICKUP_TEXTS.successTitle}
          </Title>
          <Text>{PICKUP_TEXTS.successMessage}</Text>
        </Stack>

        <section aria-labelledby="pickup-summary-title">
          <Title order={3} size="h5" id="pickup-summary-title" mb="xs">
            {PICKUP_TEXTS.successSummary}
          </Title>
          <dl className={classes.summary}>
            {summary.map(({ term, value }) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="pickup-contacts-title">
          <Title order={3} size="h5" id="pickup-contacts-title" mb="xs">
            {PICKUP_TEXTS.successContactsTitle}
          </Title>
          {contacts}
        </section>

        <Group justify="center" gap="sm">
          <Button onClick={onScheduleAnother}>{PICKUP_TEXTS.scheduleAnother}</Button>
          <Button component={Link} to={paths.home} variant="default">
            {PICKUP_TEXTS.trackPackage}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
