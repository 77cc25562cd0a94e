import type { Package } from '@cargo/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { usePackages } from '../api/get-packages.ts';
import { useSetLocationLink } from '../api/set-location-link.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { serverMessage, toastError, toastSuccess } from '../utils/toast.ts';
import classes from './admin.module.css';
import { PackagePicker } from './package-picker.tsx';

const T = ADMIN_TEXT.gpsLinks;

/** The GPS Links tab: a package's real location link, saved, removed or opened. */
export function GpsLinksTab() {
  const [pkg, setPkg] = useState<Package | null>(null);
  const [link, setLink] = useState('');
  const save = useSetLocationLink();
  const recent = usePackages({ limit: 100 });
  const withLinks = (recent.data?.packages ?? []).filter((p) => p.realLocationLink);

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
        {withLinks.length === 0 ? (
          <Text>{T.none}</Text>
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
      </Paper>
    </Stack>
  );
}
