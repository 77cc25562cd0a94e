import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { lazyRoute, type LazyRoute } from './lazy-route.tsx';

// Each page is its own chunk, so the home page never downloads driver or admin code.
const HomeRoute = lazyRoute(() => import('./routes/home.tsx'));
const SchedulePickupRoute = lazyRoute(() => import('./routes/schedule-pickup.tsx'));
const DriverRoute = lazyRoute(() => import('./routes/driver.tsx'));
const DriverGpsRoute = lazyRoute(() => import('./routes/driver-gps.tsx'));
const DriverPortalRoute = lazyRoute(() => import('./routes/driver-portal.tsx'));
const DriverDashboardRoute = lazyRoute(() => import('./routes/driver-dashboard.tsx'));
const DriverTrackRoute = lazyRoute(() => import('./routes/driver-track.tsx'));
const TrackLiveRoute = lazyRoute(() => import('./routes/track-live.tsx'));
const TrackRealtimeRoute = lazyRoute(() => import('./routes/track-realtime.tsx'));
const HelpCenterRoute = lazyRoute(() => import('./routes/help-center.tsx'));
const HelpCenterContactRoute = lazyRoute(() => import('./routes/help-center-contact.tsx'));
const HelpCenterShippingGuideRoute = lazyRoute(() => import('./routes/help-center-shipping-guide.tsx'));
const HelpCenterClaimsRoute = lazyRoute(() => import('./routes/help-center-claims.tsx'));
const TestNavRoute = lazy(() => import('./routes/test-nav.tsx'));
const AdminRoute = lazyRoute(() => import('./routes/admin.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

/**
 * The screens whose code main.tsx loads before the first render when the page is opened at their address (the public
 * pages, the admin panel and the driver screens; the same addresses page-assets-plugin.ts preloads), so the first paint
 * is the page itself.
 */
const PRELOADED: [(pathname: string) => boolean, LazyRoute][] = [
  [(p) => p === '/', HomeRoute],
  [(p) => /^\/schedule-pickup\/?$/.test(p), SchedulePickupRoute],
  [(p) => /^\/track-realtime\/[^/]+\/?$/.test(p), TrackRealtimeRoute],
  [(p) => /^\/track-live(\/[^/]+)?\/?$/.test(p), TrackLiveRoute],
  [(p) => /^\/help-center\/?$/.test(p), HelpCenterRoute],
  [(p) => /^\/help-center\/contact\/?$/.test(p), HelpCenterContactRoute],
  [(p) => /^\/help-center\/shipping-guide\/?$/.test(p), HelpCenterShippingGuideRoute],
  [(p) => /^\/help-center\/claims\/?$/.test(p), HelpCenterClaimsRoute],
  [(p) => /^\/admin\/?$/.test(p), AdminRoute],
  [(p) => /^\/driver\/?$/.test(p), DriverRoute],
  [(p) => /^\/driver-gps\/?$/.test(p), DriverGpsRoute],
  [(p) => /^\/driver-portal\/?$/.test(p), DriverPortalRoute],
  [(p) => /^\/driver-dashboard\/?$/.test(p), DriverDashboardRoute],
  [(p) => /^\/driver-track(\/[^/]+)?\/?$/.test(p), DriverTrackRoute],
];

/** Loads the screen of `pathname`, if it is one of those above; never rejects (the router then loads it as usual). */
export function preloadRoute(pathname: string): Promise<void> {
  const route = PRELOADED.find(([matches]) => matches(pathname))?.[1];
  return route ? route.preload().catch(() => undefined) : Promise.resolve();
}

/**
 * The route table of design.md §3 / spec §2.
 *
 * Declarative mode (BrowserRouter) rather than a data router: data loading belongs to TanStack
 * Query, and the data router would add ~18 KB gzip to every first load (home budget: 170 KB).
 *
 * The live pages take an optional id so that a link without one shows their
 * 'Invalid Tracking Link' card rather than the 404 page (spec §2).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The routes themselves, under whichever router: the browser's, or the server's static one (entry-server.tsx). */
export function AppRoutes() {
  return (
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<HomeRoute />} />
          <Route path="schedule-pickup" element={<SchedulePickupRoute />} />
          <Route path="driver" element={<DriverRoute />} />
          <Route path="driver-gps" element={<DriverGpsRoute />} />
          <Route path="driver-portal" element={<DriverPortalRoute />} />
          <Route path="driver-dashboard" element={<DriverDashboardRoute />} />
          <Route path="driver-track/:trackingId?" element={<DriverTrackRoute />} />
          <Route path="track-live/:trackingId?" element={<TrackLiveRoute />} />
          <Route path="track-realtime/:trackingId" element={<TrackRealtimeRoute />} />
          <Route path="help-center" element={<HelpCenterRoute />} />
          <Route path="help-center/contact" element={<HelpCenterContactRoute />} />
          <Route path="help-center/shipping-guide" element={<HelpCenterShippingGuideRoute />} />
          <Route path="help-center/claims" element={<HelpCenterClaimsRoute />} />
          <Route path="test-nav" element={<TestNavRoute />} />
          <Route path="admin" element={<AdminRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
  );
}
