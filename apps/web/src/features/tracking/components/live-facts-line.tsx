import type { LiveTracking } from '@cargo/shared';
import { useNow } from '../../../hooks/use-now.ts';
import { LIVE_FACT_TEXTS } from '../texts.ts';
import { liveFacts, liveFactsLine } from '../utils/live-facts.ts';
import classes from './live-facts-line.module.css';

/**
 * The map's facts as a line of text beside it (status, distance to the destination, ETA and how it was computed, the
 * position's age and accuracy), re-read every second so the age counts up and turns stale past 120 s.
 */
export function LiveFactsLine({ live, status }: { live: LiveTracking; status?: string }) {
  const now = useNow(1_000);
  const facts = liveFacts(live, now, status);
  return (
    <p className={classes.line} data-stale={facts.hasPosition && facts.stale ? 'true' : 'false'}>
      <strong>{LIVE_FACT_TEXTS.label}: </strong>
      {liveFactsLine(facts)}
    </p>
  );
}
