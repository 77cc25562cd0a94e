import { AUDIT_ACTOR_LABELS, AUDIT_ACTOR_TYPES, AUDIT_OBJECT_LABELS, AUDIT_OBJECT_TYPES, type AuditEntry, type AuditObjectType } from '@cargo/shared';
import { Alert, Badge, Button, Group, Pagination, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { formatMediumDateTimeWithSeconds } from '../../../lib/local-time.ts';
import stacked from '../../../components/ui/stacked-table.module.css';
import { useAuditLog } from '../api/get-audit-log.ts';
import { useAuditFilters } from '../hooks/use-audit-filters.ts';
import { auditActionText, auditFieldLabel, auditValueText } from '../lib/labels.ts';
import { AUDIT_TEXT } from '../texts.ts';
import classes from './audit-log.module.css';

const T = AUDIT_TEXT;
const F = T.filters;
const C = T.columns;
export const AUDIT_PAGE_SIZE = 25;

const OBJECT_OPTIONS = AUDIT_OBJECT_TYPES.map((value) => ({ value, label: AUDIT_OBJECT_LABELS[value] }));
const ACTOR_OPTIONS = AUDIT_ACTOR_TYPES.map((value) => ({ value, label: AUDIT_ACTOR_LABELS[value] }));

/** A stored value in the panel's words (lib/labels.ts), cut at 120 characters. */
function shown(field: string, value: unknown): string {
  if (value === undefined) return T.none;
  const text = auditValueText(field, value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** Each changed field: before → after (a creation shows what was set, a deletion what was removed). */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return <Text size="sm">{T.none}</Text>;
  return (
    <dl className={classes.changes}>
      {fields.map((field) => {
        const before = entry.before?.[field];
        const after = entry.after?.[field];
        return (
          <div key={field} className={classes.change}>
            <dt>{auditFieldLabel(field)}</dt>
            <dd>
              {entry.before && entry.after ? (
                <>
                  <del className={classes.before}>{shown(field, before)}</del> → <ins className={classes.after}>{shown(field, after)}</ins>
                </>
              ) : entry.after ? (
                <ins className={classes.after}>{shown(field, after)}</ins>
              ) : (
                <del className={classes.before}>{shown(field, before)}</del>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The Audit log tab (issue 20 item 5): who did what to which object and when, filtered by object, actor and time and
 * paged by the server; the filters live in the address, so a package's 'History' link opens its entries.
 */
export function AuditLogTab() {
  const { filters, update, range } = useAuditFilters();
  // Typed ids are sent once the typing pauses, and kept here meanwhile.
  const [objectId, setObjectId] = useState(filters.objectId);
  const [actorId, setActorId] = useState(filters.actorId);
  const [shownObjectId, setShownObjectId] = useState(filters.objectId);
  if (shownObjectId !== filters.objectId) {
    // The address changed from outside (a 'History' link): show what it says.
    setShownObjectId(filters.objectId);
    setObjectId(filters.objectId);
  }
  const sendObjectId = useDebouncedCallback((value: string) => update({ objectId: value.trim() || null }), 300);
  const sendActorId = useDebouncedCallback((value: string) => update({ actorId: value.trim() || null }), 300);

  const query = {
    objectType: filters.objectType ?? undefined,
    // A tracking number, a driver's name or phone, or an id: the server finds the objects (issue 31).
    object: filters.objectId || undefined,
    actorType: filters.actorType ?? undefined,
    actorId: filters.actorId || undefined,
    from: range.from,
    to: range.to,
    limit: AUDIT_PAGE_SIZE,
    offset: (filters.page - 1) * AUDIT_PAGE_SIZE,
  };
  const log = useAuditLog(query);
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const filtered = Boolean(filters.objectType || filters.objectId || filters.actorType || filters.actorId || filters.from || filters.to);

  const history = (entry: AuditEntry) => {
    if (!entry.objectId) return;
    update({ objectType: entry.objectType, objectId: entry.objectId, actorType: null, actorId: null, from: null, to: null });
    setObjectId(entry.objectId);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {T.title}
        </Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </div>

      <Group component="form" role="search" aria-label={F.label} gap="sm" align="flex-end" wrap="wrap" onSubmit={(e) => e.preventDefault()}>
        <Select
          label={F.objectType}
          placeholder={F.anyObject}
          data={OBJECT_OPTIONS}
          value={filters.objectType}
          onChange={(value) => update({ objectType: value })}
          clearable
          className={classes.filter}
        />
        <TextInput
          label={F.objectId}
          placeholder={F.objectIdPlaceholder}
          value={objectId}
          onChange={(e) => {
            setObjectId(e.currentTarget.value);
            sendObjectId(e.currentTarget.value);
          }}
          className={classes.filterWide}
        />
        <Select
          label={F.actorType}
          placeholder={F.anyActor}
          data={ACTOR_OPTIONS}
          value={filters.actorType}
          onChange={(value) => update({ actorType: value })}
          clearable
          className={classes.filter}
        />
        <TextInput
          label={F.actorId}
          value={actorId}
          onChange={(e) => {
            setActorId(e.currentTarget.value);
            sendActorId(e.currentTarget.value);
          }}
          className={classes.filter}
        />
        <TextInput type="date" label={F.from} value={filters.from} onChange={(e) => update({ from: e.currentTarget.value })} className={classes.filterDate} />
        <TextInput type="date" label={F.to} value={filters.to} onChange={(e) => update({ to: e.currentTarget.value })} className={classes.filterDate} />
        {filtered && (
          <Button
            variant="default"
            onClick={() => {
              setObjectId('');
              setActorId('');
              update({ objectType: null, objectId: null, actorType: null, actorId: null, from: null, to: null });
            }}
          >
            {F.clear}
          </Button>
        )}
      </Group>

      <Text size="sm" c="dimmed" aria-live="polite">
        {log.data ? T.total(total) : ' '}
      </Text>

      {log.isError && !log.data ? (
        <Alert color="red" role="alert">
          {T.loadFailed}
        </Alert>
      ) : log.isPending ? (
        <Stack gap="xs" aria-label={T.loading}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : total === 0 ? (
        <Text>{filtered ? T.noMatch : T.empty}</Text>
      ) : (
        <div className={classes.tableWrap} role="region" aria-label={T.title} tabIndex={0}>
          <Table striped className={`${classes.table} ${stacked.stacked}`} aria-busy={log.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{C.time}</Table.Th>
                <Table.Th>{C.actor}</Table.Th>
                <Table.Th>{C.action}</Table.Th>
                <Table.Th>{C.object}</Table.Th>
                <Table.Th>{C.changes}</Table.Th>
                <Table.Th>{C.ip}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.entries.map((entry) => {
                const objectName = entry.objectLabel ?? entry.objectId ?? T.none;
                const typeLabel = AUDIT_OBJECT_LABELS[entry.objectType as AuditObjectType] ?? entry.objectType;
                const isShown = filters.objectId === entry.objectId && filters.objectType === entry.objectType;
                return (
                  <Table.Tr key={entry.id}>
                    <Table.Td data-label={C.time} className={classes.nowrap}>{formatMediumDateTimeWithSeconds(new Date(entry.at))}</Table.Td>
                    <Table.Td data-label={C.actor}>
                      <Badge variant="outline" color="dark" size="sm">
                        {AUDIT_ACTOR_LABELS[entry.actorType]}
                      </Badge>
                      <Text size="sm" className={classes.breakable}>
                        {entry.actorLabel}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={C.action}>{auditActionText(entry)}</Table.Td>
                    <Table.Td data-label={C.object}>
                      <Text size="xs" c="dimmed">
                        {typeLabel}
                      </Text>
                      <Text size="sm" className={classes.breakable}>
                        {objectName}
                      </Text>
                      {entry.objectId && !isShown && (
                        <Button size="compact-xs" variant="subtle" onClick={() => history(entry)} aria-label={T.historyOf(`${typeLabel} ${objectName}`)}>
                          {T.history}
                        </Button>
                      )}
                    </Table.Td>
                    <Table.Td data-label={C.changes}>
                      <Changes entry={entry} />
                    </Table.Td>
                    <Table.Td data-label={C.ip} className={classes.nowrap}>{entry.ip ?? T.none}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(filters.page, pages)}
          onChange={(next) => update({ page: next === 1 ? null : String(next) })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          aria-label={T.pages}
        />
      )}
    </Stack>
  );
}
