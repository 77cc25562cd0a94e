import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { AdminRepository } from './admins.ts';
import { ApiKeyRepository } from './api-keys.ts';
import { ArrivalWindowRepository } from './arrival-windows.ts';
import { AuditRepository } from './audit.ts';
import { DeferredChanges, NO_CHANGES, type ChangeSink } from './changes.ts';
import { CustomerActionRepository } from './customer-actions.ts';
import { DeliveryProofRepository } from './delivery-proof.ts';
import { DeviceRepository } from './devices.ts';
import { DriverRepository } from './drivers.ts';
import { EventRepository } from './events.ts';
import type { Executor } from './executor.ts';
import { GeocodeCacheRepository } from './geocode-cache.ts';
import { NotificationRepository } from './notifications.ts';
import { PackageRepository } from './packages.ts';
import { PackageImportRepository } from './package-imports.ts';
import { ImportMappingRepository } from './import-mappings.ts';
import { PickupRequestRepository } from './pickup-requests.ts';
import { PaymentRepository } from './payments.ts';
import { FiguresRepository } from './figures.ts';
import { PlanningRepository } from './planning.ts';
import { WriteOffload, type OffloadTarget } from './offload.ts';
import { RetentionRepository } from './retention.ts';
import { RouteStopRepository } from './route-stops.ts';
import { SessionRepository } from './sessions.ts';
import { SettingsRepository } from './settings.ts';
import { ShareLinkRepository } from './share-links.ts';
import { WebhookRepository } from './webhooks.ts';

/**
 * Every repository over one executor: the database, or (inside `transaction`) one transaction, so a service can
 * write to several table groups atomically without touching Kysely itself.
 */
export class Repositories {
  readonly packages: PackageRepository;
  readonly drivers: DriverRepository;
  readonly sessions: SessionRepository;
  readonly shareLinks: ShareLinkRepository;
  readonly devices: DeviceRepository;
  readonly pickupRequests: PickupRequestRepository;
  readonly settings: SettingsRepository;
  readonly admins: AdminRepository;
  readonly geocodeCache: GeocodeCacheRepository;
  readonly events: EventRepository;
  readonly notifications: NotificationRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly deliveryProof: DeliveryProofRepository;
  readonly routeStops: RouteStopRepository;
  readonly arrivalWindows: ArrivalWindowRepository;
  readonly webhooks: WebhookRepository;
  readonly packageImports: PackageImportRepository;
  readonly importMappings: ImportMappingRepository;
  readonly audit: AuditRepository;
  readonly retention: RetentionRepository;
  readonly customerActions: CustomerActionRepository;
  readonly payments: PaymentRepository;
  readonly figures: FiguresRepository;
  readonly planning: PlanningRepository;
  /**
   * Where this set's bookkeeping writes and the retention job's deletes run (offload.ts): set on the server's own set
   * by the database plugin; a transaction's set has none, so they stay inside the transaction.
   */
  private readonly offload = new WriteOffload();

  constructor(
    private readonly db: Executor,
    /** Where writes are reported, so the hot state (services/hot-state.ts) drops what they changed. */
    private readonly changes: ChangeSink = NO_CHANGES,
  ) {
    this.packages = new PackageRepository(db, changes);
    this.drivers = new DriverRepository(db, changes);
    this.sessions = new SessionRepository(db, changes, this.offload);
    this.shareLinks = new ShareLinkRepository(db);
    this.devices = new DeviceRepository(db, this.offload);
    this.pickupRequests = new PickupRequestRepository(db);
    this.settings = new SettingsRepository(db);
    this.admins = new AdminRepository(db, changes);
    this.geocodeCache = new GeocodeCacheRepository(db);
    this.events = new EventRepository(db);
    this.notifications = new NotificationRepository(db);
    this.apiKeys = new ApiKeyRepository(db, this.offload);
    this.deliveryProof = new DeliveryProofRepository(db);
    this.routeStops = new RouteStopRepository(db);
    this.arrivalWindows = new ArrivalWindowRepository(db);
    this.webhooks = new WebhookRepository(db);
    this.packageImports = new PackageImportRepository(db);
    this.importMappings = new ImportMappingRepository(db);
    this.audit = new AuditRepository(db);
    this.retention = new RetentionRepository(db, this.offload);
    this.customerActions = new CustomerActionRepository(db);
    this.payments = new PaymentRepository(db);
    this.figures = new FiguresRepository(db);
    this.planning = new PlanningRepository(db);
  }

  /** Set once by the database plugin: the fix writer's `offloadWrite` (SQLite's writer thread, decision 085). */
  offloadWritesTo(target: OffloadTarget): void {
    this.offload.setTarget(target);
  }

  /**
   * Runs `work` in one transaction: every repository it is given writes through it; a throw rolls it all back. What
   * it changed is reported once the transaction has ended.
   */
  async transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const deferred = new DeferredChanges(this.changes);
    try {
      return await (this.db as Kysely<Database>).transaction().execute((trx) => work(new Repositories(trx, deferred)));
    } finally {
      deferred.flush();
    }
  }
}
