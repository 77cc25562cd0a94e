import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@cargo/shared';
import { Alert, Badge, Button, Checkbox, Code, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';
import { INTEGRATION_TEXT } from '../texts.ts';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { refusal, when } from './labels.ts';
import { SecretBox } from './secret-box.tsx';

const T = INTEGRATION_TEXT.keys;
const C = T.columns;

/** API keys (issue 19): create one with scopes (the key shown once), the list, revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { name, scopes },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
          setScopes([]);
          toastSuccess(T.created);
        },
        onError: (err) => setError(refusal(err, T.createFailed)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="api-keys-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="api-keys-title">
            {T.title}
          </Title>
          <Text size="sm" c="dimmed">
            {T.hint}
          </Text>
        </div>
        <form onSubmit={submit} aria-label={T.create}>
          <Stack gap="sm">
            <TextInput label={T.name} placeholder={T.namePlaceholder} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} maw={420} />
            <Checkbox.Group label={T.scopes} value={scopes} onChange={(value) => setScopes(value as ApiKeyScope[])}>
              <Stack gap={6} mt={6}>
                {API_KEY_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={
                      <>
                        {API_KEY_SCOPE_LABELS[scope]} <Code>{scope}</Code>
                      </>
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {T.create}
              </Button>
            </Group>
          </Stack>
        </form>
        {created && <SecretBox label={T.newKey} value={created.key} warning={T.onceWarning} onDone={() => setCreated(null)} />}
        {keys.isPending ? (
          <Skeleton height={80} />
        ) : keys.isError ? (
          <Alert color="red">{INTEGRATION_TEXT.loadFailed}</Alert>
        ) : keys.data.length === 0 ? (
          <Text>{T.empty}</Text>
        ) : (
          <div role="region" aria-label={T.listLabel} tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{C.name}</Table.Th>
                  <Table.Th>{C.prefix}</Table.Th>
                  <Table.Th>{C.scopes}</Table.Th>
                  <Table.Th>{C.created}</Table.Th>
                  <Table.Th>{C.lastUsed}</Table.Th>
                  <Table.Th>{C.state}</Table.Th>
                  <Table.Th>{C.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td>{key.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Code>{key.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        {key.scopes.map((scope) => (
                          <Code key={scope}>{scope}</Code>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(key.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{key.lastUsedAt ? when(key.lastUsedAt) : INTEGRATION_TEXT.never}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {key.revokedAt ? (
                        <Badge color="#495057" variant="filled">
                          {T.revokedAt(when(key.revokedAt))}
                        </Badge>
                      ) : (
                        <Badge color="#1b5e20" variant="filled">
                          {T.active}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {!key.revokedAt && (
                        <Button size="xs" variant="default" color="red" aria-label={T.revokeLabel(key.name)} onClick={() => setRevoking(key)}>
                          {T.revoke}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        message={revoking ? T.revokeConfirm(revoking.name, revoking.prefix) : ''}
        confirmLabel={T.revoke}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toastSuccess(T.revoked);
            },
            onError: (err) => toastError(T.revokeFailed, refusal(err, '')),
          })
        }
      />
    </Paper>
  );
}
