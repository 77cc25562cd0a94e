import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table shapes in camelCase (CamelCasePlugin maps to snake_case columns).
 * Portable column types on both dialects (docs/decisions/003): ids are text UUIDs, times are ISO-8601 UTC text,
 * booleans are integers 0/1.
 */
export interface PackagesTable {
  id: string;
  trackingNumber: string;
  /** The sender's reference (a shop's order number; migration 014). */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  status: string;
  currentLocation: string;
  estimatedDelivery: string;
  deliveryAddress: string;
  pickupAddress: string;
  customerName: string;
  customerPhone: string;
  weight: string;
  dimensions: string;
  itemDescription: string | null;
  serviceType: string;
  driver: string | null;
  driverPhone: string | null;
  driverId: string | null;
  realLocationLink: string | null;
  pickupLat: number | null;
  pickupLng: number | null;
  deliveryLat: number | null;
  deliveryLng: number | null;
  /** Proximity alert state (design.md §6): the tightest alert fired, for hysteresis. */
  proximityState: string | null;
  /** The customer's email for notifications (issue 17); optional. */
  customerEmail: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sequence number of the package's newest event (events.sequence), bumped in the event's transaction. */
  eventSequence: Generated<number>;
  /** What dispatch set as owed, in minor units (migration 017, issue 32); the balance is the ledger's sum. */
  amountDue: ColumnType<number | null, number | null | undefined, number | null>;
  /** The pickup request this package was made from (issue 32). */
  pickupRequestId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface StatusHistoryTable {
  id: string;
  packageId: string;
  status: string;
  location: string;
  description: string;
  timestamp: string;
  createdAt: string;
}

export interface LocationsTable {
  id: string;
  packageId: string;
  lat: number;
  lng: number;
  type: string;
  address: string | null;
  driverName: string | null;
  driverPhone: string | null;
  vehicleId: string | null;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  altitude: number | null;
  battery: number | null;
  isLiveTracking: number;
  source: string;
  recordedAt: string;
  createdAt: string;
}

export interface DriversTable {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  vehicleId: string;
  pinHash: string | null;
  currentLat: number | null;
  currentLng: number | null;
  realLocationLink: string | null;
  lastLocationUpdate: string | null;
  isActive: number;
  isOnline: number;
  createdAt: string;
}

export interface AdminUsersTable {
  id: string;
  email: string;
  passwordHash: string;
  isActive: number;
  createdAt: string;
}

export interface SessionsTable {
  tokenHash: string;
  role: string;
  subjectId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface PickupRequestsTable {
  id: string;
  customerName: string;
  phone: string;
  email: string;
  originAddress: string;
  destinationAddress: string;
  itemDescription: string;
  specialInstructions: string | null;
  status: string;
  /** The sequence number of the request's newest event. */
  eventSequence: Generated<number>;
  /** The package made from this request (migration 017, issue 32). */
  packageId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
}

export interface SettingsTable {
  id: string;
  value: string;
  updatedAt: string;
}

export interface ShareLinksTable {
  id: string;
  tokenHash: string;
  packageId: string;
  kind: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  /** The package's customer link keeps its token sealed (issue 33, decision 101); null for every other link. */
  sealedToken: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Customer actions (issue 33): one row per package. */
export interface PackageInstructionsTable {
  packageId: string;
  instructions: string;
  safePlace: string | null;
  neighbourName: string | null;
  signatureWaived: number;
  accessCode: string | null;
  updatedAt: string;
}

export interface PackageReschedulesTable {
  id: string;
  packageId: string;
  day: string;
  windowStart: string | null;
  windowEnd: string | null;
  previousWindow: string;
  createdAt: string;
}

export interface DriverShiftsTable {
  id: string;
  driverId: string;
  date: string;
  startTime: string;
  endTime: string;
  startAddress: string;
  startLat: number | null;
  startLng: number | null;
  endAddress: string;
  endLat: number | null;
  endLng: number | null;
  capacityPackages: number;
  capacityWeightKg: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface PackageFeedbackTable {
  packageId: string;
  stars: number;
  comment: string;
  tags: string;
  driverId: string | null;
  createdAt: string;
  updatedAt: string;
}


export interface DevicesTable {
  id: string;
  driverId: string;
  name: string;
  identifierHash: string;
  lastSeenAt: string | null;
  lastBattery: number | null;
  createdAt: string;
}

/** A device point that moved no position: a heartbeat, a cell/wifi-only point, or a fix a filter refused. */
export interface DevicePointsTable {
  id: string;
  deviceId: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  battery: number | null;
  /** Why it moved nothing (a filter's message, 'heartbeat', 'no GPS fix'). */
  reason: string;
  /** Device time, or the server's when the device sent none. */
  recordedAt: string;
  createdAt: string;
}

export interface GeocodeCacheTable {
  query: string;
  lat: number | null;
  lng: number | null;
  displayName: string | null;
  createdAt: string;
}

/** The transactional outbox (decision 046): one row per change that matters. */
export interface EventsTable {
  id: string;
  /** 'package.out_for_delivery', 'pickup_request.created', … (design.md §9). */
  type: string;
  subjectType: 'package' | 'pickup_request';
  subjectId: string;
  /** 1, 2, 3 … per subject. */
  sequence: number;
  /** JSON: what a consumer needs of the change (statuses, the alert, the ETA). */
  data: string;
  occurredAt: string;
  /** When the notifications reader made its messages of it; null until then. */
  notifiedAt: string | null;
  /** When the webhooks reader made its messages of it (migration 008); null until then. */
  webhookedAt: string | null;
}

export interface NotificationMessagesTable {
  id: string;
  eventId: string;
  eventType: string;
  packageId: string | null;
  pickupRequestId: string | null;
  channel: 'email' | 'sms';
  audience: 'customer' | 'coordinator';
  /** An email address or a phone number, in full (to send); presenters mask it. */
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** The recipient's IANA zone (quiet hours), from the delivery coordinates. */
  timeZone: string | null;
  /** queued, sending, sent, failed, skipped. */
  status: string;
  /** Why it was skipped or held, or the last failure. */
  reason: string | null;
  providerResponse: string | null;
  attempts: number;
  nextAttemptAt: string;
  /** While a sender holds it: until when (a sender that died lets it go then). */
  leaseUntil: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export interface NotificationTemplatesTable {
  /** '{eventType}:{channel}:{audience}'. */
  id: string;
  enabled: number;
  subject: string | null;
  body: string;
  updatedAt: string;
}

export interface NotificationUnsubscribesTable {
  id: string;
  email: string;
  packageId: string | null;
  createdAt: string;
}

/** An API key (issue 19): the key itself is never stored, only its SHA-256. */
export interface ApiKeysTable {
  id: string;
  name: string;
  keyHash: string;
  prefix: string;
  /** Space-separated scopes. */
  scopes: string;
  /** 'admin:<id>'. */
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A reply kept for an Idempotency-Key: the same key and body within 24 hours gets it again. */
export interface IdempotencyKeysTable {
  id: string;
  requestHash: string;
  statusCode: number | null;
  reply: string | null;
  createdAt: string;
}

/** A stored photo or signature (decision 050): named by a random key, never by anything the client sent. */
export interface ProofFilesTable {
  id: string;
  packageId: string;
  kind: string;
  storageKey: string;
  thumbKey: string | null;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: string;
}

/** How a driver closed a stop (issue 18): delivered to a person, left without one, or attempted. */
export interface DeliveryOutcomesTable {
  id: string;
  packageId: string;
  clientId: string | null;
  kind: string;
  driverId: string | null;
  driverName: string | null;
  recipientName: string | null;
  leftAt: string | null;
  neighbourName: string | null;
  reason: string | null;
  note: string | null;
  photoId: string | null;
  signatureId: string | null;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  distanceM: number | null;
  deviceTime: string;
  createdAt: string;
  /** Dispatch reopened this delivery (migration 016, issue 31): when, who (the admin's email) and why. */
  reopenedAt: string | null;
  reopenedBy: string | null;
  reopenReason: string | null;
  /** When the driver arrived at the stop (migration 021): the trail's first fix near it, recorded with the outcome. */
  arrivedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One local day's summable figures for one driver and service type (migration 021, decision 108). */
export interface FigureDaysTable {
  day: string;
  driverId: string;
  serviceKey: string;
  delivered: number;
  onTime: number;
  firstAttempt: number;
  proofComplete: number;
  attempts: number;
  ratings: number;
  ratingStars: number;
  rating1: number;
  rating2: number;
  rating3: number;
  rating4: number;
  rating5: number;
  messagesSent: number;
  messagesFailed: number;
  webhooksDelivered: number;
  webhooksFailed: number;
  stops: number;
  timedStops: number;
  stopSeconds: number;
  moneyDue: number;
  moneyCollected: number;
  exceptions: number;
  returns: number;
  released: number;
  stillOwed: number;
  attemptsByReason: string;
  collectedByMethod: string;
  firstStopAt: string | null;
  lastStopAt: string | null;
}

export interface FigureDayStateTable {
  day: string;
  watermark: number;
  rules: string;
  computedAt: string;
}

/** Written by the database's triggers only (migration 021). */
export interface FigureChangesTable {
  id: Generated<number>;
  at: string | null;
  day: string | null;
  packageId: string | null;
}

/** A driver's accepted stop order (migration 006, issue 20): a package's place on its driver's route. */
/** The last arrival window sent per package (issue 33 part 4, migration 022, decision 111). */
export interface ArrivalWindowsTable {
  packageId: string;
  driverId: string | null;
  runStartedAt: string;
  windowStart: string | null;
  windowEnd: string | null;
  moves: number;
  etaAt: string | null;
  etaComputedAt: string | null;
  updatedAt: string;
}

export interface RouteStopsTable {
  packageId: string;
  driverId: string;
  position: number;
  acceptedAt: string;
}

/** A webhook endpoint (issue 19, migration 008). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  /** Space-separated event types; '*' is every type. */
  eventTypes: string;
  /** The signing secret, encrypted (lib/secret-box.ts). */
  secretEnc: string;
  previousSecretEnc: string | null;
  previousSecretUntil: string | null;
  enabled: number;
  disabledReason: string | null;
  failingSince: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One event for one endpoint: its body and state (the sender's queue). */
export interface WebhookMessagesTable {
  id: string;
  endpointId: string;
  eventId: string | null;
  eventType: string;
  packageId: string | null;
  sequence: number | null;
  payload: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

/** One try of a webhook message. */
export interface WebhookAttemptsTable {
  id: string;
  messageId: string;
  endpointId: string;
  attemptedAt: string;
  statusCode: number | null;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
  nextRetryAt: string | null;
}

/** One entry of the audit log (migration 010, decision 070): before and after are JSON text of the changed fields. */
export interface AuditLogTable {
  id: string;
  at: string;
  actorType: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  objectType: string;
  objectId: string | null;
  objectLabel: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
}

export interface Database {
  packages: PackagesTable;
  statusHistory: StatusHistoryTable;
  locations: LocationsTable;
  /** GPS fixes not yet moved to `locations` (SQLite; decision 041). */
  locationsRecent: LocationsTable;
  /** A view: `locations` and `locations_recent`. Every read of locations goes through it. */
  locationsAll: LocationsTable;
  drivers: DriversTable;
  adminUsers: AdminUsersTable;
  sessions: SessionsTable;
  pickupRequests: PickupRequestsTable;
  settings: SettingsTable;
  shareLinks: ShareLinksTable;
  packageInstructions: PackageInstructionsTable;
  packageReschedules: PackageReschedulesTable;
  packageFeedback: PackageFeedbackTable;
  driverShifts: DriverShiftsTable;
  devices: DevicesTable;
  devicePoints: DevicePointsTable;
  geocodeCache: GeocodeCacheTable;
  events: EventsTable;
  notificationMessages: NotificationMessagesTable;
  notificationTemplates: NotificationTemplatesTable;
  notificationUnsubscribes: NotificationUnsubscribesTable;
  apiKeys: ApiKeysTable;
  idempotencyKeys: IdempotencyKeysTable;
  proofFiles: ProofFilesTable;
  deliveryOutcomes: DeliveryOutcomesTable;
  routeStops: RouteStopsTable;
  arrivalWindows: ArrivalWindowsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookMessages: WebhookMessagesTable;
  webhookAttempts: WebhookAttemptsTable;
  packageImports: PackageImportsTable;
  importMappings: ImportMappingsTable;
  packageImportRows: PackageImportRowsTable;
  auditLog: AuditLogTable;
  paymentEntries: PaymentEntriesTable;
  figureDays: FigureDaysTable;
  figureDayState: FigureDayStateTable;
  figureChanges: FigureChangesTable;
  cashHandovers: CashHandoversTable;
}

/** The append-only ledger of a package's money (migration 017, issue 32): amounts in minor units, signed. */
export interface PaymentEntriesTable {
  id: string;
  packageId: string;
  kind: string;
  method: string | null;
  amount: number;
  reference: string | null;
  reason: string | null;
  actorType: string;
  actorId: string | null;
  actorLabel: string;
  driverId: string | null;
  localDay: string;
  clientId: string | null;
  createdAt: string;
}

/** Cash a driver handed over to dispatch on a day (migration 017): entries, summed per day. */
export interface CashHandoversTable {
  id: string;
  driverId: string;
  day: string;
  amount: number;
  note: string | null;
  actorId: string | null;
  actorLabel: string;
  createdAt: string;
}

/** A CSV import of packages (migration 009, issue 20): its progress and counts. */
/** Column mappings dispatch saved for the CSV import (migration 014, issue 31). */
export interface ImportMappingsTable {
  id: string;
  name: string;
  /** importMappingSchema as JSON. */
  mapping: string;
  createdAt: string;
  updatedAt: string;
}
export type ImportMappingRow = Selectable<ImportMappingsTable>;

export interface PackageImportsTable {
  id: string;
  fileName: string;
  mode: string;
  status: string;
  total: number;
  created: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  failed: Generated<number>;
  error: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** One line of an imported file and what became of it (the report). */
export interface PackageImportRowsTable {
  importId: string;
  position: number;
  line: number;
  trackingNumber: string;
  outcome: string;
  message: string | null;
  packageId: string | null;
  /** The row's cells as sent, JSON by field. */
  data: string;
}

export type Dialect = 'sqlite' | 'postgres';

/** Rows as read from each table (repositories answer these; presenters shape them for replies). */
export type PackageRow = Selectable<PackagesTable>;
export type StatusHistoryRow = Selectable<StatusHistoryTable>;
export type LocationRow = Selectable<LocationsTable>;
export type DriverRow = Selectable<DriversTable>;
export type AdminUserRow = Selectable<AdminUsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PickupRequestRow = Selectable<PickupRequestsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;
export type PackageInstructionsRow = Selectable<PackageInstructionsTable>;
export type PackageRescheduleRow = Selectable<PackageReschedulesTable>;
export type PackageFeedbackRow = Selectable<PackageFeedbackTable>;
export type DriverShiftRow = Selectable<DriverShiftsTable>;
export type ProofFileRow = Selectable<ProofFilesTable>;
export type DeliveryOutcomeRow = Selectable<DeliveryOutcomesTable>;
export type RouteStopRow = Selectable<RouteStopsTable>;
export type ArrivalWindowRow = Selectable<ArrivalWindowsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type DevicePointRow = Selectable<DevicePointsTable>;
export type GeocodeCacheRow = Selectable<GeocodeCacheTable>;
export type EventRow = Selectable<EventsTable>;
export type NotificationMessageRow = Selectable<NotificationMessagesTable>;
export type NotificationTemplateRow = Selectable<NotificationTemplatesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookMessageRow = Selectable<WebhookMessagesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type PackageChanges = Updateable<PackagesTable>;
export type DriverChangesRow = Updateable<DriversTable>;
export type NewLocationRow = Insertable<LocationsTable>;
export type NewPackageRow = Insertable<PackagesTable>;
export type NewPickupRequestRow = Insertable<PickupRequestsTable>;
export type PackageImportRow = Selectable<PackageImportsTable>;
export type PackageImportLineRow = Selectable<PackageImportRowsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type PaymentEntryRow = Selectable<PaymentEntriesTable>;
export type CashHandoverRow = Selectable<CashHandoversTable>;
