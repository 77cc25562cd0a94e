import { CUSTOMER_MSG, formatDeliveryRange, type RescheduleInput } from '@cargo/shared';
import type { PackageRescheduleRow } from '../../db/types.ts';
import { newTimeOrderedId } from '../../lib/crypto.ts';
import { conflict, ValidationFailed } from '../../lib/http-errors.ts';
import { isoFromMs } from '../../lib/time.ts';
import { wallClock, zoneOfPlace } from '../../lib/time-zone.ts';
import { mayReschedule, rescheduleLimitReached, type CustomerLinkFacts } from '../../policies/customer-link.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { chosenLabel, offeredDays } from './delivery-days.ts';

/**
 * A new delivery day (issue 33, item 3): after an attempt, or before the package goes out. The choice becomes the
 * package's delivery window (its estimated delivery, one day long) and puts it in dispatch's list to re-plan; a package
 * can be moved `rescheduleLimit` times.
 */
export class RescheduleService {
  constructor(private readonly repos: Repositories) {}

  /** The days offered now for this package, in its delivery address's calendar. */
  daysFor(facts: Pick<CustomerLinkFacts, 'pkg' | 'settings' | 'nowMs'>): string[] {
    const clock = wallClock(zoneOfPlace(facts.pkg.deliveryLat, facts.pkg.deliveryLng), facts.nowMs);
    return offeredDays(facts.settings, clock.day, clock.minutes);
  }

  async choose(facts: CustomerLinkFacts, input: RescheduleInput, actor: AuditActor): Promise<{ row: PackageRescheduleRow; label: string }> {
    const { pkg, settings, nowMs } = facts;
    if (!mayReschedule(facts)) throw conflict(CUSTOMER_MSG.rescheduleClosed);
    const used = await this.repos.customerActions.countReschedules(pkg.id);
    if (rescheduleLimitReached(used, settings)) throw conflict(CUSTOMER_MSG.rescheduleLimit);
    if (!this.daysFor(facts).includes(input.day)) throw new ValidationFailed([{ path: 'day', message: CUSTOMER_MSG.dayNotOffered }]);
    const window = input.window;
    if (settings.windows.length > 0 ? !window || !settings.windows.some((w) => w.start === window.start && w.end === window.end) : window !== null) {
      throw new ValidationFailed([{ path: 'window', message: CUSTOMER_MSG.windowNotOffered }]);
    }
    const now = isoFromMs(nowMs);
    const row: PackageRescheduleRow = {
      id: newTimeOrderedId(nowMs),
      packageId: pkg.id,
      day: input.day,
      windowStart: window?.start ?? null,
      windowEnd: window?.end ?? null,
      previousWindow: pkg.estimatedDelivery,
      createdAt: now,
    };
    const label = chosenLabel(input.day, window);
    const estimatedDelivery = formatDeliveryRange(input.day, input.day);
    await this.repos.transaction(async (trx) => {
      await trx.customerActions.insertReschedule(row);
      await trx.packages.update(pkg.id, { estimatedDelivery, updatedAt: now });
      await recordAudit(trx, {
        action: 'package.rescheduled',
        objectType: 'package',
        objectId: pkg.id,
        objectLabel: pkg.trackingNumber,
        before: { estimatedDelivery: pkg.estimatedDelivery },
        after: { estimatedDelivery, day: input.day, window: window ? `${window.start}-${window.end}` : null },
        actor,
      }, now);
      await trx.events.append({
        type: 'package.rescheduled',
        subjectType: 'package',
        subjectId: pkg.id,
        data: { trackingNumber: pkg.trackingNumber, day: input.day, window, chosenLabel: label, previousWindow: pkg.estimatedDelivery, reschedules: used + 1 },
        occurredAt: now,
      });
    });
    return { row, label };
  }
}
