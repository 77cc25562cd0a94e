import { ERR } from '@cargo/shared';
import { HttpError, serviceUnavailable } from '../lib/http-errors.ts';
import { normalizePhone } from '../lib/phone.ts';

/** Sends one text message through the configured HTTP gateway: POST {to, message}; true on a 2xx answer. */
export async function sendSms(gatewayUrl: string, to: string, message: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    const res = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, message }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** The text a driver receives with a tracking link. */
export function trackingLinkMessage(companyName: string, trackingLink: string): string {
  return `${companyName}: open this link to share your location for the delivery: ${trackingLink}`;
}

/** Text messages to drivers through the SMS gateway of SMS_GATEWAY_URL (none configured: 503). */
export class SmsService {
  constructor(
    private readonly options: { gatewayUrl: string | undefined; companyName: string; log: { warn(obj: object, msg: string): void } },
  ) {}

  /** Texts a tracking link to a driver's phone; 503 without a gateway, 502 when the gateway does not accept it. */
  async sendTrackingLink(driverPhone: string, trackingLink: string): Promise<void> {
    const gateway = this.options.gatewayUrl;
    if (!gateway) throw serviceUnavailable(ERR.noSmsGateway);
    const sent = await sendSms(gateway, normalizePhone(driverPhone), trackingLinkMessage(this.options.companyName, trackingLink));
    if (!sent) {
      this.options.log.warn({ gateway: new URL(gateway).host }, 'SMS gateway refused or did not answer');
      throw new HttpError(502, 'The SMS gateway did not accept the message');
    }
  }
}
