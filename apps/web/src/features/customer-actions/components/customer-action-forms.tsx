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
import { Button, Checkbox, Textarea, TextInput } from '@mantine/core';
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

/**
 * A group of choices as native radio buttons in a fieldset: Mantine's Radio would add its sheet to the home page's
 * first load (styles/mantine.ts), for a form only a few customers open.
 */
function Choices({ legend, help, name, options, value, onChange, inline = false }: { legend: string; help?: string; name: string; options: Array<{ value: string; label: string }>; value: string; onChange: (value: string) => void; inline?: boolean }) {
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      {help && <p className={classes.help}>{help}</p>}
      <div className={inline ? classes.choicesInline : classes.choices}>
        {options.map((o) => (
          <label key={o.value} className={classes.choice}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
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
      {
        onSuccess: () => {
          setSaved(true);
          // A saved code is not shown again, here or anywhere on the page.
          setAccessCode('');
          setClearCode(false);
        },
      },
    );
  };

  return (
    <form className={classes.form} onSubmit={submit} aria-label={T.instructionsButton}>
      <Textarea label={T.instructionsLabel} description={T.instructionsHelp} value={instructions} onChange={(e) => setInstructions(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
      <Choices
        legend={T.safePlaceLegend}
        help={T.safePlaceHelp}
        name="safe-place"
        options={[...SAFE_PLACES.map((place) => ({ value: place, label: SAFE_PLACE_LABELS[place] })), { value: '', label: T.noSafePlace }]}
        value={safePlace}
        onChange={setSafePlace}
      />
      {safePlace === 'neighbour' && <TextInput label={T.neighbourLabel} value={neighbourName} onChange={(e) => setNeighbourName(e.currentTarget.value)} maxLength={100} required />}
      {given.signatureWaivable ? (
        <Checkbox label={T.waiverLabel} description={T.waiverHelp} checked={waived} onChange={(e) => setWaived(e.currentTarget.checked)} classNames={{ input: classes.box }} />
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
      {given.accessCodeGiven && <Checkbox label={T.clearAccessCode} checked={clearCode} onChange={(e) => setClearCode(e.currentTarget.checked)} classNames={{ input: classes.box }} />}
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
      <Choices legend={T.dayLegend} name="day" options={reschedule.days.map((d) => ({ value: d.day, label: d.label }))} value={day} onChange={setDay} />
      {reschedule.windows.length > 0 && (
        <Choices legend={T.windowLegend} name="window" options={reschedule.windows.map((w) => ({ value: `${w.start}-${w.end}`, label: windowLabel(w) }))} value={windowKey} onChange={setWindowKey} inline />
      )}
      {action.isError && <p className={classes.error} role="alert">{errorText(action.error)}</p>}
      <div className={classes.actions}>
        <Button type="submit" disabled={!ready} loading={action.isPending} className={classes.wrapButton}>
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
      <Choices legend={T.starsLabel} name="stars" options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: T.star(n) }))} value={stars} onChange={setStars} inline />
      <Textarea label={T.commentLabel} description={T.commentHelp} value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
      <Checkbox.Group label={T.tagsLegend} value={tags} onChange={setTags}>
        <div className={classes.tags}>
          {FEEDBACK_TAGS.map((tag) => (
            <Checkbox key={tag} value={tag} label={FEEDBACK_TAG_LABELS[tag]} classNames={{ input: classes.box }} />
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
