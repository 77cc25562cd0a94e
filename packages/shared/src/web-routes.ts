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

const MATCHERS = WEB_ROUTES.map(
  (route) =>
    new RegExp(
      `^${route
        .replace(/\/:\w+\?/g, '(?:/[^/]+)?')
        .replace(/\/:\w+/g, '/[^/]+')
        .replace(/\/$/, '')}/?$`,
    ),
);

/** Whether a path (without its query) is one of the web app's screens. */
export function isWebRoute(path: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(path));
}
