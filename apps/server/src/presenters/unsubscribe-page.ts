/**
 * The unsubscribe pages a customer reaches from an email (RFC 8058): small, self-contained HTML with no script, so they
 * work in any mail client's browser and under the site's CSP.
 */
const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, company: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(company)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;margin:0;padding:24px;background:#f6f7f9;color:#1a1b1e;line-height:1.5}main{max-width:520px;margin:40px auto;background:#fff;border-radius:8px;padding:24px}h1{font-size:1.4rem;margin-top:0}button{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #1c7ed6;background:#1c7ed6;color:#fff;cursor:pointer;margin:4px 8px 4px 0}button.secondary{background:#fff;color:#1c7ed6}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(company)}</a></p></main></body></html>`;
}

export function unsubscribeConfirmPage(company: string, token: string, trackingNumber: string | null): string {
  const action = (scope: string) => `/unsubscribe?token=${encodeURIComponent(token)}&amp;scope=${scope}`;
  const packageButton = trackingNumber
    ? `<form method="post" action="${action('package')}"><button type="submit">Stop emails about package ${escapeHtml(trackingNumber)}</button></form>`
    : '';
  return page(
    'Unsubscribe',
    company,
    `<p>Choose which emails from ${escapeHtml(company)} to stop. Text messages and the tracking page are not affected.</p>${packageButton}<form method="post" action="${action('all')}"><button type="submit" class="${trackingNumber ? 'secondary' : ''}">Stop all emails to this address</button></form>`,
  );
}

export function unsubscribeDonePage(company: string, trackingNumber: string | null, scope: 'package' | 'all'): string {
  const what = scope === 'package' && trackingNumber ? `about package ${escapeHtml(trackingNumber)}` : 'to this address';
  return page('You are unsubscribed', company, `<p>You will get no more emails from ${escapeHtml(company)} ${what}.</p>`);
}

export function unsubscribeInvalidPage(company: string): string {
  return page('Link not valid', company, '<p>This unsubscribe link is not valid. Please use the link in the most recent email.</p>');
}
