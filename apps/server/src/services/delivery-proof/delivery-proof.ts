import { randomBytes } from 'node:crypto';
import {
  ATTEMPT_REASON_LABELS,
  DEFAULT_DELIVERY_REQUIREMENTS,
  LEFT_PLACE_LABELS,
  CLOSED_MSG,
  PAYMENT_MSG,
  PROOF_MSG,
  deliveryRequirementSchema,
  isFinalForDriver,
  greatCircleDistance,
  initialsOf,
  proofNeeded,
  requirementFor,
  type DeliveryRequirement,
  type OutcomeInputParsed,
  type ReopenInputParsed,
} from '@cargo/shared';
import { z } from 'zod';
import type { DeliveryOutcomeRow, PackageRow, ProofFileRow } from '../../db/types.ts';
import { newId } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { isoFromMs } from '../../lib/time.ts';
import { presentOutcome, type FileLink } from '../../presenters/delivery-proof.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { labelOf } from '../audit/audit-trail.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { PackageService } from '../packages.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { SettingsService } from '../settings.ts';
import { FileLinkSigner, type FileVariant } from './file-links.ts';
import type { FileStore } from './file-store.ts';
import { processPhoto, processSignature, type ProcessedImage } from './images.ts';

export const REQUIREMENTS_SETTING = 'delivery_requirements';

/** The proof rules dispatch set, else the defaults (also read by the CLI's figures-rebuild). */
export async function storedRequirements(settings: Pick<SettingsService, 'read'>): Promise<DeliveryRequirement[]> {
  const stored = await settings.read<unknown>(REQUIREMENTS_SETTING);
  const parsed = z.array(deliveryRequirementSchema).safeParse(stored?.value);
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_REQUIREMENTS;
}
export const LINK_SECRET_SETTING = 'proof_link_secret';

export interface Completion {
  input: OutcomeInputParsed;
  photo: Buffer | null;
  signature: Buffer | null;
  /** Who closed the stop: the driver (id and name), or dispatch. */
  actor: { driverId: string | null; name: string };
  /** The same, for the audit log (decision 070). */
  auditActor: AuditActor;
}

/**
 * Proof of delivery (issue 18): closing a stop with its outcome, the rules dispatch sets per service type, the files
 * and who may see them. Status changes go through the packages service (recordDelivery, recordAttempt), so a delivery
 * with proof is the same status change as the dashboard's dropdown.
 */
export class DeliveryProofService {
  private signer: FileLinkSigner | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly packages: PackageService,
    private readonly settings: SettingsService,
    readonly store: FileStore,
    private readonly options: { linkTtlSeconds: number; linkSecret?: Buffer | undefined },
    /** The ledger (issue 32): a payment taken at the door, and the rule that a balance stops a delivery. */
    private readonly payments?: PaymentService,
  ) {}

  /** The link secret: shared by every instance through the settings table, made once on first use. */
  private async linkSigner(): Promise<FileLinkSigner> {
    if (this.signer) return this.signer;
    let secret = this.options.linkSecret;
    if (!secret) {
      const made = randomBytes(32).toString('base64url');
      const stored = await this.repos.settings.insertIfAbsent({ id: LINK_SECRET_SETTING, value: JSON.stringify(made), updatedAt: isoFromMs(Date.now()) });
      secret = Buffer.from(String(JSON.parse(stored)), 'base64url');
    }
    this.signer = new FileLinkSigner(secret, this.options.linkTtlSeconds);
    return this.signer;
  }

  // --- requirements ---

  async requirements(): Promise<DeliveryRequirement[]> {
    return storedRequirements(this.settings);
  }

  async setRequirements(requirements: DeliveryRequirement[], actor: AuditActor): Promise<DeliveryRequirement[]> {
    // One entry per service type: the last one given wins.
    const byType = new Map(requirements.map((r) => [r.serviceType.toLowerCase(), r]));
    const value = [...byType.values()];
    await this.settings.write(REQUIREMENTS_SETTING, value, actor);
    return value;
  }

  // --- closing a stop ---

  /**
   * Closes a stop. Everything is checked before anything is kept: the outcome's fields, the files the rules need
   * (400 with the reason), the files' bytes (415); then the files are stored and the rows written in one transaction.
   * If that transaction fails the stored files are removed: a refused request keeps nothing. A resend of a
   * completion already stored (same clientId) answers that one.
   */
  async complete(ref: string, completion: Completion): Promise<{ outcome: DeliveryOutcomeRow; pkg: PackageRow; duplicate: boolean }> {
    const pkg = await this.packages.getByRef(ref);
    const { input } = completion;
    if (input.clientId) {
      const existing = await this.repos.deliveryProof.outcomeByClientId(pkg.id, input.clientId);
      if (existing) return { outcome: existing, pkg, duplicate: true };
    }
    if (pkg.status === 'delivered') throw conflict(PROOF_MSG.alreadyDelivered);
    // Returned or cancelled: closed as well (issue 31); dispatch reopens it first.
    if (isFinalForDriver(pkg.status)) throw conflict(CLOSED_MSG.finalForDriver(pkg.status));

    // Collected before unloading (issue 32): the payment's rules and the balance it leaves are checked before any file
    // is kept; the transaction below asks the payments service again, after the payment is written in it.
    if (this.payments && (input.payment || input.kind !== 'attempted')) {
      const sums = await this.payments.sumsOf(pkg.id);
      if (input.payment) this.payments.checkPayment(input.payment, completion.auditActor, sums);
      const left = sums.due - sums.paid - (input.payment?.amount ?? 0);
      if (input.kind !== 'attempted' && left > 0 && !sums.released) throw conflict(PAYMENT_MSG.balanceRemains(this.payments.format(left)));
    }
    const requirement = requirementFor(await this.requirements(), pkg.serviceType);
    const needed = proofNeeded({ kind: input.kind, reason: input.reason }, requirement);
    if (completion.signature && input.kind !== 'delivered') throw badRequest(PROOF_MSG.signatureNotAllowed);
    if (needed.signature && !completion.signature) throw badRequest(`${PROOF_MSG.signatureRequired} (${requirement.serviceType})`);
    if (needed.photo && !completion.photo) throw badRequest(PROOF_MSG.photoRequired);

    const [photo, signature] = await Promise.all([
      completion.photo ? processPhoto(completion.photo) : null,
      completion.signature ? processSignature(completion.signature) : null,
    ]);

    const now = Date.now();
    const stored: string[] = [];
    try {
      const photoRow = photo ? await this.storeFile(pkg.id, 'photo', photo, now, stored) : null;
      const signatureRow = signature ? await this.storeFile(pkg.id, 'signature', signature, now, stored) : null;
      const outcome = this.outcomeRow(pkg, completion, photoRow, signatureRow, now);
      outcome.arrivedAt = await this.arrivalOf(pkg, outcome);
      const writeProof = async (trx: Repositories) => {
        // The payment first, under the completion's client id: a resend of the queued completion records neither twice.
        if (input.payment && this.payments) await this.payments.writePayment(trx, pkg, input.payment, completion.auditActor, input.clientId ? `${input.clientId}:payment` : null);
        if (photoRow) await trx.deliveryProof.insertFile(photoRow);
        if (signatureRow) await trx.deliveryProof.insertFile(signatureRow);
        await trx.deliveryProof.insertOutcome(outcome);
      };
      const after =
        input.kind === 'attempted'
          ? await this.packages.recordAttempt(pkg, describe(outcome, completion.actor.name), writeProof, completion.auditActor, input.reason ? ATTEMPT_REASON_LABELS[input.reason] : null)
          : await this.packages.recordDelivery(pkg, describe(outcome, completion.actor.name), writeProof, completion.auditActor);
      return { outcome, pkg: after, duplicate: false };
    } catch (err) {
      await Promise.all(stored.map((key) => this.store.delete(key).catch(() => undefined)));
      // Two sends of one queued completion at the same moment: the second finds the first's row.
      if (input.clientId) {
        const existing = await this.repos.deliveryProof.outcomeByClientId(pkg.id, input.clientId).catch(() => undefined);
        if (existing) return { outcome: existing, pkg: (await this.packages.findByRef(pkg.id)) ?? pkg, duplicate: true };
      }
      throw err;
    }
  }

  private async storeFile(packageId: string, kind: 'photo' | 'signature', image: ProcessedImage, now: number, stored: string[]): Promise<ProofFileRow> {
    const id = newId();
    // The key is random and the server's own: no part of it comes from the request.
    const base = randomBytes(16).toString('hex');
    const ext = image.contentType === 'image/png' ? 'png' : 'jpg';
    const storageKey = `${base}.${ext}`;
    await this.store.put(storageKey, image.bytes, image.contentType);
    stored.push(storageKey);
    let thumbKey: string | null = null;
    if (image.thumb) {
      thumbKey = `${base}.thumb.jpg`;
      await this.store.put(thumbKey, image.thumb, 'image/jpeg');
      stored.push(thumbKey);
    }
    return { id, packageId, kind, storageKey, thumbKey, contentType: image.contentType, bytes: image.bytes.length, width: image.width, height: image.height, createdAt: isoFromMs(now) };
  }

  private outcomeRow(pkg: PackageRow, { input, actor }: Completion, photo: ProofFileRow | null, signature: ProofFileRow | null, now: number): DeliveryOutcomeRow {
    const lat = input.lat ?? null;
    const lng = input.lng ?? null;
    const distanceM =
      lat !== null && lng !== null && pkg.deliveryLat != null && pkg.deliveryLng != null
        ? greatCircleDistance({ lat, lng }, { lat: Number(pkg.deliveryLat), lng: Number(pkg.deliveryLng) })
        : null;
    return {
      id: newId(),
      packageId: pkg.id,
      clientId: input.clientId ?? null,
      kind: input.kind,
      driverId: actor.driverId,
      driverName: actor.name,
      recipientName: input.kind === 'delivered' ? input.recipientName : null,
      leftAt: input.kind === 'left' ? (input.leftAt ?? null) : null,
      neighbourName: input.kind === 'left' && input.leftAt === 'neighbour' ? input.neighbourName : null,
      reason: input.kind === 'attempted' ? (input.reason ?? null) : null,
      note: input.note,
      photoId: photo?.id ?? null,
      signatureId: signature?.id ?? null,
      lat: lat !== null && lng !== null ? lat : null,
      lng: lat !== null && lng !== null ? lng : null,
      accuracy: lat !== null && lng !== null ? (input.accuracy ?? null) : null,
      distanceM,
      deviceTime: input.deviceTime,
      createdAt: isoFromMs(now),
      reopenedAt: null,
      reopenedBy: null,
      reopenReason: null,
      arrivedAt: null,
    };
  }

  /** The arrival at the stop (issue 35's time at a stop): near where the outcome was recorded, else the address. */
  private async arrivalOf(pkg: PackageRow, outcome: DeliveryOutcomeRow): Promise<string | null> {
    const lat = outcome.lat ?? (pkg.deliveryLat != null ? Number(pkg.deliveryLat) : null);
    const lng = outcome.lng ?? (pkg.deliveryLng != null ? Number(pkg.deliveryLng) : null);
    if (lat === null || lng === null) return null;
    return this.repos.deliveryProof.arrivalNear(pkg.id, lat, lng, outcome.deviceTime);
  }

  // --- reopening ---

  /**
   * Dispatch reopens a closed delivery (issue 31, decision 087): the package goes back to `status`, the newest delivery
   * outcome (delivered or left) not yet reopened is marked with when, by whom and why, in the same transaction; the
   * outcome, its photo and signature stay readable. The reason goes to the audit log with the status change.
   */
  async reopen(ref: string, input: ReopenInputParsed, actor: AuditActor): Promise<{ pkg: PackageRow; outcome: DeliveryOutcomeRow | null }> {
    const pkg = await this.packages.getByRef(ref);
    const rows = await this.repos.deliveryProof.outcomesOf(pkg.id);
    const closing = rows.filter((row) => row.kind !== 'attempted' && row.reopenedAt === null).at(-1) ?? null;
    const mark = { reopenedAt: isoFromMs(Date.now()), reopenedBy: await labelOf(this.repos, actor), reopenReason: input.reason };
    const after = await this.packages.reopen(pkg, input.status, input.reason, actor, async (trx) => {
      if (closing) await trx.deliveryProof.markReopened(closing.id, mark);
    });
    return { pkg: after, outcome: closing ? { ...closing, ...mark } : null };
  }

  // --- what each caller sees ---

  /** A package's outcomes, oldest first, for the public (words only) or in full (with the files' links). */
  async outcomesOf(pkg: PackageRow, view: 'public' | 'full') {
    const rows = await this.repos.deliveryProof.outcomesOf(pkg.id);
    if (view === 'public') return rows.map((row) => presentOutcome(row, null));
    return Promise.all(rows.map(async (row) => presentOutcome(row, await this.linksOf(row))));
  }

  async presentFull(row: DeliveryOutcomeRow) {
    return presentOutcome(row, await this.linksOf(row));
  }

  private async linksOf(row: DeliveryOutcomeRow): Promise<{ photo: FileLink | null; signature: FileLink | null }> {
    const signer = await this.linkSigner();
    const files = await this.repos.deliveryProof.filesByIds([row.photoId, row.signatureId].filter((id): id is string => !!id));
    const linkOf = (id: string | null): FileLink | null => {
      const file = id ? files.find((f) => f.id === id) : undefined;
      if (!file) return null;
      const full = signer.link(file.id, 'full');
      return { url: full.url, thumbUrl: file.thumbKey ? signer.link(file.id, 'thumb').url : null, expiresAt: full.expiresAt };
    };
    return { photo: linkOf(row.photoId), signature: linkOf(row.signatureId) };
  }

  /** A file through its signed link; 404 for an unknown file and for a wrong or expired link alike. */
  async fileByLink(id: string, variant: FileVariant, exp: number, sig: string): Promise<{ bytes: Buffer; contentType: string }> {
    const signer = await this.linkSigner();
    if (!signer.verify(id, variant, exp, sig)) throw notFound(PROOF_MSG.linkInvalid);
    const file = await this.repos.deliveryProof.fileById(id);
    const key = file ? (variant === 'thumb' ? file.thumbKey : file.storageKey) : null;
    const bytes = key ? await this.store.get(key) : undefined;
    if (!file || !bytes) throw notFound(PROOF_MSG.linkInvalid);
    return { bytes, contentType: variant === 'thumb' ? 'image/jpeg' : file.contentType };
  }

  /** A file's bytes for the receipt (server-side use only). */
  async fileBytes(id: string | null): Promise<Buffer | null> {
    if (!id) return null;
    const file = await this.repos.deliveryProof.fileById(id);
    return file ? ((await this.store.get(file.storageKey)) ?? null) : null;
  }

  outcomeRowsOf(packageId: string): Promise<DeliveryOutcomeRow[]> {
    return this.repos.deliveryProof.outcomesOf(packageId);
  }

  /** Packages whose newest outcome is an attempt and that are not delivered: dispatch's list to re-plan. */
  async attempted(limit = 200) {
    return this.repos.deliveryProof.attemptedPackages(limit);
  }

  /**
   * Deletes the stored photos and signatures of deleted packages, then their rows (the packages service's 'deleted'
   * event). A store that fails keeps the rows, so the next delete of any package tries those keys again.
   */
  async removeFilesOf(packageIds: readonly string[]): Promise<void> {
    const keys = await this.repos.deliveryProof.keysOfPackages(packageIds);
    await Promise.all(keys.map((k) => this.store.delete(k)));
    await this.repos.deliveryProof.deleteFilesOfPackages(packageIds);
  }
}

/** The history entry's words: public by design (no name beyond initials, no note). */
function describe(outcome: DeliveryOutcomeRow, by: string): string {
  if (outcome.kind === 'delivered') return `Delivered to ${initialsOf(outcome.recipientName) ?? 'the recipient'} by ${by}`;
  if (outcome.kind === 'left') {
    const place = outcome.leftAt ? LEFT_PLACE_LABELS[outcome.leftAt as keyof typeof LEFT_PLACE_LABELS] : 'Other';
    return `Left without a person (${place.toLowerCase()}), photo taken, by ${by}`;
  }
  const reason = outcome.reason ? ATTEMPT_REASON_LABELS[outcome.reason as keyof typeof ATTEMPT_REASON_LABELS] : 'Other';
  return `Delivery attempted: ${reason} (${by})`;
}


