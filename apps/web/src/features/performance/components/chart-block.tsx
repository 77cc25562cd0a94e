import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { csvText, saveFile } from '../lib/csv.ts';
import { PERFORMANCE_TEXT } from '../texts.ts';
import classes from './performance.module.css';

const T = PERFORMANCE_TEXT;

export type Cell = string | number | null;

export interface ChartBlockProps {
  title: string;
  hint?: string;
  /** The table's header and rows: what the chart draws, as numbers; the CSV is made from the same rows. */
  columns: readonly string[];
  rows: ReadonlyArray<readonly Cell[]>;
  filename: string;
  /** The chart (hidden from screen readers, which read the table). */
  children?: ReactNode;
}

/**
 * A chart with its figures as a table (issue 35): the table is always in the page for screen readers, and shown on
 * screen by a toggle; the CSV holds the table's rows, so the file, the table and the chart agree.
 */
export function ChartBlock({ title, hint, columns, rows, filename, children }: ChartBlockProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const table = (
    <Table aria-label={T.tableOf(title)} id={`${id}-table`} striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c} scope="col">
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <Table.Th key={j} scope="row">
                  {cell ?? T.noRate}
                </Table.Th>
              ) : (
                <Table.Td key={j}>{cell ?? T.noRate}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`} className={classes.block}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children && (
          <div aria-hidden="true" className={classes.chart} data-chart={title}>
            {children}
          </div>
        )}
        <Group gap="xs">
          {children && (
            <Button variant="default" size="xs" aria-expanded={shown} aria-controls={`${id}-table`} onClick={() => setShown((s) => !s)}>
              {shown ? T.hideTable : T.showTable}
            </Button>
          )}
          <Button variant="default" size="xs" aria-label={T.chartCsvLabel(title)} onClick={() => saveFile(new Blob([csvText([columns, ...rows])], { type: 'text/csv;charset=utf-8' }), filename)}>
            {T.chartCsv}
          </Button>
        </Group>
        {children && !shown ? (
          <VisuallyHidden>{table}</VisuallyHidden>
        ) : (
          // A wide table scrolls within its block; the keyboard can reach it to scroll.
          <div className={classes.tableScroll} tabIndex={0}>
            {table}
          </div>
        )}
      </Stack>
    </Paper>
  );
}
