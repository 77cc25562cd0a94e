/** Texts of the stats block and the social promo card (spec §2), written once. */
export const STATS_TEXTS = {
  title: "Today's Progress",
  blockTitle: 'Delivery statistics',
  deliveriesCompleted: 'Deliveries Completed',
  packagesInTransit: 'Packages In Transit',
  customersServed: 'Customers Served',
  milesDelivered: 'Miles Delivered',
  unavailable: '—',
  unavailableNote: 'Figures are unavailable right now.',
  loading: 'Loading figures…',
} as const;

export const PROMO_TEXTS = {
  title: 'Follow Our Journey',
  intro: 'See our drivers on the road, behind-the-scenes stories and delivery news as it happens.',
  follow: 'Visit Our Social Profile',
  newTab: '(opens in a new tab)',
  notConfigured: 'Our social media profile is not available yet.',
  dailyStories: 'Daily Stories',
  dailyStoriesText: 'Behind the scenes with our crews',
  liveUpdates: 'Live Updates',
  liveUpdatesText: 'Delivery news as it happens',
} as const;
