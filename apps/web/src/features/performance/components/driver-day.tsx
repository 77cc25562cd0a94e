import { ATTEMPT_REASON_LABELS, type DriverDay, type DriverDayStop } from '@cargo/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { serverMessage } from '../../../lib/toast.ts';
import { useDriverDay } from '../api/figures.ts';
import { clockTime, distanceText } from '../lib/format.ts';
import { PERFORMANCE_TEXT } from '../texts.ts';
import classes from './performance.module.css';

const T = PERFORMANCE_TEXT.day;
const OUTCOMES = PERFORMANCE_TEXT.outcomes;

const reasonLabel = (reason: string | null) => (reason ? (ATTEMPT_REASON_LABELS[reason as keyof typeof ATTEMPT_REASON_LABELS] ?? reason) : null);

/** Where an instant falls on the day's track, 0 to 100 (clamped to the day), on the zone's clock. */
function dayPercent(iso: string, timeZone: string, date: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (day < date) return 0;
  if (day > date) return 100;
  return ((Number(parts.hour) * 60 + Number(parts.minute)) / 1440) * 100;
}

const dateTime = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });

function Stop({ stop, day }: { stop: DriverDayStop; day: DriverDay }) {
  const zone = day.timeZone;
  const outcome = stop.outcome ? (OUTCOMES[stop.outcome] ?? stop.outcome) : null;
  const timing = stop.onTime === null ? '' : ` (${stop.onTime ? T.onTime : T.late})`;
  const windowStart = stop.window ? dayPercent(stop.window.start, zone, day.date) : 0;
  const windowEnd = stop.window ? dayPercent(stop.window.end, zone, day.date) : 0;
  return (
    <li className={classes.timelineItem} data-outcome={stop.outcome ?? 'waiting'}>
      <Text fw={600}>{stop.at && outcome ? `${clockTime(stop.at, zone)} · ${outcome}${timing}` : T.waiting}</Text>
      <Text size="sm">
        {stop.trackingNumber} · {stop.deliveryAddress}
      </Text>
      <Text size="sm" c="dimmed">
        {stop.plannedPosition ? T.planned(stop.plannedPosition) : T.unplanned} · {T.window}: {stop.window ? `${dateTime(stop.window.start, zone)} – ${dateTime(stop.window.end, zone)}` : T.noWindow}
      </Text>
      {stop.outcomes.length > 1 && (
        <Text size="sm">
          {stop.outcomes.map((o) => `${OUTCOMES[o.kind] ?? o.kind} ${clockTime(o.at, zone)}${o.reason ? ` (${reasonLabel(o.reason)})` : ''}`).join(' → ')}
        </Text>
      )}
      <div className={classes.track} aria-hidden="true">
        {/* The band only where the window meets the day. */}
        {stop.window && windowEnd > 0 && windowStart < 100 && <div className={classes.trackWindow} style={{ left: `${windowStart}%`, width: `${Math.max(windowEnd - windowStart, 0.5)}%` }} />}
        {stop.outcomes.map((o, i) => (
          <div key={i} className={classes.trackMark} style={{ left: `${dayPercent(o.at, zone, day.date)}%` }} />
        ))}
      </div>
    </li>
  );
}

/** A driver's day (issue 35, item 3): the stops on a time line and the distance along the filtered GPS trail. */
export function DriverDayView({ driverId, date, onDate, onBack }: { driverId: string; date: string; onDate: (date: string) => void; onBack: () => void }) {
  const day = useDriverDay(driverId, date);
  const d = day.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {d ? T.title(d.driver.name) : PERFORMANCE_TEXT.title}
        </Title>
        <Button variant="default" onClick={onBack}>
          {T.back}
        </Button>
      </Group>
      <TextInput type="date" label={T.date} value={date} onChange={(e) => onDate(e.currentTarget.value)} maw={220} />
      {day.isPending ? (
        <Skeleton height={160} />
      ) : day.isError ? (
        <Alert color="red">{serverMessage(day.error) ?? T.loadFailed}</Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            <Figure label={T.stops} value={String(day.data.summary.stops)} />
            <Figure label={T.delivered} value={String(day.data.summary.delivered)} />
            <Figure label={T.attempted} value={String(day.data.summary.attempted)} />
            <Figure
              label={T.firstLast}
              value={day.data.summary.firstStopAt && day.data.summary.lastStopAt ? `${clockTime(day.data.summary.firstStopAt, day.data.timeZone)} – ${clockTime(day.data.summary.lastStopAt, day.data.timeZone)}` : PERFORMANCE_TEXT.noRate}
            />
            <Figure label={T.distance} value={distanceText(day.data.trail.distanceM)} hint={T.distanceHint(day.data.trail.fixes, day.data.trail.dropped)} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="performance-timeline-title">
            <Stack gap="xs">
              <Title order={3} size="h4" id="performance-timeline-title">
                {T.timeline}
              </Title>
              <Text size="sm" c="dimmed">
                {T.timelineHint(day.data.timeZone)}
              </Text>
              {day.data.stops.length === 0 ? (
                <Text>{T.none}</Text>
              ) : (
                <ol className={classes.timeline}>
                  {day.data.stops.map((stop) => (
                    <Stop key={stop.packageId} stop={stop} day={day.data} />
                  ))}
                </ol>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
