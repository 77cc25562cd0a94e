/** Texts of the Recent Packages section (spec §2), written once. */
export const RECENT_TEXTS = {
  title: 'Recent Packages',
  intro: 'Packages tracked on this device, newest first.',
  introAdmin: 'Packages tracked on this device, then the newest packages in the system.',
  viewAll: 'View All',
  trackingNumber: 'Tracking Number',
  status: 'Status',
  destination: 'Destination',
  estDelivery: 'Est. Delivery',
  actions: 'Actions',
  track: 'Track',
  trackLabel: (trackingNumber: string) => `Track ${trackingNumber}`,
  empty: 'No recent packages yet. Packages you track on this device will appear here.',
  notFound: 'Not found',
  unknown: '—',
  loading: 'Loading recent packages…',
  tableLabel: 'Recent packages table',
} as const;
