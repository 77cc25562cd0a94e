import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell } from './app-shell.tsx';

// Each page is its own chunk, so the home page never downloads driver or admin code.
const HomeRoute = lazy(() => import('./routes/home.tsx'));
const SchedulePickupRoute = lazy(() => import('./routes/schedule-pickup.tsx'));
const DriverRoute = lazy(() => import('./routes/driver.tsx'));
const DriverGpsRoute = lazy(() => import('./routes/driver-gps.tsx'));
const DriverPortalRoute = lazy(() => import('./routes/driver-portal.tsx'));
const DriverDashboardRoute = lazy(() => import('./routes/driver-dashboard.tsx'));
const DriverTrackRoute = lazy(() => import('./routes/driver-track.tsx'));
const TrackLiveRoute = lazy(() => import('./routes/track-live.tsx'));
const TrackRealtimeRoute = lazy(() => import('./routes/track-realtime.tsx'));
const HelpCenterRoute = lazy(() => import('./routes/help-center.tsx'));
const HelpCenterContactRoute = lazy(() => import('./routes/help-center-contact.tsx'));
const HelpCenterShippingGuideRoute = lazy(() => import('./routes/help-center-shipping-guide.tsx'));
const HelpCenterClaimsRoute = lazy(() => import('./routes/help-center-claims.tsx'));
const TestNavRoute = lazy(() => import('./routes/test-nav.tsx'));
const AdminRoute = lazy(() => import('./routes/admin.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

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
    </BrowserRouter>
  );
}
