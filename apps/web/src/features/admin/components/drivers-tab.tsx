import { driverInputSchema, parseMapsLink, type Driver, type Package, formatPhone } from '@cargo/shared';
import { Alert, Button, Grid, Group, Modal, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateDriver } from '../api/create-driver.ts';
import { useSetDriverLocation, useSetDriverLocationFromLink } from '../api/driver-location-from-link.ts';
import { useDrivers } from '../api/get-drivers.ts';
import { useParseMapsLink } from '../api/parse-maps-link.ts';
import { useResetDriverPin } from '../api/reset-driver-pin.ts';
import { useUpdateDriver } from '../api/update-driver.ts';
import { useUpdatePackage } from '../api/update-package.ts';
import { useAdminUrl } from '../hooks/use-admin-url.ts';
import { useAdminSlots } from '../slots.tsx';
import { ADMIN_TEXT } from '../texts.ts';
import { formatLatLng, formatTime, inputFromPackage } from '../utils/package-input.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import classes from './admin.module.css';
import { AssignPackagePicker } from './assign-package-picker.tsx';
import { Pill } from './pill.tsx';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { PinModal } from './pin-modal.tsx';

const T = ADMIN_TEXT.drivers;

interface DriverFields {
  name: string;
  phone: string;
  email: string;
  vehicleId: string;
}
type FieldErrors = Partial<Record<keyof DriverFields | 'pin', string>>;
const EMPTY: DriverFields = { name: '', phone: '', email: '', vehicleId: '' };

function issuesToErrors(issues: { path: PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = (Array.isArray(issue.path) ? issue.path[0] : issue.path) as keyof FieldErrors;
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

function DriverFieldsInputs({ values, errors, onChange }: { values: DriverFields; errors: FieldErrors; onChange: (v: DriverFields) => void }) {
  return (
    <>
      <TextInput label={T.name} required value={values.name} onChange={(e) => onChange({ ...values, name: e.currentTarget.value })} error={errors.name} />
      <TextInput label={T.phone} required type="tel" value={values.phone} onChange={(e) => onChange({ ...values, phone: e.currentTarget.value })} error={errors.phone} />
      <TextInput label={T.email} type="email" value={values.email} onChange={(e) => onChange({ ...values, email: e.currentTarget.value })} error={errors.email} />
      <TextInput label={T.vehicleId} value={values.vehicleId} onChange={(e) => onChange({ ...values, vehicleId: e.currentTarget.value })} error={errors.vehicleId} />
    </>
  );
}

function CreateDriverForm({ onPin }: { onPin: (shown: { name: string; pin: string }) => void }) {
  const [values, setValues] = useState<DriverFields>(EMPTY);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateDriver();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, email: values.email || null, vehicleId: values.vehicleId || null, ...(pin ? { pin } : {}) };
    const parsed = driverInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: (driver) => {
        toastSuccess(T.created);
        setValues(EMPTY);
        setPin('');
        if (driver.pin) onPin({ name: driver.name, pin: driver.pin });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues) setErrors(issuesToErrors(error.issues));
        toastError(T.createFailed, serverMessage(error));
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={T.createTitle}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.createTitle}
          </Title>
          <DriverFieldsInputs values={values} errors={errors} onChange={setValues} />
          <TextInput label={T.pin} description={T.pinHint} inputMode="numeric" maxLength={6} value={pin} onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ''))} error={errors.pin} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? T.creating : T.create}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function EditDriverModal({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const [values, setValues] = useState<DriverFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loaded, setLoaded] = useState<string | null>(null);
  const save = useUpdateDriver();
  if (driver && loaded !== driver.id) {
    setLoaded(driver.id);
    setValues({ name: driver.name, phone: formatPhone(driver.phone), email: driver.email ?? '', vehicleId: driver.vehicleId });
    setErrors({});
  }
  const close = () => {
    setLoaded(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!driver) return;
    const changes = { ...values, email: values.email || null, vehicleId: values.vehicleId || null };
    const parsed = driverInputSchema.omit({ pin: true }).safeParse(changes);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    save.mutate(
      { id: driver.id, changes },
      {
        onSuccess: () => {
          toastSuccess(T.saved);
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues) setErrors(issuesToErrors(error.issues));
          toastError(T.saveFailed, serverMessage(error));
        },
      },
    );
  };
  return (
    <Modal opened={Boolean(driver)} onClose={close} title={driver ? T.editTitle(driver.name) : ''} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DriverFieldsInputs values={values} errors={errors} onChange={setValues} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DriverList({ onPin }: { onPin: (shown: { name: string; pin: string }) => void }) {
  const drivers = useDrivers();
  const { exportButton, auditHistory, driverRatings } = useAdminSlots();
  const [rated, setRated] = useState<Driver | null>(null);
  const { update: openInAddress } = useAdminUrl();
  const update = useUpdateDriver();
  const resetPin = useResetDriverPin();
  const [editing, setEditing] = useState<Driver | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'active' | 'pin'; driver: Driver } | null>(null);

  const confirmed = () => {
    if (!confirm) return;
    const { driver, kind } = confirm;
    if (kind === 'pin') {
      resetPin.mutate(driver.id, {
        onSuccess: ({ pin }) => {
          setConfirm(null);
          onPin({ name: driver.name, pin });
        },
        onError: (error) => toastError(T.saveFailed, serverMessage(error)),
      });
    } else {
      update.mutate(
        { id: driver.id, changes: { isActive: !driver.isActive } },
        {
          onSuccess: () => {
            setConfirm(null);
            toastSuccess(driver.isActive ? T.deactivated : T.activated);
          },
          onError: (error) => toastError(T.saveFailed, serverMessage(error)),
        },
      );
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {T.listTitle}
        </Title>
        {exportButton?.({ resource: 'drivers', query: {} })}
      </Group>
      {drivers.isPending ? (
        <Skeleton height={80} />
      ) : drivers.isError ? (
        <Alert color="red">{ADMIN_TEXT.common.loadFailed}</Alert>
      ) : drivers.data.length === 0 ? (
        <Text>{T.empty}</Text>
      ) : (
        <div className={classes.tableWrap} role="region" aria-label={T.listTitle} tabIndex={0}>
          <Table striped className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.name}</Table.Th>
                <Table.Th>{T.vehicleId}</Table.Th>
                <Table.Th>{T.phone}</Table.Th>
                <Table.Th>{T.email}</Table.Th>
                <Table.Th>{T.lastCoordinates}</Table.Th>
                <Table.Th>{T.lastUpdate}</Table.Th>
                <Table.Th>{ADMIN_TEXT.packages.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drivers.data.map((driver) => (
                <Table.Tr key={driver.id}>
                  <Table.Td>
                    <Text fw={600}>{driver.name}</Text>
                    <Group gap={4}>
                      <Pill tone={driver.isOnline ? 'on' : 'off'}>{driver.isOnline ? T.online : T.offline}</Pill>
                      {!driver.isActive && (
                        <Pill tone="alert">{T.inactive}</Pill>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{driver.vehicleId}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatPhone(driver.phone)}</Table.Td>
                  <Table.Td>{driver.email ?? ''}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatLatLng(driver.currentLat, driver.currentLng)}</Table.Td>
                  <Table.Td>{driver.lastLocationUpdate ? formatTime(driver.lastLocationUpdate) : T.never}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="light" onClick={() => setEditing(driver)} aria-label={`${T.edit} ${driver.name}`}>
                        {T.edit}
                      </Button>
                      <Button size="compact-xs" variant="default" onClick={() => setConfirm({ kind: 'pin', driver })} aria-label={`${T.resetPin} ${driver.name}`}>
                        {T.resetPin}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color={driver.isActive ? 'red' : undefined}
                        onClick={() => setConfirm({ kind: 'active', driver })}
                        aria-label={`${driver.isActive ? T.deactivate : T.activate} ${driver.name}`}
                      >
                        {driver.isActive ? T.deactivate : T.activate}
                      </Button>
                      {driverRatings && (
                        <Button size="compact-xs" variant="light" onClick={() => setRated(driver)} aria-label={`${T.ratings} ${driver.name}`}>
                          {T.ratings}
                        </Button>
                      )}
                      {auditHistory && (
                        <Button size="compact-xs" variant="subtle" onClick={() => openInAddress(auditHistory('driver', driver.id), { push: true })} aria-label={`${T.history} ${driver.name}`}>
                          {T.history}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <EditDriverModal driver={editing} onClose={() => setEditing(null)} />
      {/* A driver's ratings from customers (issue 33), given by features/customer-actions through a slot. */}
      <Modal opened={Boolean(rated)} onClose={() => setRated(null)} title={rated ? T.ratingsOf(rated.name) : ''} size="lg" centered>
        {rated && driverRatings?.(rated.id)}
      </Modal>
      <ConfirmModal
        opened={Boolean(confirm)}
        message={confirm ? (confirm.kind === 'pin' ? T.resetPinConfirm(confirm.driver.name) : T.deactivateConfirm(confirm.driver.name)) : ''}
        confirmLabel={confirm?.kind === 'pin' ? T.resetPin : confirm?.driver.isActive ? T.deactivate : T.activate}
        danger={confirm?.kind !== 'active' || confirm.driver.isActive}
        pending={update.isPending || resetPin.isPending}
        onConfirm={confirmed}
        onCancel={() => setConfirm(null)}
      />
    </Paper>
  );
}

function AssignPackages() {
  const drivers = useDrivers();
  const [driverId, setDriverId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Package[]>([]);
  const [pending, setPending] = useState(false);
  const save = useUpdatePackage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const driver = drivers.data?.find((d) => d.id === driverId);
    if (!driver || selected.length === 0) {
      toastError(T.assignMissing);
      return;
    }
    setPending(true);
    try {
      for (const pkg of selected) {
        await save.mutateAsync({ id: pkg.id, input: inputFromPackage(pkg, { driverId: driver.id, driver: driver.name, driverPhone: driver.phone }) });
      }
      toastSuccess(T.assigned);
      setSelected([]);
    } catch (error) {
      toastError(T.assignFailed, serverMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={T.assignTitle}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.assignTitle}
          </Title>
          <Select
            label={T.assignDriver}
            data={(drivers.data ?? []).filter((d) => d.isActive).map((d) => ({ value: d.id, label: d.name }))}
            value={driverId}
            onChange={(v) => {
              setDriverId(v);
              setSelected([]);
            }}
            searchable
            clearable
          />
          <AssignPackagePicker driverId={driverId} value={selected} onChange={setSelected} />
          <Button type="submit" loading={pending}>
            {T.assign}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function LocationFromLink() {
  const drivers = useDrivers();
  const [driverId, setDriverId] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const fromLink = useSetDriverLocationFromLink();
  const setLocation = useSetDriverLocation();
  const parseOnServer = useParseMapsLink();
  const pending = fromLink.isPending || setLocation.isPending || parseOnServer.isPending;

  const done = (lat: number, lng: number) => {
    toastSuccess(T.linkUpdated, `${lat.toFixed(6)}, ${lng.toFixed(6)}`);
    setLink('');
  };
  const failed = (error: unknown) => toastError(T.linkFailed, serverMessage(error) ?? T.linkFormat);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!driverId || !link.trim()) {
      toastError(T.linkMissing, T.linkMissingBody);
      return;
    }
    // Spec §5: coordinates after '@' or in the data parameters are read here; otherwise the server is asked.
    if (parseMapsLink(link)) {
      fromLink.mutate({ id: driverId, link: link.trim() }, { onSuccess: ({ location }) => done(location.lat, location.lng), onError: failed });
      return;
    }
    parseOnServer.mutate(link.trim(), {
      onSuccess: (location) => setLocation.mutate({ id: driverId, location }, { onSuccess: () => done(location.lat, location.lng), onError: failed }),
      onError: failed,
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={T.linkTitle}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.linkTitle}
          </Title>
          <Select label={T.linkDriver} data={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name }))} value={driverId} onChange={setDriverId} searchable clearable />
          <TextInput label={T.link} type="url" placeholder="https://www.google.com/maps/@41.8781,-87.6298,15z" value={link} onChange={(e) => setLink(e.currentTarget.value)} />
          <Button type="submit" loading={pending}>
            {T.linkSubmit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The Drivers tab (spec §2): create (PIN shown once), the list with edit, deactivate and reset PIN, assignment, location from a link. */
export function DriversTab() {
  const [pin, setPin] = useState<{ name: string; pin: string } | null>(null);
  return (
    <Stack gap="lg">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CreateDriverForm onPin={setPin} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DriverList onPin={setPin} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AssignPackages />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LocationFromLink />
        </Grid.Col>
      </Grid>
      <PinModal shown={pin} onClose={() => setPin(null)} />
    </Stack>
  );
}
