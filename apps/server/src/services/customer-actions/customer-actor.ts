import type { ShareLinkRow } from '../../db/types.ts';
import type { AuditActor } from '../audit/audit-context.ts';

/** The audit log's actor for a change made through a customer link (design.md §13): 'customer', named by the link. */
export const customerActor = (link: Pick<ShareLinkRow, 'id'>, trackingNumber: string, ip: string | null): AuditActor => ({
  type: 'customer',
  id: link.id,
  label: `Customer of ${trackingNumber}`,
  ip,
});
