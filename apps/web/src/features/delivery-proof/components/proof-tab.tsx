import { SERVICE_TYPES, isFinalForDriver, statusLabel, type DeliveryRequirement, type OutcomeView } from '@cargo/shared';
import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useDeliveryAttempts } from '../api/get-delivery-attempts.ts';
import { usePackageProof } from '../api/get-package-proof.ts';
import { useRequirements, useSaveRequirements } from '../api/delivery-requirements.ts';
import { downloadReceipt } from '../api/download-receipt.ts';
import { PROOF_ADMIN_TEXTS as T } from '../texts.ts';
import { ReopenDelivery } from './reopen-delivery.tsx';

const ProofMap = lazy(() => import('./proof-map.tsx'));

export function formatDistance(m: number): string {
  return m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`;
}

/**
 * Dispatch's view of proof of delivery (issue 18): a package's attempts and proof (photo, signature, where it was
 * closed on a small map and how far from the address, flagged over 200 m) with its PDF receipt; the packages whose
 * last outcome is an attempt, to re-plan; and what drivers must collect per service type.
 */
export function ProofTab({ customerReplan }: { customerReplan?: ReactNode } = {}) {
  const [input, setInput] = useState('');
  const [ref, setRef] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRef(input.trim());
  };
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Title order={2} size="h3" mb="sm">
          {T.title}
        </Title>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput label={T.lookupLabel} value={input} onChange={(e) => setInput(e.currentTarget.value)} style={{ flex: '1 1 14rem' }} />
            <Button type="submit">{T.lookup}</Button>
          </Group>
        </form>
        {ref && <PackageProof refId={ref} />}
      </Card>
      {/* The packages whose customer chose another day (features/customer-actions, composed by the route). */}
      {customerReplan}
      <AttemptsList onShow={(tracking) => {
        setInput(tracking);
        setRef(tracking);
      }} />
      <RequirementsForm />
    </Stack>
  );
}

function PackageProof({ refId }: { refId: string }) {
  const proof = usePackageProof(refId);
  const [downloading, setDownloading] = useState(false);
  if (proof.isPending) return <Text mt="md">…</Text>;
  if (proof.isError || !proof.data) return <Alert color="red" mt="md">{T.notFound}</Alert>;
  const { trackingNumber, outcomes, delivery, status } = proof.data;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReceipt(trackingNumber, trackingNumber);
    } catch {
      notifications.show({ title: T.downloadFailed, message: trackingNumber, color: 'red' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between">
        <div>
          <Title order={3} size="h4">
            {trackingNumber}
          </Title>
          <Text size="sm">
            {T.status}: {statusLabel(status)}
          </Text>
        </div>
        <Group gap="sm">
          {isFinalForDriver(status) && <ReopenDelivery trackingNumber={trackingNumber} />}
          <Button variant="light" onClick={() => void download()} loading={downloading}>
            {T.downloadPdf}
          </Button>
        </Group>
      </Group>
      {outcomes.length === 0 && <Text>{T.noOutcomes}</Text>}
      {outcomes.map((o) => (
        <OutcomeCard key={o.id} outcome={o} address={delivery?.lat != null && delivery.lng != null ? { lat: delivery.lat, lng: delivery.lng } : null} />
      ))}
    </Stack>
  );
}

function OutcomeCard({ outcome, address }: { outcome: OutcomeView; address: { lat: number; lng: number } | null }) {
  const full = outcome.full;
  const rows: Array<[string, string]> = [[T.time, new Date(outcome.at).toLocaleString('en-US')]];
  if (full?.driverName) rows.push([T.driver, full.driverName]);
  if (full?.recipientName) rows.push([T.recipient, full.recipientName]);
  if (outcome.leftAtLabel) rows.push([T.leftAt, full?.neighbourName ? `${outcome.leftAtLabel}: ${full.neighbourName}` : outcome.leftAtLabel]);
  if (outcome.reasonLabel) rows.push([T.reason, outcome.reasonLabel]);
  if (full?.note) rows.push([T.note, full.note]);
  rows.push([
    T.position,
    full?.position ? `${full.position.lat.toFixed(6)}, ${full.position.lng.toFixed(6)}${full.position.accuracy != null ? ` (±${Math.round(full.position.accuracy)} m)` : ''}` : T.positionUnknown,
  ]);
  if (full?.distanceM != null) rows.push([T.distance, formatDistance(full.distanceM)]);
  if (outcome.reopenedAt) rows.push([T.reopenedAt, new Date(outcome.reopenedAt).toLocaleString('en-US')]);
  if (full?.reopenedBy) rows.push([T.reopenedBy, full.reopenedBy]);
  if (full?.reopenReason) rows.push([T.reopenedWhy, full.reopenReason]);
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${outcome.label} ${outcome.at}`}>
      <Group gap="sm" mb="xs">
        <Badge color={outcome.kind === 'attempted' ? 'orange' : 'green'} size="lg">
          {outcome.label}
        </Badge>
        {outcome.reopenedAt && (
          <Badge color="orange" size="lg" variant="outline">
            {T.reopenedBadge}
          </Badge>
        )}
        {full?.farFromAddress && full.distanceM != null && (
          <Badge color="red" size="lg" variant="filled" role="status">
            {T.far(formatDistance(full.distanceM))}
          </Badge>
        )}
      </Group>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Table withRowBorders={false} style={{ width: 'auto' }}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {full?.photo && (
          <a href={full.photo.url} target="_blank" rel="noopener noreferrer">
            <img src={full.photo.thumbUrl ?? full.photo.url} alt={`${T.photo}: ${outcome.label}`} style={{ width: 200, borderRadius: 6 }} />
          </a>
        )}
        {full?.signature && <img src={full.signature.url} alt={T.signature} style={{ width: 200, background: '#fff', border: '1px solid #ccc', borderRadius: 4 }} />}
        {full?.position && (
          <Suspense fallback={null}>
            <ProofMap completion={full.position} address={address} />
          </Suspense>
        )}
      </Group>
    </Card>
  );
}

function AttemptsList({ onShow }: { onShow: (trackingNumber: string) => void }) {
  const attempts = useDeliveryAttempts();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {T.attemptsTitle}
        </Title>
        <Button variant="default" size="xs" onClick={() => void attempts.refetch()}>
          Refresh
        </Button>
      </Group>
      {attempts.data?.length === 0 && <Text>{T.attemptsEmpty}</Text>}
      {attempts.data && attempts.data.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.lookupLabel}</Table.Th>
              <Table.Th>{T.lastAttempt}</Table.Th>
              <Table.Th>{T.attempts}</Table.Th>
              <Table.Th>{T.customerChoice}</Table.Th>
              <Table.Th>{T.driver}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {attempts.data.map((p) => (
              <Table.Tr key={p.packageId}>
                <Table.Td>{p.trackingNumber}</Table.Td>
                <Table.Td>
                  {p.lastAttempt.reasonLabel} · {new Date(p.lastAttempt.at).toLocaleString('en-US')}
                </Table.Td>
                <Table.Td>{p.attempts}</Table.Td>
                <Table.Td>{p.customerChoice ? T.customerChose(p.customerChoice.label) : '—'}</Table.Td>
                <Table.Td>{p.driver ?? '—'}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => onShow(p.trackingNumber)}>
                    {T.showProof}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function RequirementsForm() {
  const query = useRequirements();
  const save = useSaveRequirements();
  const [rows, setRows] = useState<DeliveryRequirement[]>([]);
  useEffect(() => {
    if (!query.data) return;
    const known = query.data.requirements;
    setRows(SERVICE_TYPES.map((serviceType) => known.find((r) => r.serviceType === serviceType) ?? { serviceType, signatureRequired: false, photoRequired: false }));
  }, [query.data]);
  const toggle = (i: number, field: 'signatureRequired' | 'photoRequired', value: boolean) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h3" mb="sm">
        {T.requirementsTitle}
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.serviceType}</Table.Th>
            <Table.Th>{T.signatureRequired}</Table.Th>
            <Table.Th>{T.photoRequired}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.serviceType}>
              <Table.Td>{r.serviceType}</Table.Td>
              <Table.Td>
                <Checkbox aria-label={`${T.signatureRequired}: ${r.serviceType}`} checked={r.signatureRequired} onChange={(e) => toggle(i, 'signatureRequired', e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>
                <Checkbox aria-label={`${T.photoRequired}: ${r.serviceType}`} checked={r.photoRequired} onChange={(e) => toggle(i, 'photoRequired', e.currentTarget.checked)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button
        mt="sm"
        loading={save.isPending}
        onClick={() => save.mutate(rows, { onSuccess: () => notifications.show({ title: T.saved, message: '', color: 'green' }) })}
      >
        {T.save}
      </Button>
    </Card>
  );
}
