/** Texts of the public tracking page (spec §2 'Public tracking page', §8), written once. */

export const SEARCH_TEXTS = {
  title: 'Track Your Package',
  intro: 'Enter your tracking number to see where your package is, its delivery window and its live position.',
  inputLabel: 'Tracking number',
  placeholder: 'Enter tracking number (e.g., OT240000000)',
  submit: 'Track Package',
  submitting: 'Tracking...',
  notFound: 'Package not found. Please check your tracking number and try again.',
  tooManyRequests: 'Too many tracking requests. Please wait a minute and try again.',
  failed: 'Tracking information could not be loaded. Please try again.',
  reconnecting: 'Reconnecting… The package will load as soon as the connection is back.',
  reconnectingShown: 'Reconnecting… This package will be brought up to date as soon as the connection is back.',
  loadingPackage: 'Loading package details…',
  found: (trackingNumber: string) => `Package ${trackingNumber} found.`,
} as const;

export const SUMMARY_TEXTS = {
  trackingNumber: 'Tracking Number',
  status: 'Status',
  currentLocation: 'Current Location',
  estimatedDelivery: 'Estimated Delivery Window',
  deliveryAddress: 'Delivery Address',
  // Shown only where it is true: an SMS gateway is configured (issue 17, the advance notice of services/notifications).
  notice:
    'If your package is set out for delivery before its delivery window, a text message is sent to the phone number registered with this package as soon as it is.',
  refresh: 'Refresh',
  refreshing: 'Refreshing...',
  refreshLabel: 'Refresh package, history and locations',
  notScheduled: 'Not scheduled yet',
} as const;

export const DETAILS_TEXTS = {
  title: 'Package Details',
  customerName: 'Customer Name',
  contactPhone: 'Contact Phone',
  weight: 'Weight',
  dimensions: 'Dimensions',
  serviceType: 'Service Type',
  itemDescription: 'Item Description',
  driver: 'Driver',
  driverPhone: 'Driver Phone',
  notGiven: '—',
} as const;

export const PROGRESS_TEXTS = {
  title: 'Delivery Progress',
  start: 'Picked up',
  end: 'Delivered',
  complete: (percent: number) => `${percent}% complete`,
  barLabel: 'Delivery progress',
} as const;

export const TIMELINE_TEXTS = {
  title: 'Delivery Timeline',
  empty: 'No tracking events yet.',
  loading: 'Loading timeline…',
  failed: 'The timeline could not be loaded.',
} as const;

export const MAP_TEXTS = {
  title: 'Live Package Tracking',
  intro: 'Pickup, current and delivery locations of your package.',
  regionLabel: 'Map of the package route',
  loading: 'Loading map…',
  failed: 'Failed to load map',
  configFailed: 'Failed to load map configuration',
  noPoints: 'No location is known for this package yet.',
  pickup: 'Pickup location',
  current: 'Current location',
  delivery: 'Delivery location',
  zip: 'ZIP',
  legend: 'Map legend',
  stale: 'Last known position: not updated for over 2 minutes',
} as const;

export const GPS_TEXTS = {
  title: 'Live GPS Tracking',
  active: 'Real-Time GPS Active',
  lost: 'GPS Connection Lost',
  lastUpdate: 'Last update',
  never: 'No GPS update yet',
  signal: 'Signal',
  signalLabel: (bars: number | null) => (bars == null ? 'GPS signal unknown' : `GPS signal ${bars} of 4 bars`),
  battery: 'Battery',
  batteryUnknown: '—',
  live: 'Live',
  offline: 'Offline',
  vehicleStatus: 'Live Vehicle Status',
  speed: 'Current Speed',
  accuracy: 'GPS Accuracy',
  localTime: 'Local Time',
  heading: 'Heading',
  notAvailable: 'N/A',
  unknown: '—',
  driverVehicle: 'Driver & Vehicle Info',
  driverName: 'Driver',
  vehicleId: 'Vehicle ID',
  callDriver: 'Call Driver',
  locationDetails: 'Current Location Details',
  address: 'Address',
  latitude: 'Latitude',
  longitude: 'Longitude',
  timeZone: 'Time Zone',
  unavailable: 'GPS tracking is currently unavailable.',
  lastKnown: (time: string) => `Last known location update: ${time}.`,
  poorCoverage: 'The vehicle may be in an area with poor GPS coverage. The position will update as soon as the signal returns.',
  notActivated: 'Live tracking has not been activated for this package yet.',
  settings: 'Tracking Settings',
  autoRefresh: 'Auto-refresh',
  interval: 'Update interval',
  refreshNow: 'Refresh Now',
  loading: 'Loading live tracking…',
  failed: 'Live tracking data could not be loaded.',
} as const;

/** The interval selector's options (spec §9: 5 s, 15 s, 30 s, 1 min). */
export const INTERVAL_LABELS: Record<number, string> = {
  5_000: '5 seconds',
  15_000: '15 seconds',
  30_000: '30 seconds',
  60_000: '1 minute',
};

/** The text line beside every map (issue 8): the map's facts in words. */
export const LIVE_FACT_TEXTS = {
  label: 'Live status',
  delivered: 'Delivered: no live position is shown after delivery',
  noPosition: 'No live position yet',
  unknownAge: 'at an unknown time',
  positionFresh: (age: string, accuracy: string | null) => `position updated ${age}${accuracy ? `, accurate to ${accuracy}` : ''}`,
  positionStale: (age: string) => `position is stale: last updated ${age}`,
  distance: (distance: string) => `${distance} from the delivery address in a straight line`,
  eta: (eta: string, basis: string) => `estimated arrival in ${eta} (${basis})`,
  etaBasisRecent: (distance: string, speed: string) => `${distance} straight-line × 1.3 for roads, at the driver's recent average speed of ${speed}`,
  etaBasisAssumed: (distance: string, speed: string) => `${distance} straight-line × 1.3 for roads, at an assumed ${speed}: no recent speed was reported`,
  etaHiddenStale: 'no arrival estimate while the position is not recent',
  etaNoDestination: 'no arrival estimate: the delivery address has no map position',
} as const;

/** The live connection banner of the customer pages (spec §2, §4 'Customer live page'). */
export const CONNECTION_TEXTS = {
  connecting: 'Connecting to live updates…',
  live: 'Live updates on: the map moves as the driver reports positions.',
  offline: 'Not connected to live updates. Reconnecting… (the page still refreshes every 30 seconds)',
  idle: 'Live updates are off.',
} as const;

/** The customer real-time page (spec §2 'Customer real-time tracking page', §8 'Customer pages'). */
export const REALTIME_TEXTS = {
  title: 'Real-Time Tracking',
  loading: 'Loading package…',
  notFoundTitle: 'Package Not Found',
  notFound: (id: string) => `No package found with tracking number: ${id}`,
  goHome: 'Go Home',
  unavailableTitle: 'Tracking Not Available',
  unavailable: (id: string) => `Unable to load tracking data for package ${id}.`,
  tryAgain: 'Try Again',
  reconnecting: (id: string) => `Reconnecting… Tracking data for package ${id} will load as soon as the connection is back.`,
  detailsTitle: 'Package Details',
  trackingNumber: 'Tracking Number',
  status: 'Status',
  customer: 'Customer',
  deliveryAddress: 'Delivery Address',
  currentLocation: 'Current Location',
  locationUpdating: 'Location updating...',
  estimatedDelivery: 'Estimated Delivery',
  serviceType: 'Service Type',
  helpTitle: 'Need Help?',
  helpText: 'Questions about this delivery? Our team is here to help.',
  callSupport: 'Call Support',
  helpCenter: 'Visit Help Center',
  deliveredTitle: 'Package Delivered Successfully!',
  delivered: (address: string) => `Your package was delivered to ${address}.`,
  mapTitle: 'Live Map',
  mapIntro: 'Pickup, current and delivery locations. The current marker moves as the driver reports positions.',
  proximityEta: (eta: string) => `Estimated arrival in ${eta}.`,
} as const;

/** The customer live page (spec §2 '/track-live form (b)', §8 'Customer pages'). */
export const CUSTOMER_LIVE_TEXTS = {
  title: 'Live Tracking',
  loading: 'Loading live tracking…',
  invalidTitle: 'Invalid Tracking Link',
  invalid: 'The tracking link you used is not valid.',
  unavailableTitle: 'Tracking Not Available',
  unavailable: (id: string) => `Unable to load tracking data for package ${id}.`,
  tryAgain: 'Try Again',
  reconnecting: 'Reconnecting… Live tracking will load as soon as the connection is back.',
  goHome: 'Go Home',
  package: (trackingNumber: string) => `Package ${trackingNumber}`,
  driver: 'Driver',
  vehicleId: 'Vehicle ID',
  customer: 'Customer',
  destination: 'Destination',
  estimatedArrival: 'Estimated Arrival',
  noEstimate: 'Not available',
  // The one-hour arrival window on the day (decision 111): what the customer can plan around.
  arrivalWindow: 'Arrival window',
  arrivalWindowToday: (label: string) => `Today, ${label}`,
  arrivingIn: (minutes: number, label: string) => `Arriving in about ${minutes} minutes (window: ${label})`,
  arrivalWindowNote: 'This window never moves earlier. If the driver is running more than a quarter of an hour late, it moves later and we tell you.',
  live: 'Live',
  unavailableBadge: 'Unavailable',
  callDriver: 'Call Driver',
  refresh: 'Refresh',
  refreshing: 'Refreshing...',
  notStarted: 'Driver has not started location sharing yet.',
  unknown: '—',
  refreshNote: 'Refreshed every 30 seconds, with live updates in between.',
  addressTitle: 'Delivery address',
} as const;

/** The delivery outcome card of the customer pages (issue 18). */
export const PROOF_TEXTS = {
  deliveredTitle: 'Delivered',
  attemptedTitle: 'Delivery attempted',
  at: 'Time',
  leftAt: 'Left at',
  receivedBy: 'Received by',
  reason: 'Reason',
  note: 'Note',
  photo: 'Photo of the delivery',
  signature: "Recipient's signature",
  openPhoto: 'Open the full photo',
  earlierAttempts: 'Earlier attempts',
  attemptedNext: 'The package is back with dispatch, who will arrange the next delivery.',
} as const;

/** The balance on the customer's own link (issue 32, item 5). */
export const PAYMENT_DUE_TEXTS = {
  title: 'Payment',
  amountDue: 'Amount due',
  paid: 'Paid',
  balance: 'Balance',
  haveReady: (amount: string) => `Please have ${amount} ready on delivery.`,
  settled: 'Nothing more is owed.',
  released: 'Dispatch has released this package: nothing is collected on delivery.',
} as const;
