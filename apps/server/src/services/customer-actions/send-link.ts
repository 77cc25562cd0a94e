import { CUSTOMER_MSG, ERR, type CustomerLinkSent, type SendCustomerLinkInput } from '@cargo/shared';
import type { PackageRow } from '../../db/types.ts';
import { conflict, HttpError, serviceUnavailable } from '../../lib/http-errors.ts';
import { maskPhone, normalizePhone } from '../../lib/phone.ts';
import { isoFromMs } from '../../lib/time.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { EmailChannel, SmsChannel } from '../notifications/channels.ts';
import { maskEmail } from '../notifications/rules.ts';
import type { CustomerLinkService } from './customer-link.ts';

/** The words of the link dispatch sends by hand: what the customer can do from it. */
export function customerLinkText(companyName: string, trackingNumber: string, url: string): string {
  return `${companyName}: your delivery ${trackingNumber}. Leave instructions for the driver, choose another day or rate the delivery here: ${url}`;
}

/**
 * Dispatch sends the package's customer link (issue 33, decision 112): 'Text link to customer' and its email twin on
 * the package. Sent at once through the channels the notifications use (the SMS gateway, SMTP), because a person
 * asked for it now: not an event (no webhook, no template, no first-occurrence rule), held by no quiet hours. An email
 * to an address that unsubscribed from this package is refused. Recorded in the audit log on the package, with the
 * channel and the masked recipient, never the link (a working credential).
 */
export class CustomerLinkSender {
  constructor(
    private readonly repos: Repositories,
    private readonly links: CustomerLinkService,
    private readonly channels: { email: EmailChannel | null; sms: SmsChannel | null },
    private readonly companyName: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async send(pkg: PackageRow, { channel }: SendCustomerLinkInput, actor: AuditActor, nowMs = Date.now()): Promise<CustomerLinkSent> {
    const to = await this.recipient(pkg, channel);
    const { url } = await this.links.linkFor(pkg, nowMs);
    const text = customerLinkText(this.companyName, pkg.trackingNumber, url);
    const outcome =
      channel === 'sms'
        ? await this.channels.sms!.send(to, text)
        : await this.channels.email!.send({ to, subject: `Your delivery ${pkg.trackingNumber}: instructions, another day, a rating`, text, html: null, unsubscribeUrl: null });
    if (!outcome.ok) {
      this.log.warn({ channel, response: outcome.response }, 'the customer link was not accepted by the gateway');
      throw new HttpError(502, CUSTOMER_MSG.linkNotSent);
    }
    const masked = channel === 'sms' ? maskPhone(to) : maskEmail(to);
    const sentAt = isoFromMs(Date.now());
    await recordAudit(this.repos, {
      action: 'package.customer_link_sent',
      objectType: 'package',
      objectId: pkg.id,
      objectLabel: pkg.trackingNumber,
      after: { channel, to: masked },
      actor,
    });
    return { channel, to: masked, sentAt };
  }

  /** Where the message goes, or why it cannot go: no channel (503), no address (409), an unsubscribed email (409). */
  private async recipient(pkg: PackageRow, channel: SendCustomerLinkInput['channel']): Promise<string> {
    if (channel === 'sms') {
      if (!this.channels.sms) throw serviceUnavailable(ERR.noSmsGateway);
      const phone = normalizePhone(pkg.customerPhone);
      if (phone.replace(/\D/g, '').length < 7) throw conflict(CUSTOMER_MSG.noCustomerPhone);
      return phone;
    }
    if (!this.channels.email) throw serviceUnavailable(CUSTOMER_MSG.noEmailChannel);
    const email = pkg.customerEmail?.trim().toLowerCase();
    if (!email) throw conflict(CUSTOMER_MSG.noCustomerEmail);
    if (await this.repos.notifications.isUnsubscribed(email, pkg.id)) throw conflict(CUSTOMER_MSG.emailUnsubscribed);
    return email;
  }
}
