import type { OutcomeView } from '@cargo/shared';
import { Card } from '@mantine/core';
import { useDeliveryProof } from '../api/get-delivery-proof.ts';
import { PROOF_TEXTS as T } from '../texts.ts';
import { formatMediumDateTime } from '../../../lib/local-time.ts';
import classes from './delivery-proof-card.module.css';

/**
 * The delivery outcome on the customer pages (issue 18): a 'Delivered' card with the proof, or the attempt and its
 * reason. By tracking number it holds the outcome in words and the recipient's initials; with the customer's share
 * link (and only there) the photo and the signature, through links that expire.
 */
export function DeliveryProofCard({ refId, status }: { refId: string; status: string }) {
  const proof = useDeliveryProof(refId, status);
  const outcomes = proof.data?.outcomes ?? [];
  const last = outcomes.at(-1);
  if (!last) return null;
  const delivered = last.kind !== 'attempted';
  const earlier = outcomes.slice(0, -1).filter((o) => o.kind === 'attempted');
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="proof-title" className={delivered ? classes.delivered : classes.attempted}>
      <h2 id="proof-title" className={classes.title}>
        {delivered ? T.deliveredTitle : T.attemptedTitle}
      </h2>
      <p className={classes.label}>{last.label}</p>
      <OutcomeFacts outcome={last} />
      {!delivered && <p className={classes.note}>{T.attemptedNext}</p>}
      {(last.full?.photo || last.full?.signature) && (
        <div className={classes.files}>
          {last.full.photo && (
            <a href={last.full.photo.url} target="_blank" rel="noopener noreferrer" aria-label={T.openPhoto}>
              <img src={last.full.photo.thumbUrl ?? last.full.photo.url} alt={T.photo} className={classes.photo} loading="lazy" />
            </a>
          )}
          {last.full.signature && <img src={last.full.signature.url} alt={T.signature} className={classes.signature} loading="lazy" />}
        </div>
      )}
      {earlier.length > 0 && (
        <>
          <h3 className={classes.subtitle}>{T.earlierAttempts}</h3>
          <ul className={classes.list}>
            {earlier.map((o) => (
              <li key={o.id}>
                {formatMediumDateTime(new Date(o.at))}: {o.reasonLabel}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function OutcomeFacts({ outcome }: { outcome: OutcomeView }) {
  const rows: Array<[string, string]> = [[T.at, formatMediumDateTime(new Date(outcome.at))]];
  if (outcome.leftAtLabel) rows.push([T.leftAt, outcome.full?.neighbourName ? `${outcome.leftAtLabel} (${outcome.full.neighbourName})` : outcome.leftAtLabel]);
  if (outcome.kind === 'delivered') rows.push([T.receivedBy, outcome.full?.recipientName ?? outcome.recipientInitials ?? '']);
  if (outcome.reasonLabel) rows.push([T.reason, outcome.reasonLabel]);
  if (outcome.full?.note) rows.push([T.note, outcome.full.note]);
  return (
    <dl className={classes.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
