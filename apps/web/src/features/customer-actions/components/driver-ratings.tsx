import { FEEDBACK_TAG_LABELS } from '@cargo/shared';
import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { serverMessage } from '../../../lib/toast.ts';
import { useDriverFeedback } from '../api/driver-feedback.ts';
import { DISPATCH_CA_TEXTS as T } from '../dispatch-texts.ts';
import { Stars } from './stars.tsx';

/** A driver's ratings from customers (issue 33), for dispatch: how many, the average and the newest with their words. */
export function DriverRatings({ driverId }: { driverId: string }) {
  const feedback = useDriverFeedback(driverId);
  if (feedback.isPending) return <Skeleton height={80} />;
  if (feedback.isError) return <Alert color="red">{serverMessage(feedback.error)}</Alert>;
  const { count, average, recent } = feedback.data;
  if (count === 0 || average === null) return <Text>{T.noRatings}</Text>;
  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {T.average(average, count)}
      </Text>
      <Text size="sm" fw={600}>
        {T.recent}
      </Text>
      {/* A list rather than a table: each rating reads whole on a phone too. */}
      <ol aria-label={T.recent} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {recent.map((r) => (
          <li key={`${r.trackingNumber}-${r.updatedAt}`} style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: '0.5rem 0' }}>
            <Group gap="xs" wrap="wrap">
              <Stars value={r.stars} />
              <Text size="sm" fw={600}>
                {T.stars(r.stars)}
              </Text>
              <Text size="sm" c="dimmed">
                {r.trackingNumber} · {new Date(r.updatedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
              </Text>
            </Group>
            {r.comment && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                “{r.comment}”
              </Text>
            )}
            {r.tags.length > 0 && (
              <Text size="sm" c="dimmed">
                {r.tags.map((t) => FEEDBACK_TAG_LABELS[t]).join(' · ')}
              </Text>
            )}
          </li>
        ))}
      </ol>
    </Stack>
  );
}
