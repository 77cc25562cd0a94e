import { deviceInputSchema, type deviceCreatedSchema, type deviceSchema } from '@cargo/shared';
import { Alert, Button, Grid, List, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { useDevices } from '../api/get-devices.ts';
import { useDrivers } from '../api/get-drivers.ts';
import { useRegisterDevice } from '../api/register-device.ts';
import { useRevokeDevice } from '../api/revoke-device.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatTime } from '../utils/package-input.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import classes from './admin.module.css';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';

const T = ADMIN_TEXT.devices;
type Device = z.infer<typeof deviceSchema>;
type Created = z.infer<typeof deviceCreatedSchema>;

/** The device's own battery reading when the API reports one; '—' otherwise, never a made-up figure. */
function batteryText(device: Device): string {
  const battery = (device as Device & { battery?: number | null }).battery;
  return typeof battery === 'number' ? `${Math.round(battery)}%` : T.unknown;
}

/** Where Traccar Client (OsmAnd protocol) sends its fixes. */
const serverUrl = () => `${window.location.origin}/api/osmand`;

function SetupSteps({ device }: { device: Created }) {
  return (
    <Paper withBorder p="md" radius="md" aria-label={T.setupTitle} role="region">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {T.setupTitle}
        </Title>
        <Text size="sm">{T.setupOnce}</Text>
        <List type="ordered" spacing={4}>
          {T.steps(serverUrl()).map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Text size="sm">
          {T.serverUrl}: <span className={classes.mono}>{serverUrl()}</span>
        </Text>
        <Text size="sm">
          {T.identifier.replace(' (optional)', '')}: <span className={classes.mono}>{device.identifier}</span>
        </Text>
        <QrCode value={device.identifier} label={T.identifierQr} size={176} />
      </Stack>
    </Paper>
  );
}

/** The Devices tab (design.md §4, instead of the simulated vendor tab): register and revoke OsmAnd devices per driver. */
export function DevicesTab() {
  const drivers = useDrivers();
  const devices = useDevices();
  const register = useRegisterDevice();
  const revoke = useRevokeDevice();
  const [driverId, setDriverId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<Device | null>(null);
  const driverName = (id: string) => drivers.data?.find((d) => d.id === id)?.name ?? id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deviceInputSchema.safeParse({ driverId: driverId ?? '', name });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    register.mutate(
      { ...parsed.data, ...(identifier.trim() ? { identifier: identifier.trim() } : {}) },
      {
        onSuccess: (device) => {
          toastSuccess(T.registered);
          setCreated(device);
          setName('');
          setIdentifier('');
        },
        onError: (error) => toastError(T.registerFailed, serverMessage(error)),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {T.intro}
      </Text>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md">
            <form onSubmit={submit} noValidate aria-label={T.register}>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {T.register}
                </Title>
                <Select label={T.driver} required data={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name }))} value={driverId} onChange={setDriverId} searchable error={errors.driverId} />
                <TextInput label={T.name} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
                <TextInput label={T.identifier} description={T.identifierHint} value={identifier} onChange={(e) => setIdentifier(e.currentTarget.value)} />
                <Button type="submit" disabled={register.isPending}>
                  {register.isPending ? T.registering : T.register}
                </Button>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>{created && <SetupSteps device={created} />}</Grid.Col>
      </Grid>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {T.title}
        </Title>
        {devices.isPending ? (
          <Skeleton height={80} />
        ) : devices.isError ? (
          <Alert color="red">{ADMIN_TEXT.common.loadFailed}</Alert>
        ) : devices.data.length === 0 ? (
          <Text>{T.empty}</Text>
        ) : (
          <div className={classes.tableWrap} role="region" aria-label={T.title} tabIndex={0}>
            <Table striped className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.name}</Table.Th>
                  <Table.Th>{T.driver}</Table.Th>
                  <Table.Th>{T.lastSeen}</Table.Th>
                  <Table.Th>{T.battery}</Table.Th>
                  <Table.Th>{ADMIN_TEXT.packages.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.data.map((device) => (
                  <Table.Tr key={device.id}>
                    <Table.Td>{device.name}</Table.Td>
                    <Table.Td>{driverName(device.driverId)}</Table.Td>
                    <Table.Td>{device.lastSeenAt ? formatTime(device.lastSeenAt) : T.never}</Table.Td>
                    <Table.Td>{batteryText(device)}</Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="outline" color="red.9" onClick={() => setRevoking(device)} aria-label={`${T.revoke} ${device.name}`}>
                        {T.revoke}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Paper>
      <ConfirmModal
        opened={Boolean(revoking)}
        message={revoking ? T.revokeConfirm(revoking.name) : ''}
        confirmLabel={T.revoke}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toastSuccess(T.revoked);
              setRevoking(null);
            },
            onError: (error) => toastError(T.revokeFailed, serverMessage(error)),
          })
        }
      />
    </Stack>
  );
}
