import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/charts/styles.css';
import { SERVICE_TYPES } from '@cargo/shared';
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { serverMessage, toastError } from '../../../lib/toast.ts';
import { downloadFiguresCsv, useDriverList, useFigures } from '../api/figures.ts';
import { usePerformanceParams } from '../hooks/use-performance-params.ts';
import { saveFile } from '../lib/csv.ts';
import { PERIOD_KINDS, type PeriodKind } from '../lib/period.ts';
import { PERFORMANCE_TEXT } from '../texts.ts';
import { DriverDayView } from './driver-day.tsx';
import { DriversTable } from './drivers-table.tsx';
import { FigureCards } from './figure-cards.tsx';
import { PerformanceCharts } from './performance-charts.tsx';

const T = PERFORMANCE_TEXT;

/**
 * The Performance view (issue 35): a period beside the previous one of the same length, filtered by driver and
 * service type; the headline figures with their definitions, the charts with their tables and CSV files, each
 * driver's figures, and a driver's day. A chunk of its own, fetched when the tab is first opened.
 */
export function PerformanceTab() {
  const params = usePerformanceParams();
  const { kind, month, from, to, driverId, serviceType, dayOf, date, query, update } = params;
  const figures = useFigures(query);
  const driverList = useDriverList();
  const drivers = driverList.data ?? [];
  const shownDrivers = driverId ? drivers.filter((d) => d.id === driverId) : drivers.filter((d) => d.isActive);

  if (dayOf) {
    return <DriverDayView driverId={dayOf} date={date} onDate={(next) => update({ perfDate: next })} onBack={() => update({ perfDayOf: null, perfDate: null })} />;
  }

  const downloadCsv = async () => {
    if (!query) return;
    try {
      const { blob, filename } = await downloadFiguresCsv(query);
      saveFile(blob, filename ?? `figures-${query.from}-${query.to}.csv`);
    } catch (error) {
      toastError(T.downloadFailed, serverMessage(error as Error));
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {T.title}
        </Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect label={T.period} value={kind} onChange={(e) => {
            const next = e.currentTarget.value;
            // A custom period starts from the one on screen.
            update(next === 'custom' && query ? { perf: next, perfFrom: from || query.from, perfTo: to || query.to } : { perf: next });
          }} data={PERIOD_KINDS.map((k: PeriodKind) => ({ value: k, label: T.periods[k] }))} />
        {kind === 'month' && <TextInput type="month" label={T.month} value={month} onChange={(e) => update({ perfMonth: e.currentTarget.value })} />}
        {kind === 'custom' && (
          <>
            <TextInput type="date" label={T.from} value={from} onChange={(e) => update({ perfFrom: e.currentTarget.value })} />
            <TextInput type="date" label={T.to} value={to} onChange={(e) => update({ perfTo: e.currentTarget.value })} />
          </>
        )}
        <NativeSelect
          label={T.driver}
          value={driverId}
          onChange={(e) => update({ perfDriver: e.currentTarget.value })}
          data={[{ value: '', label: T.allDrivers }, ...drivers.map((d) => ({ value: d.id, label: d.name }))]}
        />
        <NativeSelect label={T.serviceType} value={serviceType} onChange={(e) => update({ perfService: e.currentTarget.value })} data={[{ value: '', label: T.allServiceTypes }, ...SERVICE_TYPES]} />
        <Button variant="default" onClick={() => void downloadCsv()} disabled={!query}>
          {T.downloadCsv}
        </Button>
      </Group>
      {!query ? null : figures.isPending ? (
        <Skeleton height={240} />
      ) : figures.isError ? (
        <Alert color="red">{serverMessage(figures.error) ?? T.loadFailed}</Alert>
      ) : (
        <Stack gap="md" aria-busy={figures.isFetching}>
          <Text size="sm" data-testid="performance-period">
            {figures.data.period.from === figures.data.period.to ? figures.data.period.from : `${figures.data.period.from} to ${figures.data.period.to}`} · {T.comparedWith(figures.data.previousPeriod.from, figures.data.previousPeriod.to)}
          </Text>
          <FigureCards figures={figures.data} />
          <PerformanceCharts figures={figures.data} />
          <DriversTable query={query} drivers={shownDrivers} onOpen={(id, day) => update({ perfDayOf: id, perfDate: day ?? query.to })} />
        </Stack>
      )}
    </Stack>
  );
}
