import type { Driver, FiguresQuery } from '@cargo/shared';
import { Sparkline } from '@mantine/charts';
import { Button, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDriversFigures } from '../api/figures.ts';
import { percentText } from '../lib/format.ts';
import { PERFORMANCE_TEXT } from '../texts.ts';
import classes from './performance.module.css';

const T = PERFORMANCE_TEXT.drivers;
const NONE = PERFORMANCE_TEXT.noRate;

/** Each driver's figures over the period with a line of deliveries per day, and a way into the driver's day. */
export function DriversTable({ query, drivers, onOpen }: { query: FiguresQuery | null; drivers: readonly Driver[]; onOpen: (driverId: string, date: string | null) => void }) {
  const results = useDriversFigures(query, drivers.map((d) => d.id));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="performance-drivers-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="performance-drivers-title">
          {T.title}
        </Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
        {drivers.length === 0 ? (
          <Text>{T.none}</Text>
        ) : (
          <div className={classes.tableScroll} tabIndex={0}>
            <Table aria-labelledby="performance-drivers-title" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{T.name}</Table.Th>
                  <Table.Th scope="col">{T.delivered}</Table.Th>
                  <Table.Th scope="col">{T.onTime}</Table.Th>
                  <Table.Th scope="col">{T.firstAttempt}</Table.Th>
                  <Table.Th scope="col">{T.attempts}</Table.Th>
                  <Table.Th scope="col">{T.rating}</Table.Th>
                  <Table.Th scope="col">{T.trend}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{T.open}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drivers.map((driver, i) => {
                  const data = results[i]?.data;
                  const days = data?.days.map((d) => d.delivered) ?? [];
                  // The driver's day opens on the period's last day the driver delivered or attempted.
                  const lastActive = data?.days.findLast((d) => d.delivered + d.attempts > 0)?.day ?? null;
                  return (
                    <Table.Tr key={driver.id}>
                      <Table.Th scope="row">{driver.name}</Table.Th>
                      {data ? (
                        <>
                          <Table.Td>{data.figures.delivered}</Table.Td>
                          <Table.Td>{percentText(data.figures.onTimeRate, NONE)}</Table.Td>
                          <Table.Td>{percentText(data.figures.firstAttemptRate, NONE)}</Table.Td>
                          <Table.Td>{data.figures.attempts}</Table.Td>
                          <Table.Td>{data.figures.ratings.average === null ? NONE : data.figures.ratings.average.toFixed(2)}</Table.Td>
                          <Table.Td>
                            <div role="img" aria-label={T.trendLabel(driver.name, days)}>
                              <Sparkline w={110} h={28} data={days} curveType="linear" color="teal.7" fillOpacity={0.25} strokeWidth={1.5} />
                            </div>
                          </Table.Td>
                        </>
                      ) : (
                        <Table.Td colSpan={6}>
                          <Skeleton height={20} />
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Button size="xs" variant="default" aria-label={T.openLabel(driver.name)} onClick={() => onOpen(driver.id, lastActive)}>
                          {T.open}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
