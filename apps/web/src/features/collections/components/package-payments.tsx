import { LEDGER_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_MSG, type PaymentMethod } from '@cargo/shared';
import { Alert, Badge, Button, Grid, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCurrency } from '../../../lib/currency.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useAdjustPayment, useLedger, useRecordPayment, useReleasePackage } from '../api/payments.ts';
import { COLLECTIONS_TEXT } from '../texts.ts';

const T = COLLECTIONS_TEXT.payments;
const METHODS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** A package's payments in the panel (issue 32): the sums and the ledger, and the admin's three writes. */
export function PackagePayments({ packageId }: { packageId: string }) {
  const money = useCurrency();
  const ledger = useLedger(packageId);
  const record = useRecordPayment(packageId);
  const adjust = useAdjustPayment(packageId);
  const release = useReleasePackage(packageId);
  const [payment, setPayment] = useState({ method: 'cash' as PaymentMethod, amount: '', reference: '' });
  const [correction, setCorrection] = useState({ kind: 'refund' as 'refund' | 'correction', amount: '', reason: '' });
  const [releaseReason, setReleaseReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const amountOf = (text: string, field: string): number | null => {
    const minor = money.parse(text);
    if (minor === null || minor <= 0) {
      setErrors((e) => ({ ...e, [field]: minor === null ? PAYMENT_MSG.amountInvalid : PAYMENT_MSG.amountPositive }));
      return null;
    }
    return minor;
  };
  const fail = (error: Error) => toastError(T.failed, serverMessage(error));

  const submitPayment = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const amount = amountOf(payment.amount, 'payAmount');
    if (amount === null) return;
    record.mutate(
      { method: payment.method, amount, reference: payment.reference || null },
      { onSuccess: () => (toastSuccess(T.recorded), setPayment({ method: 'cash', amount: '', reference: '' })), onError: fail },
    );
  };
  const submitCorrection = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const amount = amountOf(correction.amount, 'adjustAmount');
    if (amount === null) return;
    if (correction.reason.trim().length < 3) return setErrors({ reason: PAYMENT_MSG.reasonRequired });
    adjust.mutate({ kind: correction.kind, amount, reason: correction.reason }, { onSuccess: () => (toastSuccess(T.adjusted), setCorrection({ kind: 'refund', amount: '', reason: '' })), onError: fail });
  };
  const submitRelease = (event: FormEvent) => {
    event.preventDefault();
    if (releaseReason.trim().length < 3) return setErrors({ release: PAYMENT_MSG.reasonRequired });
    release.mutate({ reason: releaseReason }, { onSuccess: () => (toastSuccess(T.releasedToast), setReleaseReason('')), onError: fail });
  };

  if (ledger.isPending) return <Skeleton height={120} mt="md" />;
  if (ledger.isError) return <Alert color="red" mt="md">{serverMessage(ledger.error)}</Alert>;
  const l = ledger.data;
  return (
    <Paper withBorder p="md" radius="md" mt="md" component="section" aria-labelledby="payments-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="payments-title">
          {T.title}
        </Title>
        <Group gap="lg">
          <Text>
            {T.due}: <strong>{money.format(l.amountDue)}</strong>
          </Text>
          <Text>
            {T.paid}: <strong>{money.format(l.paid)}</strong>
          </Text>
          <Text c={l.balance > 0 && !l.released ? 'red.8' : undefined}>
            {T.balance}: <strong>{money.format(l.balance)}</strong>
          </Text>
          {l.released && <Badge color="yellow">{T.released}</Badge>}
        </Group>
        {l.entries.length === 0 ? (
          <Text c="dimmed">{T.nothing}</Text>
        ) : (
          <div style={{ overflowX: 'auto' }} role="region" aria-label={T.entries} tabIndex={0}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.when}</Table.Th>
                  <Table.Th>{T.what}</Table.Th>
                  <Table.Th>{T.amount}</Table.Th>
                  <Table.Th>{T.by}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {l.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{new Date(e.createdAt).toLocaleString('en-US')}</Table.Td>
                    <Table.Td>
                      {LEDGER_KIND_LABELS[e.kind]}
                      {e.method ? ` · ${PAYMENT_METHOD_LABELS[e.method]}` : ''}
                      {e.reference ? ` · ${e.reference}` : ''}
                      {e.reason ? ` · ${e.reason}` : ''}
                    </Table.Td>
                    <Table.Td>{e.kind === 'release' ? '—' : money.format(e.amount)}</Table.Td>
                    <Table.Td>{e.recordedBy}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <form onSubmit={submitPayment} aria-label={T.record} noValidate>
              <Stack gap="xs">
                <Title order={4} size="h5">
                  {T.record}
                </Title>
                <Select label={T.method} data={METHODS} value={payment.method} onChange={(v) => v && setPayment((p) => ({ ...p, method: v as PaymentMethod }))} allowDeselect={false} />
                <TextInput label={T.amountLabel(money.currency)} inputMode="decimal" value={payment.amount} onChange={(e) => setPayment((p) => ({ ...p, amount: e.currentTarget.value }))} error={errors.payAmount} />
                <TextInput label={T.reference} description={T.referenceHint} value={payment.reference} onChange={(e) => setPayment((p) => ({ ...p, reference: e.currentTarget.value }))} />
                <Button type="submit" loading={record.isPending}>
                  {T.recordButton}
                </Button>
              </Stack>
            </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <form onSubmit={submitCorrection} aria-label={T.adjust} noValidate>
              <Stack gap="xs">
                <Title order={4} size="h5">
                  {T.adjust}
                </Title>
                <SegmentedControl
                  aria-label={T.kind}
                  data={[
                    { value: 'refund', label: T.refund },
                    { value: 'correction', label: T.correction },
                  ]}
                  value={correction.kind}
                  onChange={(v) => setCorrection((c) => ({ ...c, kind: v as 'refund' | 'correction' }))}
                />
                <TextInput label={T.amountLabel(money.currency)} inputMode="decimal" value={correction.amount} onChange={(e) => setCorrection((c) => ({ ...c, amount: e.currentTarget.value }))} error={errors.adjustAmount} />
                <TextInput label={T.reason} value={correction.reason} onChange={(e) => setCorrection((c) => ({ ...c, reason: e.currentTarget.value }))} error={errors.reason} />
                <Button type="submit" variant="light" loading={adjust.isPending}>
                  {T.adjustButton}
                </Button>
              </Stack>
            </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <form onSubmit={submitRelease} aria-label={T.release} noValidate>
              <Stack gap="xs">
                <Title order={4} size="h5">
                  {T.release}
                </Title>
                <Text size="sm" c="dimmed">
                  {T.releaseHint}
                </Text>
                <TextInput label={`${T.reason} (release)`} value={releaseReason} onChange={(e) => setReleaseReason(e.currentTarget.value)} error={errors.release} disabled={l.released} />
                <Button type="submit" color="yellow" loading={release.isPending} disabled={l.released}>
                  {T.releaseButton}
                </Button>
              </Stack>
            </form>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
