import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MSG,
  IMPORT_REQUIRED_FIELDS,
  IMPORT_ROW_LIMIT,
  type ImportDryRun,
  type ImportMode,
  type ImportRow,
  type PackageImportRequest,
} from '@cargo/shared';
import { Alert, Button, FileInput, Group, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { downloadFile } from '../api/download-file.ts';
import { useDryRunImport } from '../api/dry-run-import.ts';
import { useImportProgress } from '../api/get-import.ts';
import { useStartImport } from '../api/start-import.ts';
import { parseCsvFile, type ParsedCsv } from '../lib/parse-csv-file.ts';
import { guessMapping, rememberedMapping, rememberMapping, type ColumnMapping } from '../lib/column-mapping.ts';
import { IMPORT_TEXT as T } from '../texts.ts';

type Parsed = Extract<ParsedCsv, { ok: true }> & { fileName: string };

const showError = (error: unknown) => notifications.show({ color: 'red', title: T.failed, message: error instanceof Error ? error.message : '' });

/** The mapped rows as the server takes them: each field's cell, blank cells left out. */
function mappedRows(parsed: Parsed, mapping: ColumnMapping): ImportRow[] {
  return parsed.records.map(({ line, cells }) => {
    const values: ImportRow['values'] = {};
    for (const field of IMPORT_FIELDS) {
      const index = mapping[field];
      const cell = index === null ? undefined : cells[index];
      if (cell !== undefined && cell.trim() !== '') values[field] = cell;
    }
    return { line, values };
  });
}

/**
 * The Import tab (issue 20): choose a CSV file (parsed in a Web Worker), map its columns, try a dry run, then import
 * in the background with a progress bar and download the per-row report.
 */
export function ImportTab() {
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [mode, setMode] = useState<ImportMode>('skip');
  const [dryRunResult, setDryRunResult] = useState<ImportDryRun | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const dryRun = useDryRunImport();
  const start = useStartImport();
  const progress = useImportProgress(importId);
  const job = progress.data;

  const reset = () => {
    setFile(null);
    setParsed(null);
    setMapping(null);
    setDryRunResult(null);
    setImportId(null);
    setReadError(null);
  };

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    setReading(true);
    const result = await parseCsvFile(chosen);
    setReading(false);
    if (!result.ok) {
      setReadError(T.readFailed);
      return;
    }
    setParsed({ ...result, fileName: chosen.name });
    setMapping(rememberedMapping(result.headers) ?? guessMapping(result.headers));
  };

  const setColumn = (field: (typeof IMPORT_FIELDS)[number], value: string | null) => {
    if (!parsed || !mapping) return;
    const next = { ...mapping, [field]: value === null || value === '' ? null : Number(value) };
    setMapping(next);
    rememberMapping(parsed.headers, next);
    setDryRunResult(null);
  };

  const missing = mapping ? IMPORT_REQUIRED_FIELDS.filter((f) => mapping[f] === null) : [];
  const tooMany = parsed ? parsed.records.length > IMPORT_ROW_LIMIT : false;
  const noRows = parsed ? parsed.records.length === 0 : false;
  const ready = parsed && mapping && missing.length === 0 && !tooMany && !noRows;
  const request = (): PackageImportRequest | null => (ready ? { fileName: parsed.fileName, mode, rows: mappedRows(parsed, mapping) } : null);

  const options = useMemo(
    () => [{ value: '', label: T.notMapped }, ...(parsed?.headers ?? []).map((h, i) => ({ value: String(i), label: h || `#${i + 1}` }))],
    [parsed],
  );
  const first = parsed?.records[0]?.cells;

  // From the moment the import is accepted until its first progress arrives, it counts as running.
  const running = importId !== null && (!job || job.status === 'queued' || job.status === 'running');
  const finished = job && (job.status === 'done' || job.status === 'failed');

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={2} size="h3">
          {T.title}
        </Title>
        <Button variant="default" size="xs" onClick={() => downloadFile('/api/package-imports/template', 'package-import-template.csv').catch(showError)}>
          {T.template}
        </Button>
      </Group>
      <Text size="sm">{T.intro}</Text>

      <FileInput
        label={T.file}
        placeholder={T.filePlaceholder}
        // Mantine's placeholder grey is below WCAG AA contrast on white; this one is not.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept=".csv,text/csv"
        value={file}
        onChange={(f) => void choose(f)}
        clearable
        clearButtonProps={{ 'aria-label': T.clearFile }}
        disabled={running}
      />
      {reading && <Text size="sm">{T.reading}</Text>}
      {readError && <Alert color="red">{readError}</Alert>}
      {parsed && <Text size="sm">{T.rowsFound(parsed.records.length, parsed.headers.length)}</Text>}
      {tooMany && <Alert color="red">{IMPORT_MSG.tooManyRows}</Alert>}
      {noRows && <Alert color="red">{IMPORT_MSG.noRows}</Alert>}

      {parsed && mapping && (
        <Paper withBorder p="sm">
          <Title order={3} size="h4">
            {T.mappingTitle}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {T.mappingHelp}
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.field}</Table.Th>
                  <Table.Th>{T.column}</Table.Th>
                  <Table.Th visibleFrom="sm">{T.example}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {IMPORT_FIELDS.map((field) => {
                  const index = mapping[field];
                  const required = IMPORT_REQUIRED_FIELDS.includes(field);
                  return (
                    <Table.Tr key={field}>
                      <Table.Td>
                        {IMPORT_FIELD_LABELS[field]}
                        {required && (
                          <Text span size="xs" c="red" ml={4}>
                            {T.required}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`${T.column}: ${IMPORT_FIELD_LABELS[field]}`}
                          data={options}
                          value={index === null ? '' : String(index)}
                          onChange={(value) => setColumn(field, value)}
                          allowDeselect={false}
                          size="xs"
                          disabled={importId !== null}
                        />
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text size="xs" lineClamp={1}>
                          {index === null ? '' : (first?.[index] ?? '')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {missing.length > 0 && (
            <Alert color="yellow" mt="xs">
              {T.missingRequired(missing.map((f) => IMPORT_FIELD_LABELS[f]).join(', '))}
            </Alert>
          )}
        </Paper>
      )}

      {parsed && importId === null && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {T.existing}
          </Text>
          <SegmentedControl
            aria-label={T.existing}
            value={mode}
            onChange={(value) => {
              setMode(value as ImportMode);
              setDryRunResult(null);
            }}
            data={[
              { value: 'skip', label: T.modes.skip },
              { value: 'update', label: T.modes.update },
            ]}
            w="fit-content"
          />
          <Group>
            <Button
              variant="default"
              disabled={!ready}
              loading={dryRun.isPending}
              title={T.dryRunHelp}
              onClick={() => {
                const body = request();
                if (body) dryRun.mutate(body, { onSuccess: setDryRunResult, onError: showError });
              }}
            >
              {T.dryRun}
            </Button>
            <Button
              disabled={!ready}
              loading={start.isPending}
              onClick={() => {
                const body = request();
                if (body) start.mutate(body, { onSuccess: (created) => setImportId(created.id), onError: showError });
              }}
            >
              {T.start}
            </Button>
          </Group>
        </Stack>
      )}

      {dryRunResult && importId === null && (
        <Paper withBorder p="sm" aria-label={T.dryRunTitle} role="region">
          <Title order={3} size="h4" mb="xs">
            {T.dryRunTitle}
          </Title>
          <Counts<keyof typeof T.counts> counts={dryRunResult} labels={T.counts} />
          {dryRunResult.problems.length > 0 && (
            <>
              <Text size="sm" fw={500} mt="sm">
                {T.problemsTitle(dryRunResult.problems.length, dryRunResult.failed + dryRunResult.skipped)}
              </Text>
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{T.row}</Table.Th>
                      <Table.Th>{T.trackingNumber}</Table.Th>
                      <Table.Th>{T.reason}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {dryRunResult.problems.map((p) => (
                      <Table.Tr key={p.line}>
                        <Table.Td>{p.line}</Table.Td>
                        <Table.Td>{p.trackingNumber}</Table.Td>
                        <Table.Td>{p.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Paper>
      )}

      {job && (
        <Paper withBorder p="sm">
          <Title order={3} size="h4" mb="xs">
            {T.status[job.status]}
          </Title>
          <Progress
            aria-label={T.progressLabel}
            value={job.total ? (job.processed / job.total) * 100 : 0}
            animated={running}
            color={job.status === 'failed' ? 'red' : undefined}
            size="lg"
          />
          <Text size="sm" mt={4}>
            {T.progress(job.processed, job.total)}
          </Text>
          <Counts<keyof typeof T.doneCounts> counts={job} labels={T.doneCounts} />
          {job.error && (
            <Alert color="red" mt="xs">
              {job.error}
            </Alert>
          )}
          {finished && (
            <Group mt="sm">
              <Button onClick={() => downloadFile(`/api/package-imports/${job.id}/report`, 'import-report.csv').catch(showError)}>{T.report}</Button>
              <Button variant="default" onClick={reset}>
                {T.another}
              </Button>
            </Group>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function Counts<K extends string>({ counts, labels }: { counts: { [key in K]: number }; labels: { readonly [key in K]: string } }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Object.keys(labels).length }} spacing="xs" mt="xs">
      {(Object.keys(labels) as K[]).map((key) => (
        <div key={key}>
          <Text size="xs" c="dimmed">
            {labels[key]}
          </Text>
          <Text fw={600} aria-label={`${labels[key]}: ${counts[key]}`}>
            {counts[key].toLocaleString('en-US')}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
