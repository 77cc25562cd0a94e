import {
  applyImportMapping,
  detectPreset,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_JOIN_IDS,
  IMPORT_MSG,
  IMPORT_REQUIRED_FIELDS,
  IMPORT_ROW_LIMIT,
  TRACKING_NUMBER_FORMAT_IDS,
  TRACKING_NUMBER_FORMATS,
  withDepot,
  type ImportDryRun,
  type ImportField,
  type ImportFieldSource,
  type ImportJoin,
  type ImportMapping,
  type ImportMode,
  type ImportPreset,
  type PackageImportRequest,
  type TrackingNumberFormat,
} from '@cargo/shared';
import { ActionIcon, Alert, Button, FileInput, Group, MultiSelect, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { downloadFile } from '../api/download-file.ts';
import { useDryRunImport } from '../api/dry-run-import.ts';
import { useImportProgress } from '../api/get-import.ts';
import { useDeleteImportMapping, useImportMappings, useSaveImportMapping } from '../api/import-mappings.ts';
import { useStartImport } from '../api/start-import.ts';
import { parseCsvFile, type ParsedCsv } from '../lib/parse-csv-file.ts';
import { guessedImportMapping, rememberedMapping, rememberMapping } from '../lib/column-mapping.ts';
import { IMPORT_TEXT as T } from '../texts.ts';

type Parsed = Extract<ParsedCsv, { ok: true }> & { fileName: string };

const showError = (error: unknown) => notifications.show({ color: 'red', title: T.failed, message: error instanceof Error ? error.message : '' });

/** Records the preview maps (the first package of a grouped file may span a few rows). */
const PREVIEW_RECORDS = 50;

/** A field's source as the Select shows it: a column ('c:' + heading), or one of the other kinds. */
function sourceKey(source: ImportFieldSource | undefined): string {
  if (!source) return '';
  if (source.kind === 'value') return 'value';
  if (source.kind === 'generate') return 'generate';
  return source.columns.length === 1 ? `c:${source.columns[0]}` : 'several';
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
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [preset, setPreset] = useState<ImportPreset | null>(null);
  const [startFrom, setStartFrom] = useState<string>('guess');
  const [saveName, setSaveName] = useState('');
  const setup = useImportMappings();
  const saveMapping = useSaveImportMapping();
  const deleteMapping = useDeleteImportMapping();
  const depot = setup.data?.depotAddress ?? null;
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
    setPreset(null);
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
    // A shop's export is recognised from its headings; the admin's last mapping for the same headings comes first.
    const found = detectPreset(result.headers);
    setPreset(found);
    const remembered = rememberedMapping(result.headers);
    setStartFrom(remembered ? 'remembered' : found ? `preset:${found.id}` : 'guess');
    const depotAddress = setup.data ? depot : ((await setup.refetch()).data?.depotAddress ?? null);
    setMapping(remembered ?? withDepot(found?.mapping ?? guessedImportMapping(result.headers), depotAddress));
  };

  const change = (next: ImportMapping) => {
    if (!parsed) return;
    setMapping(next);
    rememberMapping(parsed.headers, next);
    setDryRunResult(null);
  };
  const setSource = (field: ImportField, source: ImportFieldSource | null) => {
    if (!mapping) return;
    const fields = { ...mapping.fields };
    if (source) fields[field] = source;
    else delete fields[field];
    change({ ...mapping, fields });
  };
  const chooseSource = (field: ImportField, key: string | null) => {
    const current = mapping?.fields[field];
    if (!key) return setSource(field, null);
    if (key.startsWith('c:')) return setSource(field, { kind: 'columns', columns: [key.slice(2)], join: 'comma' });
    if (key === 'value') return setSource(field, { kind: 'value', value: current?.kind === 'value' ? current.value : field === 'pickupAddress' && depot ? depot : '' });
    if (key === 'generate') return setSource(field, { kind: 'generate', format: 'ot-digits' });
    // Several columns: start from the one chosen, if any.
    setSource(field, { kind: 'columns', columns: current?.kind === 'columns' ? current.columns : [], join: 'comma' });
  };
  const startWith = (choice: string | null) => {
    if (!parsed || !choice) return;
    setStartFrom(choice);
    const saved = setup.data?.mappings.find((m) => `saved:${m.id}` === choice);
    const next = saved ? saved.mapping : choice.startsWith('preset:') && preset ? preset.mapping : guessedImportMapping(parsed.headers);
    change(withDepot(next, depot));
  };

  // A field with a fixed value must have one; several columns need at least one.
  const hasSource = (field: ImportField) => {
    const source = mapping?.fields[field];
    if (!source) return false;
    if (source.kind === 'value') return source.value.trim() !== '';
    if (source.kind === 'columns') return source.columns.length > 0;
    return true;
  };
  const missing = mapping ? IMPORT_REQUIRED_FIELDS.filter((f) => !hasSource(f)) : [];
  const tooMany = parsed ? parsed.records.length > IMPORT_ROW_LIMIT : false;
  const noRows = parsed ? parsed.records.length === 0 : false;
  const ready = parsed && mapping && missing.length === 0 && !tooMany && !noRows;
  const request = (): PackageImportRequest | null => {
    if (!ready) return null;
    const mapped = applyImportMapping(parsed.headers, parsed.records, mapping);
    return { fileName: parsed.fileName, mode, rows: mapped.rows, trackingNumberFormat: mapped.trackingNumberFormat };
  };

  const headingOptions = useMemo(() => [...new Set(parsed?.headers.filter(Boolean) ?? [])], [parsed]);
  const preview = useMemo(
    () => (parsed && mapping ? applyImportMapping(parsed.headers, parsed.records.slice(0, PREVIEW_RECORDS), mapping) : null),
    [parsed, mapping],
  );
  const packageCount = useMemo(() => (parsed && mapping?.groupBy ? applyImportMapping(parsed.headers, parsed.records, { fields: {}, groupBy: mapping.groupBy }).rows.length : null), [parsed, mapping?.groupBy]);
  const first = preview?.rows[0]?.values;
  const startOptions = [
    ...(preset ? [{ value: `preset:${preset.id}`, label: T.presetOption(preset.name) }] : []),
    { value: 'guess', label: T.guessOption },
    ...(startFrom === 'remembered' ? [{ value: 'remembered', label: T.rememberedOption }] : []),
    ...(setup.data?.mappings ?? []).map((m) => ({ value: `saved:${m.id}`, label: T.savedOption(m.name) })),
  ];
  const savedChosen = setup.data?.mappings.find((m) => `saved:${m.id}` === startFrom) ?? null;

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
          <Group gap="sm" align="flex-end" wrap="wrap" mb="xs">
            <Select
              label={T.startFrom}
              data={startOptions}
              value={startFrom}
              onChange={startWith}
              allowDeselect={false}
              disabled={importId !== null}
              style={{ flex: '1 1 16rem' }}
            />
            {savedChosen && (
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={T.deleteSaved(savedChosen.name)}
                title={T.deleteSaved(savedChosen.name)}
                onClick={() =>
                  deleteMapping.mutate(savedChosen.id, {
                    onSuccess: () => {
                      setStartFrom('guess');
                      notifications.show({ message: T.deleted });
                    },
                    onError: showError,
                  })
                }
              >
                ×
              </ActionIcon>
            )}
          </Group>
          {preset && startFrom === `preset:${preset.id}` && (
            <Alert color="blue" mb="xs" role="status">
              {T.presetFound(preset.name)}
            </Alert>
          )}
          <Select
            label={T.groupBy}
            description={T.groupHelp}
            data={[{ value: '', label: T.groupNone }, ...headingOptions.map((h) => ({ value: h, label: T.groupByColumn(h) }))]}
            value={mapping.groupBy ?? ''}
            onChange={(value) => change({ ...mapping, groupBy: value || null })}
            allowDeselect={false}
            disabled={importId !== null}
            mb="xs"
          />
          {packageCount !== null && <Text size="sm" mb="xs">{T.packagesFound(packageCount, parsed.records.length)}</Text>}
          <Table.ScrollContainer minWidth={300}>
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
                  const source = mapping.fields[field];
                  const label = IMPORT_FIELD_LABELS[field];
                  const required = IMPORT_REQUIRED_FIELDS.includes(field);
                  const key = sourceKey(source);
                  const data = [
                    { value: '', label: T.sources.none },
                    ...(field === 'trackingNumber' ? [{ value: 'generate', label: T.sources.generate }] : []),
                    { value: 'value', label: T.sources.value },
                    { value: 'several', label: T.sources.several },
                    ...headingOptions.map((h) => ({ value: `c:${h}`, label: h })),
                  ];
                  return (
                    <Table.Tr key={field}>
                      <Table.Td>
                        {label}
                        {required && (
                          <Text span size="xs" c="red" ml={4}>
                            {T.required}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4}>
                          <Select
                            aria-label={`${T.column}: ${label}`}
                            data={data}
                            value={key}
                            onChange={(value) => chooseSource(field, value)}
                            allowDeselect={false}
                            size="xs"
                            disabled={importId !== null}
                          />
                          {source?.kind === 'columns' && key === 'several' && (
                            <>
                              <MultiSelect
                                aria-label={T.columnsOf(label)}
                                data={headingOptions}
                                value={source.columns}
                                onChange={(columns) => setSource(field, { ...source, columns })}
                                size="xs"
                                searchable
                                disabled={importId !== null}
                              />
                              <Select
                                aria-label={T.joinOf(label)}
                                data={IMPORT_JOIN_IDS.map((j) => ({ value: j, label: T.joins[j] }))}
                                value={source.join}
                                onChange={(join) => setSource(field, { ...source, join: (join ?? 'comma') as ImportJoin })}
                                allowDeselect={false}
                                size="xs"
                                disabled={importId !== null}
                              />
                            </>
                          )}
                          {source?.kind === 'value' && (
                            <TextInput
                              aria-label={T.valueOf(label)}
                              value={source.value}
                              onChange={(e) => setSource(field, { kind: 'value', value: e.currentTarget.value })}
                              size="xs"
                              disabled={importId !== null}
                            />
                          )}
                          {source?.kind === 'generate' && (
                            <Select
                              aria-label={T.formatOf(label)}
                              data={TRACKING_NUMBER_FORMAT_IDS.map((f) => ({ value: f, label: TRACKING_NUMBER_FORMATS[f] }))}
                              value={source.format}
                              onChange={(format) => setSource(field, { kind: 'generate', format: (format ?? 'ot-digits') as TrackingNumberFormat })}
                              allowDeselect={false}
                              size="xs"
                              disabled={importId !== null}
                            />
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text size="xs" lineClamp={2}>
                          {source?.kind === 'generate' ? T.madeOnImport : (first?.[field] ?? '')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {preview && preview.missingHeadings.length > 0 && (
            <Alert color="yellow" mt="xs">
              {T.missingHeadings(preview.missingHeadings.join(', '))}
            </Alert>
          )}
          {missing.length > 0 && (
            <Alert color="yellow" mt="xs">
              {T.missingRequired(missing.map((f) => IMPORT_FIELD_LABELS[f]).join(', '))}
            </Alert>
          )}
          {importId === null && (
            <Group
              component="form"
              gap="sm"
              align="flex-end"
              wrap="wrap"
              mt="sm"
              onSubmit={(e) => {
                e.preventDefault();
                const name = saveName.trim();
                if (!name) return;
                saveMapping.mutate(
                  { name, mapping },
                  {
                    onSuccess: (saved) => {
                      setStartFrom(`saved:${saved.id}`);
                      setSaveName('');
                      notifications.show({ message: T.saved(saved.name) });
                    },
                    onError: showError,
                  },
                );
              }}
            >
              <TextInput label={T.saveName} placeholder={T.saveNamePlaceholder} value={saveName} onChange={(e) => setSaveName(e.currentTarget.value)} style={{ flex: '1 1 14rem' }} maxLength={100} />
              <Button type="submit" variant="default" disabled={!saveName.trim()} loading={saveMapping.isPending}>
                {T.save}
              </Button>
            </Group>
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
