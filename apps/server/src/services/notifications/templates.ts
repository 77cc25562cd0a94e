import type { EventType, NotificationAudience, NotificationChannel } from '@cargo/shared';
import type { Liquid } from 'liquidjs';
import { loadOnce } from '../../lib/load-once.ts';

/**
 * Which event tells whom, and in what words (issue 17, item 3): the product's defaults, which dispatch may change in the
 * admin panel (stored in notification_templates), and their rendering with Liquid (liquidjs): plain for SMS and the
 * text part of an email, escaped for the HTML part.
 */
export interface TemplateKey {
  eventType: EventType;
  channel: NotificationChannel;
  audience: NotificationAudience;
}

export interface TemplateDefault extends TemplateKey {
  enabled: boolean;
  subject: string | null;
  body: string;
}

export const templateId = (key: TemplateKey): string => `${key.eventType}:${key.channel}:${key.audience}`;

const SIGN_OFF = '\n\n{{ company_name }}';

type Texts = { subject: string; email: string; sms: string; on: boolean };

/** The customer's messages, per event: on by default where a customer expects to hear (issue 17: out for delivery,
 * arriving, delivered, attempted, exception, the pickup request received, the advance notice). */
const CUSTOMER: Record<Exclude<EventType, 'feedback.low_rating'>, Texts> = {
  'package.created': {
    on: false,
    subject: 'We have your package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nWe have registered your package {{ tracking_number }} for delivery to {{ delivery_address }}.{% if delivery_window != "" %} Delivery window: {{ delivery_window }}.{% endif %}\n\nTrack it here: {{ tracking_link }}',
    sms: '{{ company_name }}: package {{ tracking_number }} is registered for delivery. Track it: {{ tracking_link }}',
  },
  'package.picked_up': {
    on: false,
    subject: 'Your package {{ tracking_number }} has been picked up',
    email: 'Hello {{ customer_name }},\n\nYour package {{ tracking_number }} has been picked up.\n\nTrack it here: {{ tracking_link }}',
    sms: '{{ company_name }}: package {{ tracking_number }} has been picked up. Track it: {{ tracking_link }}',
  },
  'package.in_transit': {
    on: false,
    subject: 'Your package {{ tracking_number }} is on its way',
    email: 'Hello {{ customer_name }},\n\nYour package {{ tracking_number }} is in transit.\n\nTrack it here: {{ tracking_link }}',
    sms: '{{ company_name }}: package {{ tracking_number }} is in transit. Track it: {{ tracking_link }}',
  },
  'package.out_for_delivery': {
    on: true,
    subject: 'Your package {{ tracking_number }} is out for delivery{% if arrival_window != "" %}: {{ arrival_window }}{% endif %}',
    email: 'Hello {{ customer_name }},\n\nYour package {{ tracking_number }} is out for delivery to {{ delivery_address }}.{% if arrival_window != "" %} The driver expects to arrive today {{ arrival_window }}. If that changes by more than a quarter of an hour, we will tell you.{% elsif eta != "" %} Expected arrival: {{ eta }}.{% endif %}\n\nWatch the driver approach, or tell the driver where to leave it: {{ tracking_link }}',
    sms: '{{ company_name }}: package {{ tracking_number }} is out for delivery today{% if arrival_window != "" %}, arriving {{ arrival_window }}{% endif %}. Watch it live: {{ tracking_link }}',
  },
  'package.approaching': {
    on: false,
    subject: 'Your driver is close: package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nYour driver is within 5 km of {{ delivery_address }}.{% if eta != "" %} Expected arrival: {{ eta }}.{% endif %}\n\nWatch live: {{ tracking_link }}',
    sms: '{{ company_name }}: your driver is within 5 km{% if eta != "" %}, arriving {{ eta }}{% endif %}. Watch live: {{ tracking_link }}',
  },
  'package.arriving': {
    on: true,
    subject: 'Your driver is arriving: package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nYour driver is less than 1 km from {{ delivery_address }}{% if eta != "" %} and should arrive {{ eta }}{% endif %}.\n\nWatch live: {{ tracking_link }}',
    sms: '{{ company_name }}: your driver is less than 1 km away with package {{ tracking_number }}. Watch live: {{ tracking_link }}',
  },
  'package.delivered': {
    on: true,
    subject: 'Delivered: package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nYour package {{ tracking_number }} has been delivered to {{ delivery_address }}.\n\nHow did we do? Rate the delivery: {{ tracking_link }}',
    sms: '{{ company_name }}: package {{ tracking_number }} has been delivered. How did we do? {{ tracking_link }}',
  },
  'package.attempted': {
    on: true,
    subject: 'We could not deliver package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nWe tried to deliver your package {{ tracking_number }} but could not.{% if reason != "" %} Reason: {{ reason }}.{% endif %}\n\nChoose a new day for the delivery, or tell the driver where to leave it: {{ tracking_link }}\n\nYou can also call us at {{ company_phone }}.',
    sms: '{{ company_name }}: we could not deliver package {{ tracking_number }}{% if reason != "" %} ({{ reason }}){% endif %}. Choose a new day: {{ tracking_link }} or call {{ company_phone }}.',
  },
  'package.exception': {
    on: true,
    subject: 'A problem with package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nThere is a problem with the delivery of your package {{ tracking_number }}. Please call us at {{ company_phone }} or write to {{ support_email }}.\n\nDetails: {{ tracking_link }}',
    sms: '{{ company_name }}: there is a problem with package {{ tracking_number }}. Please call {{ company_phone }}.',
  },
  'package.returned': {
    on: false,
    subject: 'Package {{ tracking_number }} has been returned',
    email: 'Hello {{ customer_name }},\n\nYour package {{ tracking_number }} has been returned to the sender.\n\nDetails: {{ tracking_link }}',
    sms: '{{ company_name }}: package {{ tracking_number }} has been returned to the sender.',
  },
  'package.cancelled': {
    on: false,
    subject: 'Package {{ tracking_number }} has been cancelled',
    email: 'Hello {{ customer_name }},\n\nThe delivery of your package {{ tracking_number }} has been cancelled.',
    sms: '{{ company_name }}: the delivery of package {{ tracking_number }} has been cancelled.',
  },
  // Two kinds of news: out for delivery before the delivery window (the advance notice), or the one-hour arrival window
  // moved later (decision 111: arrival_window is set only then).
  'package.eta_changed': {
    on: true,
    subject: '{% if arrival_window != "" %}New arrival time for package {{ tracking_number }}: {{ arrival_window }}{% else %}Package {{ tracking_number }} arrives before its delivery window{% endif %}',
    email: 'Hello {{ customer_name }},\n\n{% if arrival_window != "" %}Your driver is running late: package {{ tracking_number }} will now arrive today {{ arrival_window }}{% if previous_arrival_window != "" %} instead of {{ previous_arrival_window }}{% endif %}.{% else %}Your package {{ tracking_number }} will arrive earlier than planned: it is out for delivery {{ eta }}, before its delivery window ({{ delivery_window }}). Please make sure someone can receive it, or call us at {{ company_phone }}.{% endif %}\n\nTrack it here: {{ tracking_link }}',
    sms: '{% if arrival_window != "" %}{{ company_name }}: package {{ tracking_number }} now arrives today {{ arrival_window }}{% if previous_arrival_window != "" %} (not {{ previous_arrival_window }}){% endif %}. Track it: {{ tracking_link }}{% else %}{{ company_name }}: package {{ tracking_number }} arrives early, {{ eta }}, before its delivery window ({{ delivery_window }}). Track it: {{ tracking_link }}{% endif %}',
  },
  // Customer actions (issue 33): the customer's own changes, confirmed where it helps; the link is the customer link.
  'package.instructions_updated': {
    on: false,
    subject: 'Your delivery instructions for package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nWe have your delivery instructions for package {{ tracking_number }}. The driver will see them at the stop.\n\nChange them here: {{ tracking_link }}',
    sms: '{{ company_name }}: we have your delivery instructions for package {{ tracking_number }}. Change them: {{ tracking_link }}',
  },
  'package.rescheduled': {
    on: true,
    subject: 'New delivery day for package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nWe will deliver your package {{ tracking_number }} on {{ chosen_day }}.\n\nDetails: {{ tracking_link }}',
    sms: '{{ company_name }}: we will deliver package {{ tracking_number }} on {{ chosen_day }}. Details: {{ tracking_link }}',
  },
  'feedback.received': {
    on: false,
    subject: 'Thank you for rating package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nThank you for rating the delivery of package {{ tracking_number }}. You can change your rating for 7 days: {{ tracking_link }}',
    sms: '{{ company_name }}: thank you for rating the delivery of package {{ tracking_number }}.',
  },
  'pickup_request.created': {
    on: true,
    subject: 'We received your pickup request',
    email: "Hello {{ customer_name }},\n\nWe received your request to collect {{ pickup_item }} at {{ pickup_origin }} for {{ pickup_destination }}. We'll contact you within 2 hours to confirm the pickup.\n\nQuestions? Call {{ company_phone }}.",
    sms: "{{ company_name }}: we received your pickup request. We'll contact you within 2 hours to confirm it.",
  },
  'pickup_request.confirmed': {
    on: false,
    subject: 'Your pickup request is confirmed',
    email: 'Hello {{ customer_name }},\n\nYour pickup at {{ pickup_origin }} is confirmed.{% if tracking_number != "" %} Your tracking number is {{ tracking_number }}: {{ tracking_link }}{% endif %}{% if balance_due != "" %} Please have {{ balance_due }} ready on delivery.{% endif %} Questions? Call {{ company_phone }}.',
    sms: '{{ company_name }}: your pickup at {{ pickup_origin }} is confirmed.{% if tracking_number != "" %} Tracking number {{ tracking_number }}: {{ tracking_link }}{% endif %}',
  },
  'payment.recorded': {
    on: false,
    subject: 'Payment received for package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nWe received {{ amount }} for package {{ tracking_number }}.{% if balance_due != "" %} Still to pay: {{ balance_due }}.{% else %} Nothing more is owed.{% endif %}\n\nDetails: {{ tracking_link }}',
    sms: '{{ company_name }}: we received {{ amount }} for package {{ tracking_number }}.{% if balance_due != "" %} Still to pay: {{ balance_due }}.{% endif %}',
  },
  'payment.refunded': {
    on: false,
    subject: 'A refund for package {{ tracking_number }}',
    email: 'Hello {{ customer_name }},\n\nWe have refunded or corrected {{ amount }} on package {{ tracking_number }}.{% if reason != "" %} Reason: {{ reason }}.{% endif %}\n\nDetails: {{ tracking_link }}',
    sms: '{{ company_name }}: {{ amount }} refunded or corrected on package {{ tracking_number }}.',
  },
  'payment.released': {
    on: false,
    subject: 'Package {{ tracking_number }} is released for delivery',
    email: 'Hello {{ customer_name }},\n\nPackage {{ tracking_number }} is released for delivery without payment at the door.\n\nDetails: {{ tracking_link }}',
    sms: '{{ company_name }}: package {{ tracking_number }} is released for delivery without payment at the door.',
  },
};

const COORDINATOR_ALERT: Texts = {
  on: true,
  subject: 'New pickup request from {{ customer_name }}',
  email: 'New pickup request from {{ customer_name }} ({{ customer_phone }}).\n\nCollect: {{ pickup_item }}\nFrom: {{ pickup_origin }}\nTo: {{ pickup_destination }}\n\nThe customer was told we will contact them within 2 hours.',
  sms: 'New pickup request: {{ customer_name }} {{ customer_phone }}, from {{ pickup_origin }}. Call back within 2 hours.',
};

/** The coordinator's alert of a low rating (issue 33): its own event, so dispatch can change or turn off its words. */
const LOW_RATING_ALERT: Texts = {
  on: true,
  subject: 'Low rating ({{ rating }} stars) for package {{ tracking_number }}',
  email: 'The customer {{ customer_name }} rated the delivery of package {{ tracking_number }} {{ rating }} of 5 stars.{% if rating_tags != "" %}\n\nTags: {{ rating_tags }}{% endif %}{% if rating_comment != "" %}\n\nThe customer left a comment: read it on the package in the admin panel.{% endif %}\n\nDriver: {{ driver_name }}',
  sms: 'Low rating: package {{ tracking_number }} got {{ rating }} of 5 stars from {{ customer_name }}.',
};

/** Every template the product has, with its default words and whether it is on. */
export const DEFAULT_TEMPLATES: readonly TemplateDefault[] = [
  ...(Object.entries(CUSTOMER) as Array<[EventType, Texts]>).flatMap(([eventType, t]) => [
    { eventType, channel: 'email' as const, audience: 'customer' as const, enabled: t.on, subject: t.subject, body: t.email + SIGN_OFF },
    { eventType, channel: 'sms' as const, audience: 'customer' as const, enabled: t.on, subject: null, body: t.sms },
  ]),
  { eventType: 'pickup_request.created', channel: 'email', audience: 'coordinator', enabled: COORDINATOR_ALERT.on, subject: COORDINATOR_ALERT.subject, body: COORDINATOR_ALERT.email },
  { eventType: 'pickup_request.created', channel: 'sms', audience: 'coordinator', enabled: COORDINATOR_ALERT.on, subject: null, body: COORDINATOR_ALERT.sms },
  { eventType: 'feedback.low_rating', channel: 'email', audience: 'coordinator', enabled: LOW_RATING_ALERT.on, subject: LOW_RATING_ALERT.subject, body: LOW_RATING_ALERT.email },
  { eventType: 'feedback.low_rating', channel: 'sms', audience: 'coordinator', enabled: LOW_RATING_ALERT.on, subject: null, body: LOW_RATING_ALERT.sms },
];

/** Merge fields: every value a template sees, as text. */
export type MergeValues = Record<string, string>;

// Templates are written by dispatch, not by the public; the limits still keep a slip (a loop over a huge range) cheap.
const limits = { strictFilters: true, parseLimit: 20_000, renderLimit: 200, memoryLimit: 1_000_000 };
/** The two engines: plain for SMS and the text part, escaping for the HTML part. */
const engines = loadOnce(async () => {
  const { Liquid } = await import('liquidjs');
  return { plain: new Liquid({ ...limits }), escaped: new Liquid({ ...limits, outputEscape: 'escape' }) };
});

/**
 * Parsed templates by engine and text: a batch of thousands of messages renders a handful of templates, and parsing
 * was a third of each render (bench/RESULTS.md). Bounded: an edited template's old text falls out.
 */
const parsed = new Map<string, ReturnType<Liquid['parse']>>();
const PARSED_MAX = 256;

async function renderWith(kind: 'plain' | 'escaped', text: string, values: MergeValues): Promise<string> {
  const engine = (await engines())[kind];
  const key = `${kind === 'escaped' ? 'h' : 't'}:${text}`;
  let templates = parsed.get(key);
  if (!templates) {
    templates = engine.parse(text);
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, templates);
  }
  return engine.render(templates, values) as Promise<string>;
}

/** Checks a template parses; the message of the first error, or null. */
export async function templateError(text: string): Promise<string | null> {
  const { plain } = await engines();
  try {
    plain.parse(text);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message.split('\n')[0]! : String(err);
  }
}

export interface RenderedMessage {
  subject: string | null;
  text: string;
  html: string | null;
}

/** The footer of every email: who sent it and how to reach them. */
export interface EmailFooter {
  companyName: string;
  companyPhone: string;
  supportEmail: string;
  unsubscribeUrl: string | null;
}

/** Renders a message: SMS as plain text; email as plain text and as HTML (values escaped, links made clickable). */
export async function renderMessage(channel: NotificationChannel, template: { subject: string | null; body: string }, values: MergeValues, footer: EmailFooter): Promise<RenderedMessage> {
  const text = (await renderWith('plain', template.body, values)).trim();
  if (channel === 'sms') return { subject: null, text, html: null };
  const subject = template.subject ? (await renderWith('plain', template.subject, values)).replace(/\s+/g, ' ').trim() : null;
  const bodyHtml = (await renderWith('escaped', template.body, values)).trim();
  const unsubscribeText = footer.unsubscribeUrl ? `\n\nTo stop these emails: ${footer.unsubscribeUrl}` : '';
  const contactText = `\n\n--\n${footer.companyName} · ${footer.companyPhone} · ${footer.supportEmail}`;
  return { subject, text: text + contactText + unsubscribeText, html: htmlDocument(subject ?? '', bodyHtml, footer) };
}

const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paragraphs and line breaks of an already escaped text, with its http(s) links made clickable. */
function paragraphs(escapedText: string): string {
  return escapedText
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${p.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>').replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

function htmlDocument(subject: string, bodyHtml: string, footer: EmailFooter): string {
  const unsubscribe = footer.unsubscribeUrl ? `<br><a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe from these emails</a>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${paragraphs(bodyHtml)}
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#5c5f66">${escapeHtml(footer.companyName)} · ${escapeHtml(footer.companyPhone)} · <a href="mailto:${escapeHtml(footer.supportEmail)}">${escapeHtml(footer.supportEmail)}</a>${unsubscribe}</p>
</body></html>`;
}
