import type { Package } from '@cargo/shared';
import { Anchor, Button, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { usePackages } from '../api/get-packages.ts';
import { useSetLocationLink } from '../api/set-location-link.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import classes from './admin.module.css';
import { PackagePicker } from './package-picker.tsx';

const T = ADMIN_TEXT.gpsLinks;
const PAGE = 20;

/** The GPS Links tab: a package's real location link, saved, removed or opened. */
export function GpsLinksTab() {
  const [pkg, setPkg] = useState<Package | null>(null);
  const [link, setLink] = useState('');
  const save = useSetLocationLink();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const [page, setPage] = useState(1);
  // The server filters, searches and pages: every package with a link is listed, however old (10,000 packages).
  const linked = usePackages({ hasLink: 'true', q: debounced || undefined, limit: PAGE, offset: (page - 1) * PAGE });
  const withLinks = linked.data?.packages ?? [];
  const total = linked.data?.total ?? 0;

  const choose = (next: Package | null) => {
    setPkg(next);
    setLink(next?.realLocationLink ?? '');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pkg || !link.trim()) {
      toastError(T.linkRequired, T.linkRequiredBody);
      return;
    }
    save.mutate(
      { id: pkg.id, link: link.trim() },
      {
        onSuccess: (updated) => {
          setPkg(updated);
          toastSuccess(T.saved(updated.trackingNumber));
        },
        onError: (error) => toastError(T.saveFailed, serverMessage(error)),
      },
    );
  };

  const remove = (target: Package) =>
    save.mutate(
      { id: target.id, link: null },
      {
        onSuccess: (updated) => {
          if (pkg?.id === updated.id) {
            setPkg(updated);
            setLink('');
          }
          toastSuccess(T.removed(updated.trackingNumber));
        },
        onError: () => toastError(T.removeFailed),
      },
    );

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" maw={640}>
        <form onSubmit={submit} noValidate aria-label={T.title}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {T.title}
            </Title>
            <PackagePicker label={T.package} value={pkg} onChange={choose} />
            <TextInput label={T.link} type="url" value={link} onChange={(e) => setLink(e.currentTarget.value)} />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {T.save}
              </Button>
              {pkg?.realLocationLink && (
                <>
                  <Button component="a" href={pkg.realLocationLink} target="_blank" rel="noopener noreferrer" variant="default">
                    {T.open}
                  </Button>
                  <Button variant="outline" color="red.9" onClick={() => remove(pkg)}>
                    {T.remove}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {T.current}
        </Title>
        <TextInput
          label={T.search}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          mb="sm"
          maw={400}
        />
        {linked.isPending ? null : withLinks.length === 0 ? (
          <Text>{debounced ? T.noneFound : T.none}</Text>
        ) : (
          <div className={classes.tableWrap} role="region" aria-label={T.current} tabIndex={0}>
            <Table className={classes.table}>
              <Table.Tbody>
                {withLinks.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td className={classes.nowrap}>{p.trackingNumber}</Table.Td>
                    <Table.Td>
                      <Anchor href={p.realLocationLink ?? ''} target="_blank" rel="noopener noreferrer" className={classes.mono}>
                        {p.realLocationLink}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="outline" color="red.9" onClick={() => remove(p)} aria-label={`${T.remove} ${p.trackingNumber}`}>
                        {T.remove}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        {total > 0 && (
          <Group justify="space-between" mt="sm">
            <Text size="sm">{T.count(total)}</Text>
            {total > PAGE && (
              <Pagination total={Math.ceil(total / PAGE)} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(n) => ({ 'aria-label': `Page ${n}` })} />
            )}
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
