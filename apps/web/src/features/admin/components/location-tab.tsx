import { MSG, packageLocationSchema, type Package } from '@cargo/shared';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAddPackageLocation } from '../api/add-package-location.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { PackagePicker } from './package-picker.tsx';

const T = ADMIN_TEXT.location;

/** The Location tab: one package's coordinates (lat, lng and address required, spec §5). */
export function LocationTab() {
  const [pkg, setPkg] = useState<Package | null>(null);
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddPackageLocation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pkg) {
      setErrors({ package: ADMIN_TEXT.status.selectPackage });
      toastError(ADMIN_TEXT.status.selectPackage);
      return;
    }
    const found: Record<string, string> = {};
    const missing = !lat.trim() || !lng.trim() || !address.trim();
    if (!lat.trim()) found.lat = MSG.invalidLatitude;
    if (!lng.trim()) found.lng = MSG.invalidLongitude;
    if (!address.trim()) found.address = MSG.locationRequired;
    const parsed = packageLocationSchema.safeParse({ lat, lng, address, type: 'current' });
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length) {
      // Spec §8 'Missing information' for empty fields; a wrong value is said under its field.
      if (missing) toastError(T.missing, T.missingBody);
      return;
    }
    add.mutate(
      { id: pkg.id, location: { lat: Number(lat), lng: Number(lng), address, type: 'current' } },
      {
        onSuccess: () => toastSuccess(T.updated),
        onError: (error) => toastError(T.failed, serverMessage(error)),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={submit} noValidate aria-label={T.title}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {T.title}
          </Title>
          <PackagePicker label={T.package} value={pkg} onChange={setPkg} error={errors.package} />
          <Group grow wrap="wrap">
            <TextInput label={T.lat} required inputMode="decimal" value={lat} onChange={(e) => setLat(e.currentTarget.value)} error={errors.lat} />
            <TextInput label={T.lng} required inputMode="decimal" value={lng} onChange={(e) => setLng(e.currentTarget.value)} error={errors.lng} />
          </Group>
          <TextInput label={T.address} required value={address} onChange={(e) => setAddress(e.currentTarget.value)} error={errors.address} />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? T.submitting : T.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
