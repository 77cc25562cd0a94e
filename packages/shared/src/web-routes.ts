/**
 * The web app's routes (design.md §3), written once: the client router serves these screens, and the server answers
 * any other page with HTTP 404 (and the app's '404 Page Not Found' screen) instead of a 200.
 * `:name?` is an optional segment, `:name` a required one.
 */
export const WEB_ROUTES = [
  '/',
  '/schedule-pickup',
  '/driver',
  '/driver-gps',
  '/driver-portal',
  '/driver-dashboard',
  '/driver-track/:trackingId?',
  '/track-live/:trackingId?',
  '/track-realtime/:trackingId',
  '/help-center',
  '/help-center/contact',
  '/help-center/shipping-guide',
  '/help-center/claims',
  '/test-nav',
  '/admin',
] as const;

/**
 * The public pages whose HTML the server renders (decision 042): a visitor sees the page before its script has run.
 * The driver pages and the admin panel are not among them: they depend on a sign-in kept in the browser.
 */
export const PRERENDERED_ROUTES = [
  '/',
  '/schedule-pickup',
  '/track-live/:trackingId?',
  '/track-realtime/:trackingId',
  '/help-center',
  '/help-center/contact',
  '/help-center/shipping-guide',
  '/help-center/claims',
] as const satisfies readonly (typeof WEB_ROUTES)[number][];

const matcherOf = (route: string) =>
  new RegExp(
    `^${route
      .replace(/\/:\w+\?/g, '(?:/[^/]+)?')
      .replace(/\/:\w+/g, '/[^/]+')
      .replace(/\/$/, '')}/?$`,
  );

const MATCHERS = WEB_ROUTES.map(matcherOf);
const PRERENDERED_MATCHERS = PRERENDERED_ROUTES.map(matcherOf);

/** Whether a path (without its query) is one of the web app's screens. */
export function isWebRoute(path: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(path));
}

/** Whether a path (without its query) is a page the server renders. */
export function isPrerenderedRoute(path: string): boolean {
  return PRERENDERED_MATCHERS.some((matcher) => matcher.test(path));
}
