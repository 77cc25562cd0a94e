import { Button, Card } from '@mantine/core';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { formatLocalTime, formatLongDate } from '../../../lib/local-time.ts';
import { useDailyStats } from '../api/get-daily-stats.ts';
import { PROMO_TEXTS, STATS_TEXTS } from '../texts.ts';
import { formatFigure, STAT_FIGURES } from '../utils/stat-figures.ts';
import classes from './stats.module.css';


/**
 * Spec §2: time with seconds and the long date, ticking every second. The server's HTML holds the clock's place, empty:
 * the time is this browser's, in its time zone.
 */
function LiveClock() {
  const now = useNow(1_000);
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <div className={classes.clock} aria-hidden="true">
        <span className={classes.clockTime}>{'\u00a0'}</span>
        <span className={classes.clockDate}>{'\u00a0'}</span>
      </div>
    );
  }
  return (
    <div className={classes.clock}>
      <time className={classes.clockTime} dateTime={new Date(now).toISOString()}>
        {formatLocalTime(now)}
      </time>
      <span className={classes.clockDate}>{formatLongDate(now)}</span>
    </div>
  );
}

function TodaysProgress() {
  const stats = useDailyStats();
  return (
    <section className={classes.progress} aria-labelledby="todays-progress-title">
      <h3 id="todays-progress-title" className={classes.progressTitle}>
        {STATS_TEXTS.title}
      </h3>
      <dl className={classes.progressList}>
        {STAT_FIGURES.map(({ key, label }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {stats.isPending ? (
                <>
                  <span className={classes.darkSkeleton} aria-hidden="true" />
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
    </section>
  );
}

function Tile({ title, text, href }: { title: string; text: string; href: string | null }) {
  const body = (
    <>
      <span className={classes.tileTitle}>{title}</span>
      <span className={classes.tileText}>{text}</span>
    </>
  );
  return href ? (
    <a className={classes.tile} href={href} target="_blank" rel="noopener noreferrer">
      {body}
      <span className={classes.visuallyHidden}> {PROMO_TEXTS.newTab}</span>
    </a>
  ) : (
    <div className={classes.tile}>{body}</div>
  );
}

/**
 * Spec §2 'Social promo card'. The profile comes from the site configuration; `socialUrl` is undefined while it
 * loads and null when none is configured (then the card says so instead of offering a dead button).
 */
export function SocialPromoCard({ socialUrl }: { socialUrl: string | null | undefined }) {
  const href = socialUrl ?? null;
  return (
    <Card component="section" radius="lg" padding="lg" className={classes.promo} aria-labelledby="promo-title">
      <h2 id="promo-title" className={classes.promoTitle}>
        {PROMO_TEXTS.title}
      </h2>
      <p className={classes.promoIntro}>{PROMO_TEXTS.intro}</p>
      <LiveClock />
      {href ? (
        <Button component="a" href={href} target="_blank" rel="noopener noreferrer" color="#c2410c" fullWidth className={classes.follow}>
          {PROMO_TEXTS.follow}
          <span className={classes.visuallyHidden}> {PROMO_TEXTS.newTab}</span>
        </Button>
      ) : (
        socialUrl === null && <p className={classes.notConfigured}>{PROMO_TEXTS.notConfigured}</p>
      )}
      <TodaysProgress />
      <div className={classes.tiles}>
        <Tile title={PROMO_TEXTS.dailyStories} text={PROMO_TEXTS.dailyStoriesText} href={href} />
        <Tile title={PROMO_TEXTS.liveUpdates} text={PROMO_TEXTS.liveUpdatesText} href={href} />
      </div>
    </Card>
  );
}
