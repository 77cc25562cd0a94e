import {
  CUSTOMER_MSG,
  FEEDBACK_TAG_LABELS,
  FEEDBACK_TAGS,
  SAFE_PLACE_LABELS,
  SAFE_PLACES,
  type CustomerActionsView,
  type FeedbackTag,
  type SafePlace,
} from '@cargo/shared';
import { Button, Checkbox, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useCustomerAction } from '../api/customer-actions.ts';
import { CUSTOMER_ACTION_TEXTS as T } from '../texts.ts';
import { chosenLabel, shortDate, windowLabel } from './chosen-label.ts';
import type { ActionKind } from './customer-actions-card.tsx';
import classes from './customer-actions.module.css';

interface FormProps {
  token: string;
  view: CustomerActionsView;
  onClose: () => void;
}

/** The customer's forms (issue 33), one chunk loaded when the customer opens one. */
export default function CustomerActionForms({ kind, ...props }: FormProps & { kind: ActionKind }) {
  if (kind === 'instructions') return <InstructionsForm {...props} />;
  if (kind === 'reschedule') return <RescheduleForm {...props} />;
  return <FeedbackForm {...props} />;
}

function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.issues?.[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function Footer({ pending, submit, onClose }: { pending: boolean; submit: string; onClose: () => void }) {
  return (
    <div className={classes.actions}>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
      <Button variant="default" onClick={onClose}>
        {T.close}
      </Button>
    </div>
  );
}

function InstructionsForm({ token, view, onClose }: FormProps) {
  const given = view.instructions;
  const action = useCustomerAction(token);
  const [instructions, setInstructions] = useState(given.instructions);
  const [safePlace, setSafePlace] = useState<string>(given.safePlace ?? '');
  const [neighbourName, setNeighbourName] = useState(given.neighbourName ?? '');
  const [waived, setWaived] = useState(given.signatureWaived);
  const [accessCode, setAccessCode] = useState('');
  const [clearCode, setClearCode] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const place = safePlace ? (safePlace as SafePlace) : null;
    action.mutate(
      {
        kind: 'instructions',
        body: {
          instructions,
          safePlace: place,
          neighbourName: place === 'neighbour' ? neighbourName : null,
          signatureWaived: given.signatureWaivable && waived,
          // Left out, the saved code stays; an empty box never sends one.
          ...(clearCode ? { accessCode: null } : accessCode.trim() ? { accessCode: accessCode.trim() } : {}),
        },
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <form className={classes.form} onSubmit={submit} aria-label={T.instructionsButton}>
      <Textarea label={T.instructionsLabel} description={T.instructionsHelp} value={instructions} onChange={(e) => setInstructions(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
      <Radio.Group label={T.safePlaceLegend} description={T.safePlaceHelp} value={safePlace} onChange={setSafePlace}>
        <Stack gap="xs" mt="xs">
          {SAFE_PLACES.map((place) => (
            <Radio key={place} value={place} label={SAFE_PLACE_LABELS[place]} />
          ))}
          <Radio value="" label={T.noSafePlace} />
        </Stack>
      </Radio.Group>
      {safePlace === 'neighbour' && <TextInput label={T.neighbourLabel} value={neighbourName} onChange={(e) => setNeighbourName(e.currentTarget.value)} maxLength={100} required />}
      {given.signatureWaivable ? (
        <Checkbox label={T.waiverLabel} description={T.waiverHelp} checked={waived} onChange={(e) => setWaived(e.currentTarget.checked)} />
      ) : (
        <p className={classes.note}>{T.waiverNotAllowed}</p>
      )}
      <TextInput
        label={T.accessCodeLabel}
        description={given.accessCodeGiven ? `${T.accessCodeHelp} ${T.accessCodeGiven}` : T.accessCodeHelp}
        value={accessCode}
        onChange={(e) => setAccessCode(e.currentTarget.value)}
        maxLength={40}
        autoComplete="off"
      />
      {given.accessCodeGiven && <Checkbox label={T.clearAccessCode} checked={clearCode} onChange={(e) => setClearCode(e.currentTarget.checked)} />}
      {action.isError && <p className={classes.error} role="alert">{errorText(action.error)}</p>}
      {saved && <p className={classes.success} role="status">{T.savedInstructions}</p>}
      <Footer pending={action.isPending} submit={T.saveInstructions} onClose={onClose} />
    </form>
  );
}

function RescheduleForm({ token, view, onClose }: FormProps) {
  const { reschedule } = view;
  const action = useCustomerAction(token);
  const [day, setDay] = useState('');
  const [windowKey, setWindowKey] = useState('');
  const window = reschedule.windows.find((w) => `${w.start}-${w.end}` === windowKey) ?? null;
  const ready = !!day && (reschedule.windows.length === 0 || !!window);

  if (reschedule.days.length === 0) return <p className={classes.note}>{T.noDays(view.coordinatorPhone)}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    action.mutate({ kind: 'reschedule', body: { day, window } }, { onSuccess: onClose });
  };
  return (
    <form className={classes.form} onSubmit={submit} aria-label={T.rescheduleButton}>
      <p className={classes.note}>{T.rescheduleHelp(reschedule.used, reschedule.limit)}</p>
      <Radio.Group label={T.dayLegend} value={day} onChange={setDay}>
        <Stack gap="xs" mt="xs">
          {reschedule.days.map((d) => (
            <Radio key={d.day} value={d.day} label={d.label} />
          ))}
        </Stack>
      </Radio.Group>
      {reschedule.windows.length > 0 && (
        <Radio.Group label={T.windowLegend} value={windowKey} onChange={setWindowKey}>
          <Stack gap="xs" mt="xs">
            {reschedule.windows.map((w) => (
              <Radio key={`${w.start}-${w.end}`} value={`${w.start}-${w.end}`} label={windowLabel(w)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {action.isError && <p className={classes.error} role="alert">{errorText(action.error)}</p>}
      <div className={classes.actions}>
        <Button type="submit" disabled={!ready} loading={action.isPending}>
          {ready ? T.confirmDay(chosenLabel(day, window)) : T.chooseDay}
        </Button>
        <Button variant="default" onClick={onClose}>
          {T.close}
        </Button>
      </div>
    </form>
  );
}

function FeedbackForm({ token, view, onClose }: FormProps) {
  const given = view.feedback.given;
  const action = useCustomerAction(token);
  const [stars, setStars] = useState(given ? String(given.stars) : '');
  const [comment, setComment] = useState(given?.comment ?? '');
  const [tags, setTags] = useState<string[]>(given?.tags ?? []);
  const [savedUntil, setSavedUntil] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stars) return;
    action.mutate(
      { kind: 'feedback', body: { stars: Number(stars), comment, tags: tags as FeedbackTag[] } },
      { onSuccess: (next) => setSavedUntil(next.feedback.given?.editableUntil ?? null) },
    );
  };
  return (
    <form className={classes.form} onSubmit={submit} aria-label={T.rateButton}>
      <Radio.Group label={T.starsLabel} value={stars} onChange={setStars} required>
        <div className={classes.actions}>
          {[1, 2, 3, 4, 5].map((n) => (
            <Radio key={n} value={String(n)} label={T.star(n)} />
          ))}
        </div>
      </Radio.Group>
      <Textarea label={T.commentLabel} description={T.commentHelp} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
      <Checkbox.Group label={T.tagsLegend} value={tags} onChange={setTags}>
        <div className={classes.actions}>
          {FEEDBACK_TAGS.map((tag) => (
            <Checkbox key={tag} value={tag} label={FEEDBACK_TAG_LABELS[tag]} />
          ))}
        </div>
      </Checkbox.Group>
      {!stars && action.isIdle && <p className={classes.note}>{CUSTOMER_MSG.starsRange}</p>}
      {action.isError && <p className={classes.error} role="alert">{errorText(action.error)}</p>}
      {savedUntil && <p className={classes.success} role="status">{T.ratingSaved(shortDate(savedUntil))}</p>}
      <Footer pending={action.isPending} submit={T.sendRating} onClose={onClose} />
    </form>
  );
}
