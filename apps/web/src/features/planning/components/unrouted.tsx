import type { PlanInsertResult, Shift, UnroutedPackage } from '@cargo/shared';
import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import stacked from '../../../components/ui/stacked-table.module.css';
import { serverMessage } from '../../../lib/toast.ts';
import { useInsertPackage, useUnrouted } from '../api/planning.ts';
import { PLANNING_TEXT as T } from '../texts.ts';
import { useClock, windowText } from '../utils/clock.ts';
import classes from './planning.module.css';

/** How many rows show before 'Show more'. */
const PAGE = 25;

interface Outcome {
  packageId: string;
  ok: boolean;
  text: string;
}

/**
 * During the day (issue 34, part 5, decision 113): the date's due packages that no driver has in their stop order, each
 * with 'Insert into a route' (POST /api/planning/{date}/insert, the server choosing the driver and the place where it
 * adds the least driving). What each insertion did stays listed above the table; the server's reason it could not, on
 * the package's row.
 */
export function Unrouted({ date, shifts, reviewing }: { date: string; shifts: Shift[]; /** A plan is on screen, not committed. */ reviewing: boolean }) {
  const U = T.unrouted;
  const list = useUnrouted(date);
  const insert = useInsertPackage(date);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [limit, setLimit] = useState(PAGE);
  const clock = useClock(list.data?.timeZone ?? 'UTC');

  const driverName = (id: string) => shifts.find((s) => s.driverId === id)?.driverName ?? id;
  const added = (seconds: number) => (seconds < 60 ? 'less than a minute' : T.duration(seconds));
  const record = (outcome: Outcome) => setOutcomes((was) => [outcome, ...was.filter((o) => o.packageId !== outcome.packageId)]);
  const run = (pkg: UnroutedPackage) =>
    insert.mutate(pkg.packageId, {
      onSuccess: (done: PlanInsertResult) =>
        record({ packageId: pkg.packageId, ok: true, text: U.inserted(pkg.trackingNumber, driverName(done.driverId), done.position + 1, added(done.addedDrivingSeconds), clock(done.arrival)) }),
      onError: (error) => record({ packageId: pkg.packageId, ok: false, text: U.refused(pkg.trackingNumber, serverMessage(error) ?? error.message) }),
    });

  const packages = list.data?.packages ?? [];
  const total = list.data?.total ?? 0;
  const shown = packages.slice(0, limit);
  const refusal = (id: string) => outcomes.find((o) => o.packageId === id && !o.ok);

  return (
    <Stack gap={6} component="section" aria-labelledby="planning-unrouted-title">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={3} size="h4" id="planning-unrouted-title">
          {U.title(total)}
        </Title>
        <Button variant="default" size="compact-sm" h={34} onClick={() => void list.refetch()} loading={list.isFetching}>
          {U.refresh}
        </Button>
      </Group>
      <Text size="sm">{U.intro}</Text>
      {shifts.length === 0 && <Text size="sm">{U.noShifts}</Text>}
      {reviewing && packages.length > 0 && (
        <Text size="sm" fw={600}>
          {U.reviewing}
        </Text>
      )}
      <div aria-live="polite">
        {outcomes.some((o) => o.ok) && (
          <ul className={classes.outcomes} aria-label={U.resultsLabel}>
            {outcomes
              .filter((o) => o.ok)
              .map((o) => (
                <li key={o.packageId}>{o.text}</li>
              ))}
          </ul>
        )}
      </div>
      {list.isPending ? (
        <Skeleton height={80} />
      ) : list.isError ? (
        <Alert color="red" role="alert" title={U.loadFailed}>
          {serverMessage(list.error) ?? list.error.message}
        </Alert>
      ) : packages.length === 0 ? (
        <Text size="sm">{U.none}</Text>
      ) : (
        <>
          <div className={classes.scroll} role="region" aria-label={U.tableLabel} tabIndex={0}>
            <Table className={`${stacked.stacked} ${classes.unroutedTable}`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{U.tracking}</Table.Th>
                  <Table.Th>{U.address}</Table.Th>
                  <Table.Th>{U.window}</Table.Th>
                  <Table.Th>{U.driver}</Table.Th>
                  <Table.Th>{U.action}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((p) => {
                  const refused = refusal(p.packageId);
                  return (
                    <Table.Tr key={p.packageId} data-package-id={p.packageId}>
                      <Table.Td data-label={U.trackingShort} style={{ overflowWrap: 'anywhere' }}>
                        {p.trackingNumber}
                      </Table.Td>
                      <Table.Td data-label={U.address}>
                        {p.address}
                        {!p.hasPosition && (
                          <Text component="span" size="xs" c="red.9">
                            {' '}
                            ({U.noPosition})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td data-label={U.window}>{windowText(p.windowStart, p.windowEnd, clock)}</Table.Td>
                      <Table.Td data-label={U.driver}>{p.driverName ?? U.unassigned}</Table.Td>
                      <Table.Td data-label={U.action}>
                        <Button
                          variant="default"
                          size="compact-sm"
                          h={34}
                          aria-label={U.insertLabel(p.trackingNumber)}
                          disabled={shifts.length === 0 || insert.isPending}
                          loading={insert.isPending && insert.variables === p.packageId}
                          onClick={() => run(p)}
                        >
                          {U.insert}
                        </Button>
                        {refused && (
                          <Text size="sm" c="red.9" fw={600} mt={4} role="alert">
                            {refused.text}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
          {(shown.length < packages.length || packages.length < total) && (
            <Group gap="xs">
              <Text size="sm">{packages.length < total && shown.length === packages.length ? U.listCapped(packages.length, total) : U.more(shown.length, total)}</Text>
              {shown.length < packages.length && (
                <Button variant="default" size="compact-sm" h={34} onClick={() => setLimit((n) => n + PAGE)}>
                  {U.showMore}
                </Button>
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
