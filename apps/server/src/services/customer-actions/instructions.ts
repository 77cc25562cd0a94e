import { CUSTOMER_MSG, requirementFor, type CustomerInstructionsInput, type DeliveryRequirement } from '@cargo/shared';
import type { PackageInstructionsRow } from '../../db/types.ts';
import { conflict, ValidationFailed } from '../../lib/http-errors.ts';
import { isoFromMs } from '../../lib/time.ts';
import { mayGiveInstructions, type CustomerLinkFacts } from '../../policies/customer-link.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';

/** What the audit log and the event say of instructions: never the access code, only whether there is one. */
const described = (row: Omit<PackageInstructionsRow, 'packageId' | 'updatedAt'> | undefined) =>
  row
    ? { instructions: row.instructions, safePlace: row.safePlace, neighbourName: row.neighbourName, signatureWaived: row.signatureWaived === 1, accessCodeGiven: !!row.accessCode }
    : null;

/**
 * Delivery instructions, safe place, signature waiver and access code (issue 33, item 2): until the driver arrives.
 * A waiver is refused for a service type whose delivery requirements ask for a signature.
 */
export class InstructionService {
  constructor(
    private readonly repos: Repositories,
    private readonly requirements: () => Promise<DeliveryRequirement[]>,
  ) {}

  async signatureWaivable(serviceType: string): Promise<boolean> {
    return !requirementFor(await this.requirements(), serviceType).signatureRequired;
  }

  async update(facts: CustomerLinkFacts, input: CustomerInstructionsInput, actor: AuditActor): Promise<PackageInstructionsRow> {
    const { pkg, nowMs } = facts;
    if (!mayGiveInstructions(facts)) throw conflict(CUSTOMER_MSG.instructionsClosed);
    if (input.signatureWaived && !(await this.signatureWaivable(pkg.serviceType))) {
      throw new ValidationFailed([{ path: 'signatureWaived', message: CUSTOMER_MSG.signatureRequired }]);
    }
    const before = await this.repos.customerActions.instructionsOf(pkg.id);
    const accessCode = input.accessCode === undefined ? (before?.accessCode ?? null) : input.accessCode || null;
    const row: PackageInstructionsRow = {
      packageId: pkg.id,
      instructions: input.instructions,
      safePlace: input.safePlace,
      neighbourName: input.safePlace === 'neighbour' ? (input.neighbourName ?? null) : null,
      signatureWaived: input.signatureWaived ? 1 : 0,
      accessCode,
      updatedAt: isoFromMs(nowMs),
    };
    await this.repos.transaction(async (trx) => {
      await trx.customerActions.saveInstructions(row);
      await recordAudit(trx, { action: 'package.instructions_updated', objectType: 'package', objectId: pkg.id, objectLabel: pkg.trackingNumber, before: described(before), after: described(row), actor }, row.updatedAt);
      await trx.events.append({
        type: 'package.instructions_updated',
        subjectType: 'package',
        subjectId: pkg.id,
        // The customer's own words stay out of the stream (webhooks read it): the choices and flags only.
        data: { trackingNumber: pkg.trackingNumber, safePlace: row.safePlace, signatureWaived: row.signatureWaived === 1, hasInstructions: row.instructions !== '', accessCodeGiven: !!row.accessCode },
        occurredAt: row.updatedAt,
      });
    });
    return row;
  }
}
