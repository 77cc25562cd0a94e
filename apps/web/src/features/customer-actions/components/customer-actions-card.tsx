import { Button, Card } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useCustomerActions } from '../api/customer-actions.ts';
import { CUSTOMER_ACTION_TEXTS as T } from '../texts.ts';
import { chosenLabel, shortDate } from './chosen-label.ts';
import classes from './customer-actions.module.css';

// The forms are their own chunk, fetched when the customer opens one: the live page's first load stays as it was.
const CustomerActionForms = lazy(() => import('./customer-action-forms.tsx'));

export type ActionKind = 'instructions' | 'reschedule' | 'feedback';

/**
 * What a customer can do from their link (issue 33), on the live page: a short summary of what they gave and a button
 * per action open now. Shown only for a customer link; a tracking number shows nothing (its lookup is a 404).
 */
export function CustomerActionsCard({ token }: { token: string }) {
  const query = useCustomerActions(token);
  const [open, setOpen] = useState<ActionKind | null>(null);
  const view = query.data;
  if (!view) return null;
  const { instructions, reschedule, feedback } = view;
  const delivered = feedback.open;
  const anything = instructions.open || reschedule.open || feedback.open || reschedule.chosen || instructions.updatedAt;
  if (!anything) return null;
  const placeLabel = instructions.safePlace ? (SAFE_PLACE_WORDS[instructions.safePlace] ?? null) : null;
  // The server lists days only while a new day may be chosen; listed but not open means the limit is reached.
  const limitReached = !reschedule.open && reschedule.days.length > 0;

  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="ca-title">
      <h2 id="ca-title" className={classes.title}>
        {delivered ? T.ratingTitle : T.cardTitle}
      </h2>
      {reschedule.chosen && <p className={classes.line}>{T.chosen(chosenLabel(reschedule.chosen.day, reschedule.chosen.window))}</p>}
      {instructions.updatedAt && !delivered && <p className={classes.line}>{T.instructionsGiven(placeLabel)}</p>}
      {!instructions.open && !delivered && instructions.updatedAt && <p className={classes.note}>{T.instructionsClosed}</p>}
      {limitReached && <p className={classes.note}>{T.limitReached(view.coordinatorPhone)}</p>}
      {feedback.given && <p className={classes.line}>{T.ratingEditable(shortDate(feedback.given.editableUntil))}</p>}
      {open === null ? (
        <div className={classes.actions}>
          {instructions.open && (
            <Button variant="light" onClick={() => setOpen('instructions')}>
              {T.instructionsButton}
            </Button>
          )}
          {reschedule.open && (
            <Button variant="light" onClick={() => setOpen('reschedule')}>
              {T.rescheduleButton}
            </Button>
          )}
          {feedback.open && (
            <Button onClick={() => setOpen('feedback')}>{feedback.given ? T.changeRatingButton : T.rateButton}</Button>
          )}
        </div>
      ) : (
        <Suspense fallback={<p className={classes.note}>{T.loadingForm}</p>}>
          <CustomerActionForms kind={open} token={token} view={view} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** The safe places' words, kept here so the card does not load the shared schemas. */
const SAFE_PLACE_WORDS: Record<string, string> = {
  front_door: 'Front door',
  porch: 'Porch',
  back_door: 'Back door',
  mailroom: 'Mailroom or reception',
  neighbour: 'With a neighbour',
};
