import { CUSTOMER_MSG, FEEDBACK_TAG_LABELS, LOW_RATING_MAX_STARS, type FeedbackInput } from '@cargo/shared';
import type { PackageFeedbackRow } from '../../db/types.ts';
import { conflict } from '../../lib/http-errors.ts';
import { isoFromMs } from '../../lib/time.ts';
import { feedbackLocked, mayRate, type CustomerLinkFacts } from '../../policies/customer-link.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';

/**
 * A rating after delivery (issue 33, item 5): 1-5 stars, a comment and tags; one per package, changeable for 7 days
 * from when it was first given. Kept with the driver who delivered. Two stars or fewer alert the coordinator
 * (`feedback.low_rating`, a template of its own), once per rating that becomes low.
 */
export class FeedbackService {
  constructor(private readonly repos: Repositories) {}

  async rate(facts: CustomerLinkFacts, input: FeedbackInput, actor: AuditActor): Promise<PackageFeedbackRow> {
    const { pkg, nowMs } = facts;
    if (!mayRate(facts)) throw conflict(CUSTOMER_MSG.feedbackClosed);
    const before = await this.repos.customerActions.feedbackOf(pkg.id);
    if (feedbackLocked(before, nowMs)) throw conflict(CUSTOMER_MSG.feedbackLocked);
    const now = isoFromMs(nowMs);
    const row: PackageFeedbackRow = {
      packageId: pkg.id,
      stars: input.stars,
      comment: input.comment,
      tags: input.tags.join(' '),
      driverId: before?.driverId ?? pkg.driverId,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    const becameLow = row.stars <= LOW_RATING_MAX_STARS && (!before || before.stars > LOW_RATING_MAX_STARS);
    const driverName = pkg.driver ?? (pkg.driverId ? (await this.repos.drivers.findById(pkg.driverId))?.name : null) ?? '';
    await this.repos.transaction(async (trx) => {
      await trx.customerActions.saveFeedback(row);
      await recordAudit(trx, {
        action: before ? 'feedback.changed' : 'feedback.received',
        objectType: 'package',
        objectId: pkg.id,
        objectLabel: pkg.trackingNumber,
        before: before ? { stars: before.stars, comment: before.comment, tags: before.tags } : null,
        after: { stars: row.stars, comment: row.comment, tags: row.tags },
        actor,
      }, now);
      // The comment is the customer's own words: it stays out of the stream, which webhooks read (dispatch reads it on the package).
      await trx.events.append({ type: 'feedback.received', subjectType: 'package', subjectId: pkg.id, data: { trackingNumber: pkg.trackingNumber, stars: row.stars, tags: input.tags, changed: !!before }, occurredAt: now });
      if (becameLow) {
        await trx.events.append({
          type: 'feedback.low_rating',
          subjectType: 'package',
          subjectId: pkg.id,
          data: { trackingNumber: pkg.trackingNumber, stars: row.stars, hasComment: row.comment !== '', tagLabels: input.tags.map((t) => FEEDBACK_TAG_LABELS[t]), driverName },
          occurredAt: now,
        });
      }
    });
    return row;
  }
}
