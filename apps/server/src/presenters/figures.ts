import { FIGURE_DEFINITIONS, type FigureSet, type Figures } from '@cargo/shared';
import { csvCell } from '../lib/csv.ts';

type Row = [figure: string, value: (s: FigureSet) => number | null, definition: string];

const ROWS: Row[] = [
  ['Delivered', (s) => s.delivered, FIGURE_DEFINITIONS.delivered],
  ['On time', (s) => s.onTime, FIGURE_DEFINITIONS.onTimeRate],
  ['On-time rate', (s) => s.onTimeRate, FIGURE_DEFINITIONS.onTimeRate],
  ['First attempt', (s) => s.firstAttempt, FIGURE_DEFINITIONS.firstAttemptRate],
  ['First-attempt rate', (s) => s.firstAttemptRate, FIGURE_DEFINITIONS.firstAttemptRate],
  ['Attempts', (s) => s.attempts, FIGURE_DEFINITIONS.attemptsByReason],
  ['Exceptions', (s) => s.exceptions, FIGURE_DEFINITIONS.exceptions],
  ['Returns', (s) => s.returns, FIGURE_DEFINITIONS.returns],
  ['Proof complete', (s) => s.proofComplete, FIGURE_DEFINITIONS.proofCompleteness],
  ['Proof completeness', (s) => s.proofCompleteness, FIGURE_DEFINITIONS.proofCompleteness],
  ['Ratings', (s) => s.ratings.count, FIGURE_DEFINITIONS.ratings],
  ['Average rating', (s) => s.ratings.average, FIGURE_DEFINITIONS.ratings],
  ...([1, 2, 3, 4, 5] as const).map((n): Row => [`Ratings of ${n} star${n > 1 ? 's' : ''}`, (s) => s.ratings.distribution[n], FIGURE_DEFINITIONS.ratings]),
  ['Money due (minor units)', (s) => s.money.due, FIGURE_DEFINITIONS.moneyDue],
  ['Money collected (minor units)', (s) => s.money.collected, FIGURE_DEFINITIONS.moneyCollected],
  ['Packages released without payment', (s) => s.money.released, FIGURE_DEFINITIONS.moneyReleased],
  ['Still owed (minor units)', (s) => s.money.stillOwed, FIGURE_DEFINITIONS.moneyStillOwed],
  ['Messages sent', (s) => s.messages.sent, FIGURE_DEFINITIONS.messages],
  ['Messages failed', (s) => s.messages.failed, FIGURE_DEFINITIONS.messages],
  ['Webhooks delivered', (s) => s.webhooks.delivered, FIGURE_DEFINITIONS.webhooks],
  ['Webhooks failed', (s) => s.webhooks.failed, FIGURE_DEFINITIONS.webhooks],
  ['Stops', (s) => s.stops, FIGURE_DEFINITIONS.stopsPerDriverHour],
  ['Driver hours', (s) => s.driverHours, FIGURE_DEFINITIONS.stopsPerDriverHour],
  ['Stops per driver-hour', (s) => s.stopsPerDriverHour, FIGURE_DEFINITIONS.stopsPerDriverHour],
  ['Timed stops', (s) => s.timedStops, FIGURE_DEFINITIONS.averageStopTime],
  ['Average time at a stop (seconds)', (s) => s.averageStopSeconds, FIGURE_DEFINITIONS.averageStopTime],
];

/**
 * The figures as CSV lines (issue 35): one row per figure with this period's value, the previous period's and the
 * definition, then the attempts by reason and the collections by method, then one row per day. Numbers bare, text
 * through csvCell.
 */
export function figuresCsvLines(f: Figures): string[] {
  const num = (v: number | null) => (v === null ? '' : String(v));
  const lines = [['Figure', `${f.period.from} to ${f.period.to}`, `${f.previousPeriod.from} to ${f.previousPeriod.to}`, 'Definition'].map(csvCell).join(',')];
  for (const [name, value, definition] of ROWS) lines.push([csvCell(name), num(value(f.figures)), num(value(f.previous)), csvCell(definition)].join(','));
  for (const reason of Object.keys(f.figures.attemptsByReason))
    lines.push([csvCell(`Attempts: ${reason}`), num(f.figures.attemptsByReason[reason] ?? 0), num(f.previous.attemptsByReason[reason] ?? 0), csvCell(FIGURE_DEFINITIONS.attemptsByReason)].join(','));
  for (const method of Object.keys(f.figures.money.collectedByMethod))
    lines.push([csvCell(`Collected: ${method} (minor units)`), num(f.figures.money.collectedByMethod[method] ?? 0), num(f.previous.money.collectedByMethod[method] ?? 0), csvCell(FIGURE_DEFINITIONS.moneyCollected)].join(','));
  lines.push('');
  lines.push(['Day', 'Delivered', 'On time', 'First attempt', 'Attempts'].map(csvCell).join(','));
  for (const d of f.days) lines.push([csvCell(d.day), d.delivered, d.onTime, d.firstAttempt, d.attempts].join(','));
  return lines;
}
