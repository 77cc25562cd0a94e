import { Skeleton } from '@mantine/core';
import { useDailyStats } from '../api/get-daily-stats.ts';
import { STATS_TEXTS } from '../texts.ts';
import { formatFigure, STAT_FIGURES } from '../utils/stat-figures.ts';
import classes from './stats.module.css';

const ACCENTS = ['#2f9e44', '#1971c2', '#7048e8', '#e8590c'];

/**
 * Spec §2 'Stats block' with the real figures of GET /api/stats/daily: a skeleton while they load and '—' when they
 * cannot be had (the spec's default figures are never passed off as real ones).
 */
export function StatsBlock() {
  const stats = useDailyStats();
  return (
    <section aria-labelledby="stats-title" aria-busy={stats.isPending}>
      <h2 id="stats-title" className={classes.visuallyHidden}>
        {STATS_TEXTS.blockTitle}
      </h2>
      <dl className={classes.block}>
        {STAT_FIGURES.map(({ key, label }, i) => (
          <div key={key} className={classes.stat} style={{ ['--accent' as string]: ACCENTS[i] }}>
            <dt>{label}</dt>
            <dd>
              {stats.isPending ? (
                <>
                  <Skeleton height="1em" width="4ch" mt={4} aria-hidden="true" />
                  <span className={classes.visuallyHidden}>{STATS_TEXTS.loading}</span>
                </>
              ) : stats.data ? (
                formatFigure(stats.data[key])
              ) : (
                STATS_TEXTS.unavailable
              )}
            </dd>
          </div>
        ))}
      </dl>
      {stats.isError && <p className={classes.note}>{STATS_TEXTS.unavailableNote}</p>}
    </section>
  );
}
