import {
  ATTEMPT_REASONS,
  ATTEMPT_REASON_LABELS,
  LEFT_PLACES,
  LEFT_PLACE_LABELS,
  OUTCOME_KINDS,
  OUTCOME_LABELS,
  PROOF_MSG,
  proofNeeded,
  requirementFor,
  type AttemptReason,
  type LeftPlace,
  type OutcomeKind,
  type Package,
} from '@cargo/shared';
import { Alert, Button, Drawer, Group, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useRef, useState } from 'react';
import { useDeliveryRequirements } from '../api/get-delivery-requirements.ts';
import { useStopQueue } from '../hooks/use-stop-queue.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { reasonOf } from '../utils/driver-request.ts';
import { useCustomerInstructions } from '../api/get-customer-instructions.ts';
import { StopCustomerNotes } from './stop-customer-notes.tsx';
import { scalePhoto } from '../utils/scale-photo.ts';
import classes from './close-stop-sheet.module.css';
import { SignatureField } from './signature-field.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useStopBalance } from '../api/get-payments.ts';
import { EMPTY_PAYMENT, PaymentStep, paymentOf, type PaymentDraft } from './payment-step.tsx';

type Position = { lat: number; lng: number; accuracy: number | null } | 'pending' | 'unknown';

/** A random id for the completion, so a resend from the offline queue is recognised by the server. */
function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Closing a stop (issue 18), on a sheet that fills the phone's screen and works with one thumb: the outcome, then
 * only what that outcome needs (recipient and signature; where it was left and a photo; the reason). The photo is
 * taken with the camera and scaled down before it is sent; the position and the phone's time are taken at the
 * moment of completing. Without a network the stop waits on the phone (hooks/use-stop-queue.ts).
 */
export function CloseStopSheet({ pkg, opened, onClose, initialKind = null }: { pkg: Package; opened: boolean; onClose: () => void; initialKind?: OutcomeKind | null }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="bottom" size="100%" title={T.closeStopTitle(pkg.trackingNumber)} padding="md" closeButtonProps={{ 'aria-label': T.closeSheet }}>
      {opened && <CloseStopForm pkg={pkg} onClose={onClose} initialKind={initialKind} />}
    </Drawer>
  );
}

function CloseStopForm({ pkg, onClose, initialKind }: { pkg: Package; onClose: () => void; initialKind: OutcomeKind | null }) {
  const requirements = useDeliveryRequirements();
  const queue = useStopQueue();
  const requirement = requirementFor(requirements, pkg.serviceType);
  const [kind, setKind] = useState<OutcomeKind | null>(initialKind);
  const [recipientName, setRecipientName] = useState('');
  // The sheet starts with the safe place the customer chose (issue 33).
  const notes = useCustomerInstructions(pkg.driverId, pkg.id);
  const [leftAt, setLeftAt] = useState<LeftPlace | ''>(notes?.safePlace ?? '');
  const [neighbourName, setNeighbourName] = useState(notes?.neighbourName ?? '');
  const [reason, setReason] = useState<AttemptReason | ''>('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [position, setPosition] = useState<Position>('pending');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const id = useId();
  // Collected before unloading (issue 32): while the stop owes money, the payment comes first on the sheet.
  const money = useCurrency();
  const ledger = useStopBalance(pkg);
  const owed = ledger.data && !ledger.data.released && ledger.data.balance > 0 ? ledger.data.balance : 0;
  const [payDraft, setPayDraft] = useState<PaymentDraft>(EMPTY_PAYMENT);
  const [payErrors, setPayErrors] = useState<Record<string, string>>({});

  const needed = kind ? proofNeeded({ kind, reason: reason || null }, requirement) : { photo: false, signature: false };

  // The position at the moment the sheet opens (refreshed when it is completed, if the phone has a newer one).
  useEffect(() => {
    if (!('geolocation' in navigator)) return setPosition('unknown');
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => live && setPosition({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null }),
      () => live && setPosition('unknown'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => () => void (photoUrl && URL.revokeObjectURL(photoUrl)), [photoUrl]);

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    // Complete waits while the photo is scaled: a tap in between must not close the stop as if there were none.
    setPreparingPhoto(true);
    try {
      const scaled = await scalePhoto(file);
      setPhoto(scaled);
      setPhotoUrl(URL.createObjectURL(scaled));
      setErrors((e) => ({ ...e, photo: '' }));
    } finally {
      setPreparingPhoto(false);
    }
  };
  const removePhoto = () => {
    setPhoto(null);
    setPhotoUrl(null);
    if (photoInput.current) photoInput.current.value = '';
  };

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!kind) found.kind = PROOF_MSG.invalidOutcome;
    if (kind === 'delivered' && !recipientName.trim()) found.recipientName = PROOF_MSG.recipientRequired;
    if (kind === 'left' && !leftAt) found.leftAt = PROOF_MSG.placeRequired;
    if (kind === 'left' && leftAt === 'neighbour' && !neighbourName.trim()) found.neighbourName = PROOF_MSG.neighbourRequired;
    if (kind === 'attempted' && !reason) found.reason = PROOF_MSG.reasonRequired;
    if (needed.signature && !signature) found.signature = PROOF_MSG.signatureRequired;
    if (needed.photo && !photo) found.photo = PROOF_MSG.photoRequired;
    return found;
  };

  const complete = async () => {
    if (preparingPhoto) return;
    const found = validate();
    setErrors(found);
    setServerError(null);
    const paid = owed > 0 ? paymentOf(payDraft, owed, kind, money.parse, money.format) : { payment: null, errors: {} };
    setPayErrors(paid.errors);
    if (Object.keys(found).length > 0 || Object.keys(paid.errors).length > 0 || !kind) return;
    setBusy(true);
    const where = typeof position === 'object' ? position : null;
    try {
      const { queued } = await queue.submit(
        {
          packageId: pkg.id,
          data: {
            kind,
            clientId: newClientId(),
            recipientName: kind === 'delivered' ? recipientName.trim() : null,
            leftAt: kind === 'left' ? (leftAt as LeftPlace) : null,
            neighbourName: kind === 'left' && leftAt === 'neighbour' ? neighbourName.trim() : null,
            reason: kind === 'attempted' ? (reason as AttemptReason) : null,
            note: note.trim() || null,
            deviceTime: new Date().toISOString(),
            lat: where?.lat ?? null,
            lng: where?.lng ?? null,
            accuracy: where?.accuracy ?? null,
            // Queued with the outcome under its clientId: offline, both reach the server once, together.
            payment: paid.payment,
          },
          photo,
          signature: kind === 'delivered' ? signature : null,
        },
        pkg.trackingNumber,
      );
      notifications.show(
        queued
          ? { title: T.stopQueuedTitle, message: T.stopQueued, color: 'yellow' }
          : { title: T.stopClosed, message: `${pkg.trackingNumber}: ${OUTCOME_LABELS[kind]}`, color: 'green' },
      );
      onClose();
    } catch (err) {
      setServerError(reasonOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" className={classes.form}>
      <StopCustomerNotes notes={notes} />
      <Text size="sm">
        {pkg.customerName} · {pkg.deliveryAddress}
      </Text>
      {owed > 0 && (
        <PaymentStep
          balance={owed}
          draft={payDraft}
          onChange={(draft) => {
            setPayDraft(draft);
            setPayErrors({});
          }}
          errors={payErrors}
          parse={money.parse}
          format={money.format}
        />
      )}
      <div role="group" aria-labelledby={`${id}-outcome`}>
        <Text component="h3" fw={700} id={`${id}-outcome`} mb={6}>
          {T.outcomeLegend}
        </Text>
        <div className={classes.outcomes}>
          {OUTCOME_KINDS.map((k) => (
            <Button key={k} size="lg" variant={kind === k ? 'filled' : 'default'} aria-pressed={kind === k} onClick={() => setKind(k)} fullWidth>
              {OUTCOME_LABELS[k]}
            </Button>
          ))}
        </div>
        {errors.kind && (
          <Text size="sm" c="red.8" role="alert">
            {errors.kind}
          </Text>
        )}
      </div>

      {kind === 'delivered' && (
        <>
          <TextInput size="md" label={T.recipientName} required value={recipientName} onChange={(e) => setRecipientName(e.currentTarget.value)} error={errors.recipientName} autoComplete="off" />
          <SignatureField
            onChange={(png) => {
              setSignature(png);
              if (png) setErrors((e) => ({ ...e, signature: '' }));
            }}
            required={needed.signature}
            error={errors.signature}
          />
        </>
      )}
      {kind === 'left' && (
        <>
          <NativeSelect
            size="md"
            label={T.leftAt}
            required
            value={leftAt}
            onChange={(e) => setLeftAt(e.currentTarget.value as LeftPlace | '')}
            data={[{ value: '', label: 'Choose…', disabled: true }, ...LEFT_PLACES.map((p) => ({ value: p, label: LEFT_PLACE_LABELS[p] }))]}
            error={errors.leftAt}
          />
          {leftAt === 'neighbour' && (
            <TextInput size="md" label={T.neighbourName} required value={neighbourName} onChange={(e) => setNeighbourName(e.currentTarget.value)} error={errors.neighbourName} autoComplete="off" />
          )}
        </>
      )}
      {kind === 'attempted' && (
        <NativeSelect
          size="md"
          label={T.reason}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value as AttemptReason | '')}
          data={[{ value: '', label: 'Choose…', disabled: true }, ...ATTEMPT_REASONS.map((r) => ({ value: r, label: ATTEMPT_REASON_LABELS[r] }))]}
          error={errors.reason}
        />
      )}

      {kind && (
        <>
          <div>
            <Text component="span" fw={600}>
              {T.photo} <Text component="span" size="sm" c="dimmed">({needed.photo ? T.required : T.optional})</Text>
            </Text>
            {photoUrl && <img src={photoUrl} alt={T.photoTaken} className={classes.photo} />}
            {preparingPhoto && (
              <Text size="sm" c="dimmed" role="status" mt={4}>
                {T.preparingPhoto}
              </Text>
            )}
            <Group gap="sm" mt={6}>
              <input
                ref={photoInput}
                id={`${id}-photo`}
                className={classes.fileInput}
                type="file"
                accept="image/*"
                capture="environment"
                onChange={(e) => void choosePhoto(e.currentTarget.files?.[0])}
              />
              <Button component="label" htmlFor={`${id}-photo`} size="md" variant="light">
                {photo ? T.retakePhoto : T.takePhoto}
              </Button>
              {photo && (
                <Button size="md" variant="subtle" onClick={removePhoto}>
                  {T.removePhoto}
                </Button>
              )}
            </Group>
            {errors.photo && (
              <Text size="sm" c="red.8" role="alert">
                {errors.photo}
              </Text>
            )}
          </div>
          <Textarea size="md" label={T.note} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
          <Text size="sm" role="status">
            {T.positionLabel}: {position === 'pending' ? T.positionPending : position === 'unknown' ? T.positionUnknown : T.positionAt(position.accuracy)}
          </Text>
        </>
      )}

      {serverError && (
        <Alert color="red" role="alert" title={T.stopRefused}>
          {serverError}
        </Alert>
      )}
      <div className={classes.actions}>
        <Group grow gap="sm">
          <Button size="lg" variant="default" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button size="lg" onClick={() => void complete()} loading={busy || preparingPhoto} disabled={!kind}>
            {busy ? T.completing : preparingPhoto ? T.preparingPhoto : T.complete}
          </Button>
        </Group>
      </div>
    </Stack>
  );
}
