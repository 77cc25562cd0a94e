import { changeDue, PAYMENT_MSG, type OutcomeKind, type OutcomePayment } from '@cargo/shared';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { DRIVER_TEXTS as T } from '../texts.ts';
import classes from './collect-banner.module.css';

export interface PaymentDraft {
  method: 'cash' | 'card';
  /** Cash handed over by the customer, as typed ('150' or '150.00'). */
  received: string;
  reference: string;
}
export const EMPTY_PAYMENT: PaymentDraft = { method: 'cash', received: '', reference: '' };

/**
 * What the sheet sends with the outcome (issue 32): the amount applied to the balance (never the change), or an error
 * under the field. Delivered and left need the whole balance; an attempt may carry a part payment or none.
 */
export function paymentOf(
  draft: PaymentDraft,
  balance: number,
  kind: OutcomeKind | null,
  parse: (text: string) => number | null,
  format: (minor: number) => string,
): { payment: OutcomePayment | null; errors: Record<string, string> } {
  const mustPay = kind === 'delivered' || kind === 'left';
  if (draft.method === 'card') {
    if (!mustPay && !draft.reference.trim()) return { payment: null, errors: {} };
    if (!draft.reference.trim()) return { payment: null, errors: { reference: PAYMENT_MSG.referenceRequired } };
    return { payment: { method: 'card', amount: balance, reference: draft.reference.trim() }, errors: {} };
  }
  if (!draft.received.trim()) return mustPay ? { payment: null, errors: { received: T.collectBeforeUnloading(format(balance)) } } : { payment: null, errors: {} };
  const received = parse(draft.received);
  if (received === null || received <= 0) return { payment: null, errors: { received: PAYMENT_MSG.amountInvalid } };
  if (mustPay && received < balance) return { payment: null, errors: { received: T.stillShort(format(balance - received)) } };
  return { payment: { method: 'cash', amount: Math.min(received, balance), reference: null }, errors: {} };
}

/** The payment, first on the close-stop sheet while the stop owes money: cash with the change shown, or card. */
export function PaymentStep({
  balance,
  draft,
  onChange,
  errors,
  parse,
  format,
}: {
  balance: number;
  draft: PaymentDraft;
  onChange: (draft: PaymentDraft) => void;
  errors: Record<string, string>;
  parse: (text: string) => number | null;
  format: (minor: number) => string;
}) {
  const id = useId();
  const received = draft.received.trim() ? parse(draft.received) : null;
  return (
    <div role="group" aria-labelledby={`${id}-pay`}>
      <Text component="h3" fw={700} id={`${id}-pay`} mb={6} c="orange.9">
        {T.paymentLegend(format(balance))}
      </Text>
      <Stack gap="sm">
        <div className={classes.choice}>
          {(['cash', 'card'] as const).map((method) => (
            <Button key={method} size="lg" variant={draft.method === method ? 'filled' : 'default'} aria-pressed={draft.method === method} onClick={() => onChange({ ...draft, method })}>
              {method === 'cash' ? T.payCash : T.payCard}
            </Button>
          ))}
        </div>
        {draft.method === 'cash' ? (
          <>
            <TextInput size="md" label={T.cashReceived} inputMode="decimal" autoComplete="off" value={draft.received} onChange={(e) => onChange({ ...draft, received: e.currentTarget.value })} error={errors.received} />
            {received !== null && received >= balance && (
              <Text fw={700} size="lg" role="status">
                {T.changeDue(format(changeDue(received, balance)))}
              </Text>
            )}
            {received !== null && received > 0 && received < balance && (
              <Text c="red.8" role="status">
                {T.stillShort(format(balance - received))}
              </Text>
            )}
          </>
        ) : (
          <>
            <Text size="sm">{T.cardAmount(format(balance))}</Text>
            <TextInput size="md" label={T.terminalReference} autoComplete="off" value={draft.reference} onChange={(e) => onChange({ ...draft, reference: e.currentTarget.value })} error={errors.reference} />
          </>
        )}
      </Stack>
    </div>
  );
}
