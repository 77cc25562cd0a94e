import { SAFE_PLACE_LABELS, type DriverStopInstructions } from '@cargo/shared';
import { Text } from '@mantine/core';
import { CUSTOMER_NOTES_TEXTS as T } from '../texts.ts';
import classes from './close-stop-sheet.module.css';

/**
 * What the customer asked for at this stop (issue 33): the safe place first, then the instructions, the waiver and the
 * access code (on the day only). Nothing when the customer gave nothing.
 */
export function StopCustomerNotes({ notes }: { notes: DriverStopInstructions | undefined }) {
  if (!notes) return null;
  const place = notes.safePlace ? `${SAFE_PLACE_LABELS[notes.safePlace]}${notes.safePlace === 'neighbour' && notes.neighbourName ? `: ${notes.neighbourName}` : ''}` : null;
  return (
    <section className={classes.customerNotes} aria-label={T.title}>
      {place && (
        <Text size="sm">
          <strong>{T.safePlace}</strong> {place}
        </Text>
      )}
      {notes.instructions && (
        <Text size="sm">
          <strong>{T.instructions}</strong> {notes.instructions}
        </Text>
      )}
      {notes.signatureWaived && <Text size="sm">{T.signatureWaived}</Text>}
      {notes.accessCode && (
        <Text size="sm">
          <strong>{T.accessCode}</strong> {notes.accessCode}
        </Text>
      )}
      {notes.accessCodeLater && <Text size="sm">{T.accessCodeLater}</Text>}
    </section>
  );
}
