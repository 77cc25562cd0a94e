import { formatMoney } from '@cargo/shared';
import { Card } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getDeliveryProofQueryOptions } from '../api/get-delivery-proof.ts';
import { PAYMENT_DUE_TEXTS as T } from '../texts.ts';
import classes from './delivery-proof-card.module.css';

/**
 * What the customer still owes and how to pay (issue 32, item 5), on the customer's own link only. The server gives
 * the money in the full view alone (`payment` is null by tracking number); the card does not even ask when the page
 * was opened by the tracking number itself, so the public page makes no extra lookup. Nothing shows when nothing was
 * ever owed; a balance settled or released is said in a line.
 */
export function PaymentDueCard({ refId, trackingNumber }: { refId: string; trackingNumber: string }) {
  const byTrackingNumber = refId.trim().toUpperCase() === trackingNumber.trim().toUpperCase();
  const proof = useQuery({ ...getDeliveryProofQueryOptions(refId), enabled: !!refId && !byTrackingNumber });
  const payment = proof.data?.payment;
  if (byTrackingNumber || !payment) return null;
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const owing = payment.balance > 0 && !payment.released;
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="pay-title" className={owing ? classes.attempted : classes.delivered}>
      <h2 id="pay-title" className={classes.title}>
        {T.title}
      </h2>
      <dl className={classes.facts}>
        <div>
          <dt>{T.amountDue}</dt>
          <dd>{money(payment.amountDue)}</dd>
        </div>
        <div>
          <dt>{T.paid}</dt>
          <dd>{money(payment.paid)}</dd>
        </div>
        <div>
          <dt>{T.balance}</dt>
          <dd>{money(Math.max(payment.balance, 0))}</dd>
        </div>
      </dl>
      {owing ? (
        <>
          <p className={classes.label}>{T.haveReady(money(payment.balance))}</p>
          <p className={classes.note}>{payment.howToPay}</p>
        </>
      ) : (
        <p className={classes.note}>{payment.released && payment.balance > 0 ? T.released : T.settled}</p>
      )}
    </Card>
  );
}
