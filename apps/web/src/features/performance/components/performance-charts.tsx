import { ATTEMPT_REASON_LABELS, FIGURE_METHODS, FIGURE_REASONS, PAYMENT_METHOD_LABELS, type Figures } from '@cargo/shared';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useCurrency } from '../../../lib/currency.ts';
import { percent, shortDay } from '../lib/format.ts';
import { PERFORMANCE_TEXT } from '../texts.ts';
import { ChartBlock } from './chart-block.tsx';

const T = PERFORMANCE_TEXT;
const C = T.columns;

const reasonLabel = (reason: string) => ATTEMPT_REASON_LABELS[reason as keyof typeof ATTEMPT_REASON_LABELS] ?? reason;
const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;

/** The period's charts, each with its table and CSV, then money and messages as tables (issue 35, item 2). */
export function PerformanceCharts({ figures }: { figures: Figures }) {
  const money = useCurrency();
  const f = figures.figures;
  const p = figures.previous;
  const name = `${figures.period.from}-${figures.period.to}`;

  const perDay = figures.days.map((d) => ({ day: shortDay(d.day), onTime: d.onTime, late: d.delivered - d.onTime, attempts: d.attempts }));
  const perDayRows = figures.days.map((d) => [d.day, d.delivered, d.onTime, d.delivered - d.onTime, d.attempts]);
  const rates = figures.days.map((d) => ({
    day: shortDay(d.day),
    onTimeRate: d.delivered ? percent(d.onTime / d.delivered) : null,
    firstAttemptRate: d.delivered ? percent(d.firstAttempt / d.delivered) : null,
  }));
  const rateRows = figures.days.map((d) => [d.day, d.delivered ? percent(d.onTime / d.delivered) : null, d.delivered ? percent(d.firstAttempt / d.delivered) : null]);
  const reasons = [...new Set([...FIGURE_REASONS, ...Object.keys(f.attemptsByReason)])];
  const reasonRows = reasons.map((r) => [reasonLabel(r), f.attemptsByReason[r] ?? 0, p.attemptsByReason[r] ?? 0]);
  const stars = [5, 4, 3, 2, 1] as const;
  const ratingRows = stars.map((n) => [T.series.stars(n), f.ratings.distribution[n], p.ratings.distribution[n]]);
  const methods = [...new Set([...FIGURE_METHODS, ...Object.keys(f.money.collectedByMethod)])];
  const moneyRows = [
    [T.money.due, money.format(f.money.due), money.format(p.money.due)],
    [T.money.collected, money.format(f.money.collected), money.format(p.money.collected)],
    ...methods.map((m) => [T.money.collectedBy(methodLabel(m)), money.format(f.money.collectedByMethod[m] ?? 0), money.format(p.money.collectedByMethod[m] ?? 0)]),
    [T.money.released, f.money.released, p.money.released],
    [T.money.stillOwed, money.format(f.money.stillOwed), money.format(p.money.stillOwed)],
  ];
  const messageRows = [
    [T.messages.sent, f.messages.sent, p.messages.sent],
    [T.messages.failed, f.messages.failed, p.messages.failed],
    [T.messages.hooksDelivered, f.webhooks.delivered, p.webhooks.delivered],
    [T.messages.hooksFailed, f.webhooks.failed, p.webhooks.failed],
  ];
  const compare = [C.figure, C.thisPeriod, C.previousPeriod];

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartBlock title={T.charts.perDay} hint={T.charts.perDayHint} columns={[C.day, T.headline.delivered, T.series.onTime, T.series.late, T.series.attempts]} rows={perDayRows} filename={`stops-per-day-${name}.csv`}>
        <BarChart
          h={240}
          data={perDay}
          dataKey="day"
          type="stacked"
          yAxisProps={{ allowDecimals: false }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={[
            { name: 'onTime', label: T.series.onTime, color: 'teal.7' },
            { name: 'late', label: T.series.late, color: 'yellow.6' },
            { name: 'attempts', label: T.series.attempts, color: 'red.7' },
          ]}
        />
      </ChartBlock>
      <ChartBlock title={T.charts.rates} hint={T.charts.ratesHint} columns={[C.day, `${T.series.onTimeRate} (%)`, `${T.series.firstAttemptRate} (%)`]} rows={rateRows} filename={`rates-per-day-${name}.csv`}>
        <LineChart
          h={240}
          data={rates}
          dataKey="day"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          connectNulls={false}
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          curveType="linear"
          series={[
            { name: 'onTimeRate', label: T.series.onTimeRate, color: 'blue.7' },
            { name: 'firstAttemptRate', label: T.series.firstAttemptRate, color: 'grape.7' },
          ]}
        />
      </ChartBlock>
      <ChartBlock title={T.charts.reasons} columns={[C.reason, C.thisPeriod, C.previousPeriod]} rows={reasonRows} filename={`attempts-by-reason-${name}.csv`}>
        <BarChart
          h={280}
          data={reasons.map((r) => ({ reason: reasonLabel(r), count: f.attemptsByReason[r] ?? 0 }))}
          dataKey="reason"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          xAxisProps={{ allowDecimals: false }}
          series={[{ name: 'count', label: T.series.count, color: 'orange.7' }]}
        />
      </ChartBlock>
      <ChartBlock title={T.charts.ratings} columns={[C.rating, C.thisPeriod, C.previousPeriod]} rows={ratingRows} filename={`ratings-${name}.csv`}>
        <BarChart h={240} data={stars.map((n) => ({ stars: T.series.stars(n), count: f.ratings.distribution[n] }))} dataKey="stars" yAxisProps={{ allowDecimals: false }} series={[{ name: 'count', label: T.series.count, color: 'indigo.7' }]} />
      </ChartBlock>
      <ChartBlock title={T.charts.money} columns={compare} rows={moneyRows} filename={`money-${name}.csv`} />
      <ChartBlock title={T.charts.messages} columns={compare} rows={messageRows} filename={`messages-${name}.csv`} />
    </SimpleGrid>
  );
}
