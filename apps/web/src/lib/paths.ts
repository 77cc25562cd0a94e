/** Every address of the web app (design.md §3), so links and the router agree. */
export const paths = {
  home: '/',
  schedulePickup: '/schedule-pickup',
  driver: '/driver',
  driverGps: '/driver-gps',
  driverPortal: '/driver-portal',
  driverDashboard: '/driver-dashboard',
  driverTrack: (trackingId: string) => `/driver-track/${encodeURIComponent(trackingId)}`,
  trackLive: (trackingId: string) => `/track-live/${encodeURIComponent(trackingId)}`,
  trackRealtime: (trackingId: string) => `/track-realtime/${encodeURIComponent(trackingId)}`,
  helpCenter: '/help-center',
  helpCenterContact: '/help-center/contact',
  helpCenterShippingGuide: '/help-center/shipping-guide',
  helpCenterClaims: '/help-center/claims',
  testNav: '/test-nav',
  admin: '/admin',
} as const;
