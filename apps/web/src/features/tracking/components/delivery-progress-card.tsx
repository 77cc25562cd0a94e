import { progressPercent } from '@cargo/shared';
import { Card, Progress } from '@mantine/core';
import { memo } from 'react';
import { PROGRESS_TEXTS } from '../texts.ts';
import classes from './package-view.module.css';

/** Spec §2 'Delivery Progress card' with the §4 percentages. */
export const DeliveryProgressCard = memo(function DeliveryProgressCard({ status }: { status: string }) {
  const percent = progressPercent(status);
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="progress-title">
      <h3 id="progress-title" className={classes.cardTitle}>
        {PROGRESS_TEXTS.title}
      </h3>
      <Progress
        mt="md"
        size="lg"
        radius="xl"
        value={percent}
        color={percent === 100 ? 'green.8' : 'blue.7'}
        aria-label={PROGRESS_TEXTS.barLabel}
      />
      <div className={classes.progressEnds}>
        <span>{PROGRESS_TEXTS.start}</span>
        <span className={classes.progressPercent}>{PROGRESS_TEXTS.complete(percent)}</span>
        <span>{PROGRESS_TEXTS.end}</span>
      </div>
    </Card>
  );
});
