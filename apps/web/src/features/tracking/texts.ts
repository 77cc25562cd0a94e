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
  loadingPackage: 'Loading package details…',
  found: (trackingNumber: string) => `Package ${trackingNumber} found.`,
} as const;

export const SUMMARY_TEXTS = {
  trackingNumber: 'Tracking Number',
  status: 'Status',
  currentLocation: 'Current Location',
  estimatedDelivery: 'Estimated Delivery Window',
  deliveryAddress: 'Delivery Address',
  notice:
    'If the driver arrives in your area before the delivery window, a twenty-four-hour advance notification will be sent to the phone number registered with this package.',
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
