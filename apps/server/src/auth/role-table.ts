import type { ApiKeyScope } from '@cargo/shared';

/**
 * The one role table (design.md §4). Every route the server registers must have an entry here: the auth plugin
 * refuses to start otherwise, and the role-matrix test walks the server's own routes against it.
 *
 * - public: anyone.
 * - session: any signed-in admin or driver.
 * - admin: a signed-in admin; with `scope`, also an API key that has that scope (issue 19).
 * - driver-self: a signed-in driver acting on itself (no admin identity to act as).
 * - driver: a signed-in driver who owns the object named by `owns`, or an admin.
 */
export type Ownership =
  /** params.id is the driver's own id */
  | 'driver-id'
  /** params.phone is the driver's own phone */
  | 'driver-phone'
  /** params.id names a package (id or tracking number) assigned to the driver */
  | 'package'
  /** as 'package', or a driver share-link token for that package */
  | 'package-or-token'
  /** body.trackingId names a package assigned to the driver, or a driver share-link token for it */
  | 'package-in-body'
  /** body.packageId names a package assigned to the driver */
  | 'package-id-in-body'
  /** params.token is a share link of a package assigned to the driver */
  | 'share-link';

export type Access =
  | { role: 'public' }
  | { role: 'session' }
  | { role: 'admin'; scope?: ApiKeyScope }
  | { role: 'driver-self' }
  | { role: 'driver'; owns: Ownership; scope?: ApiKeyScope };

const PUBLIC: Access = { role: 'public' };
const ADMIN: Access = { role: 'admin' };
/** An admin, or an API key with this scope. */
const adminOrKey = (scope: ApiKeyScope): Access => ({ role: 'admin', scope });
const driver = (owns: Ownership): Access => ({ role: 'driver', owns });
/** The assigned driver, an admin, or an API key with this scope (a shop's online payment, issue 32). */
const driverOrKey = (owns: Ownership, scope: ApiKeyScope): Access => ({ role: 'driver', owns, scope });

export const ROLE_TABLE: Readonly<Record<string, Access>> = {
  // Sessions
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/logout': { role: 'session' },
  'GET /api/auth/me': ADMIN,
  'POST /api/drivers/session': PUBLIC,
  'POST /api/drivers/register': PUBLIC,

  // Public tracking
  'GET /api/packages/:id': PUBLIC,
  'GET /api/packages/:id/history': PUBLIC,
  'GET /api/packages/:id/locations': PUBLIC,
  'GET /api/tracking/live/:id': PUBLIC,
  'GET /api/tracking/packages': PUBLIC,
  'GET /api/current-location': PUBLIC,
  'GET /api/stats/daily': PUBLIC,
  'GET /api/config/map': PUBLIC,
  'GET /api/config/site': PUBLIC,
  'POST /api/schedule-pickup': PUBLIC,
  // Devices authenticate by their identifier, checked by the handler.
  'GET /api/osmand': PUBLIC,
  'POST /api/osmand': PUBLIC,
  'GET /api/osmand/': PUBLIC,
  'POST /api/osmand/': PUBLIC,
  // The driver share-link token in the path is the credential; answers the package's public view.
  'GET /api/share-links/:token': PUBLIC,
  // Customer actions (issue 33): the customer link's token is the authority, checked in policies/customer-link.ts.
  'GET /api/customer-links/:token': PUBLIC,
  'PUT /api/customer-links/:token/instructions': PUBLIC,
  'POST /api/customer-links/:token/reschedule': PUBLIC,
  'PUT /api/customer-links/:token/feedback': PUBLIC,
  'GET /ws': PUBLIC,
  // Proof of delivery (issue 18): the outcome in words by tracking number; the full proof by the customer's share
  // token or for an admin or the assigned driver (the route resolves the caller, policies/proof-view.ts).
  'GET /api/delivery-proof/:id': PUBLIC,
  // The signed, expiring link is the credential (design.md §10).
  'GET /api/proof-files/:id': PUBLIC,
  'GET /api/health': PUBLIC,
  // One-click unsubscribe (RFC 8058): the signed token in the email's link is the authority.
  'POST /api/notifications/unsubscribe': PUBLIC,
  'GET /unsubscribe': PUBLIC,
  'POST /unsubscribe': PUBLIC,
  'GET /api/ready': PUBLIC,

  // Drivers: own data and assigned packages only (an admin may do the same)
  'GET /api/drivers/me': { role: 'driver-self' },
  'POST /api/drivers/me/devices': { role: 'driver-self' },
  'POST /api/drivers/:id/fixes': driver('driver-id'),
  'GET /api/drivers/phone/:phone': driver('driver-phone'),
  'GET /api/drivers/:id/packages': driver('driver-id'),
  'GET /api/drivers/:id/customer-instructions': driver('driver-id'),
  'GET /api/drivers/:id/stops': driver('driver-id'),
  'POST /api/drivers/:id/location': driver('driver-id'),
  'PATCH /api/packages/:id/status': driver('package'),
  'POST /api/packages/:id/location': driver('package'),
  'POST /api/packages/:id/gps': driver('package-or-token'),
  'POST /api/tracking/live/:id/update': driver('package-or-token'),
  'POST /api/tracking/web-location': driver('package-in-body'),
  'POST /api/share-links': driver('package-id-in-body'),
  'DELETE /api/share-links/:token': driver('share-link'),
  'POST /api/packages/:id/outcomes': driver('package'),
  'GET /api/delivery-requirements': { role: 'session' },
  // Payments (issue 32, design.md §12): the ledger for the assigned driver; a payment by that driver (positive, at
  // most ten times the balance: the service checks), an admin, or a key with payments:write.
  'GET /api/packages/:id/payments': driver('package'),
  'POST /api/packages/:id/payments': driverOrKey('package', 'payments:write'),
  'GET /api/drivers/me/cash': { role: 'driver-self' },

  // Admin
  'GET /api/packages': adminOrKey('packages:read'),
  'POST /api/packages': adminOrKey('packages:write'),
  'PUT /api/packages/:id': adminOrKey('packages:write'),
  'DELETE /api/packages/:id': ADMIN,
  'POST /api/packages/:id/status': adminOrKey('packages:write'),
  'POST /api/packages/:id/location-link': ADMIN,
  'GET /api/packages/:id/share-links': ADMIN,
  'GET /api/share-links': ADMIN,
  'POST /api/share-links/:id/revoke': ADMIN,
  'POST /api/packages/:id/customer-link': ADMIN,
  'POST /api/packages/:id/customer-link/send': ADMIN,
  'GET /api/packages/:id/customer-actions': ADMIN,
  'GET /api/drivers/:id/feedback': ADMIN,
  'GET /api/customer-actions/settings': ADMIN,
  'PUT /api/customer-actions/settings': ADMIN,
  'GET /api/customer-actions/to-replan': ADMIN,
  'POST /api/packages/batch-delete': ADMIN,
  'POST /api/packages/clear-old': ADMIN,
  'GET /api/database/stats': ADMIN,
  'GET /api/database/retention': ADMIN,
  'POST /api/database/retention/run': ADMIN,
  'GET /api/drivers': ADMIN,
  'POST /api/drivers': ADMIN,
  'PUT /api/drivers/:id': ADMIN,
  'POST /api/drivers/:id/pin': ADMIN,
  'GET /api/drivers/:id/route': ADMIN,
  'POST /api/drivers/:id/location-from-link': ADMIN,
  'POST /api/parse-maps-link': ADMIN,
  'POST /api/current-location': ADMIN,
  'GET /api/pickup-requests': ADMIN,
  'PATCH /api/pickup-requests/:id/status': ADMIN,
  'POST /api/tracking/sms-setup': ADMIN,
  'POST /api/tracking/real-location/save': ADMIN,
  'GET /api/tracking/real-location': ADMIN,
  'GET /api/notifications/templates': ADMIN,
  'PUT /api/notifications/templates/:eventType/:channel/:audience': ADMIN,
  'DELETE /api/notifications/templates/:eventType/:channel/:audience': ADMIN,
  'POST /api/notifications/preview': ADMIN,
  'GET /api/notifications/settings': ADMIN,
  'PUT /api/notifications/settings': ADMIN,
  'GET /api/notifications/messages': ADMIN,
  'POST /api/notifications/messages/:id/resend': ADMIN,
  'POST /api/api-keys': ADMIN,
  'GET /api/api-keys': ADMIN,
  'POST /api/api-keys/:id/revoke': ADMIN,
  // Webhooks (issue 19): an admin, or a key with webhooks:manage for the endpoints it registered (the service checks).
  'POST /api/webhooks/endpoints': adminOrKey('webhooks:manage'),
  'GET /api/webhooks/endpoints': adminOrKey('webhooks:manage'),
  'GET /api/webhooks/endpoints/:id': adminOrKey('webhooks:manage'),
  'PATCH /api/webhooks/endpoints/:id': adminOrKey('webhooks:manage'),
  'DELETE /api/webhooks/endpoints/:id': adminOrKey('webhooks:manage'),
  'POST /api/webhooks/endpoints/:id/rotate-secret': adminOrKey('webhooks:manage'),
  'POST /api/webhooks/endpoints/:id/test': adminOrKey('webhooks:manage'),
  'GET /api/webhooks/endpoints/:id/messages': adminOrKey('webhooks:manage'),
  'POST /api/webhooks/endpoints/:id/replay': adminOrKey('webhooks:manage'),
  'POST /api/webhooks/messages/:id/replay': adminOrKey('webhooks:manage'),
  'GET /api/devices': ADMIN,
  'POST /api/devices': ADMIN,
  'DELETE /api/devices/:id': ADMIN,
  'PUT /api/delivery-requirements': ADMIN,
  'GET /api/delivery-attempts': ADMIN,
  'GET /api/packages/:id/proof-receipt': ADMIN,
  // Reopening a closed delivery (issue 31): dispatch only, with a reason; a driver's change to it is a 409.
  'POST /api/packages/:id/reopen': ADMIN,
  // CSV exports of the panel's lists (issue 20)
  'GET /api/exports/packages': ADMIN,
  'GET /api/exports/drivers': ADMIN,
  'GET /api/exports/pickup-requests': ADMIN,
  // A driver's stop order (issue 20): proposed and accepted by dispatch; the driver reads their own stops.
  'POST /api/drivers/:id/route/optimise': ADMIN,
  'PUT /api/drivers/:id/route/order': ADMIN,

  // Day planning (issue 34): shifts, by an admin or an integration that writes packages
  'GET /api/planning/:date/shifts': adminOrKey('packages:read'),
  'PUT /api/planning/:date/shifts': adminOrKey('packages:write'),
  'POST /api/planning/:date/shifts/copy-previous': adminOrKey('packages:write'),
  'POST /api/planning/:date/plan': ADMIN,
  'POST /api/planning/:date/check': ADMIN,
  'GET /api/planning/service-times': ADMIN,
  'PUT /api/planning/service-times': ADMIN,
  'POST /api/planning/:date/commit': ADMIN,
  'POST /api/planning/:date/insert': ADMIN,
  'GET /api/planning/:date/unrouted': ADMIN,
  // The live fleet map (issue 20); its /ws subscription checks the admin session itself (realtime/hub.ts).
  'GET /api/fleet': ADMIN,
  // CSV import of packages (issue 20, decision 066).
  'POST /api/package-imports': ADMIN,
  'GET /api/package-imports/template': ADMIN,
  'GET /api/package-imports/mappings': ADMIN,
  'POST /api/package-imports/mappings': ADMIN,
  'DELETE /api/package-imports/mappings/:id': ADMIN,
  'GET /api/package-imports/:id': ADMIN,
  'GET /api/package-imports/:id/report': ADMIN,

  // Payments (issue 32): refunds, corrections and releases by an admin only; the day's cash per driver.
  'POST /api/packages/:id/payments/adjustments': ADMIN,
  'POST /api/packages/:id/payments/release': ADMIN,
  'GET /api/collections': ADMIN,
  'POST /api/collections/handovers': ADMIN,
  'GET /api/exports/collections': ADMIN,
  // The performance figures (issue 35): dispatch only.
  'GET /api/figures': ADMIN,
  'GET /api/figures/csv': ADMIN,
  'GET /api/figures/drivers/:id/day/:date': ADMIN,
  'GET /api/figures/weekly-summary': ADMIN,
  'PUT /api/figures/weekly-summary': ADMIN,
  // A booking becomes a package (issue 32): an admin, or a key that may create packages.
  'POST /api/pickup-requests/:id/package': adminOrKey('packages:write'),
  'GET /api/pickup-requests/:id': ADMIN,

  // The audit log (issue 20, decision 070): an admin session only, never an API key.
  'GET /api/audit': ADMIN,
};

/** Routes outside /api that serve the web app, its files and the API documentation: public by nature. */
export const PUBLIC_PREFIXES = ['/api/docs'] as const;

export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The access rule for a registered route, or undefined when the table does not name it. */
export function accessFor(method: string, url: string): Access | undefined {
  const entry = ROLE_TABLE[routeKey(method, url)];
  if (entry) return entry;
  if (PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))) return PUBLIC;
  // The web app's files and its client-side routes (served by @fastify/static and the not-found handler).
  if (!url.startsWith('/api') && method !== 'POST' && method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE') return PUBLIC;
  return undefined;
}
