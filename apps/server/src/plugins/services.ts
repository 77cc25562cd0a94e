import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminService } from '../services/admins.ts';
import { DeviceService } from '../services/devices.ts';
import { DriverService } from '../services/drivers.ts';
import { ExportService } from '../services/exports.ts';
import { FleetFeed } from '../services/fleet/fleet-feed.ts';
import { FleetService } from '../services/fleet/fleet.ts';
import { StopOrderService } from '../services/route-optimiser/stop-order.ts';
import { ArrivalWindowService, ArrivalWindowWorker } from '../services/arrival-window/arrival-windows.ts';
import { IngestLimiter } from '../services/ingest-limit.ts';
import { PickupService } from '../services/pickups.ts';
import { SettingsService } from '../services/settings.ts';
import { Geocoder } from '../services/geocoder.ts';
import { PackageService } from '../services/packages.ts';
import { PackageImportService } from '../services/package-import/package-import.ts';
import { ImportMappingService } from '../services/package-import/import-mappings.ts';
import { DeliveryProofService } from '../services/delivery-proof/delivery-proof.ts';
import { fileStoreFor, type FileStore } from '../services/delivery-proof/file-store.ts';
import { SmsService } from '../services/sms.ts';
import { StatsService } from '../services/stats.ts';
import { MapsLinkResolver, type MapsLinkResolverOptions } from '../services/maps-link-resolver.ts';
import livePlugin from '../realtime/live-plugin.ts';
import { EmailChannel, SmsChannel } from '../services/notifications/channels.ts';
import { NotificationService } from '../services/notifications/notification-service.ts';
import { OutboxWorker } from '../services/outbox-worker.ts';
import { WebhookSender } from '../services/webhooks/sender.ts';
import { WebhookService } from '../services/webhooks/webhook-service.ts';
import { secretBoxFor } from '../lib/secret-box.ts';
import { RetentionService, RetentionWorker } from '../services/retention.ts';
import { PREVIEW_SHARE_TOKEN, shareUrl } from '../services/share-links.ts';
import { CustomerLinkService } from '../services/customer-actions/customer-link.ts';
import { CustomerLinkSender } from '../services/customer-actions/send-link.ts';
import { InstructionService } from '../services/customer-actions/instructions.ts';
import { RescheduleService } from '../services/customer-actions/reschedule.ts';
import { FeedbackService } from '../services/customer-actions/feedback.ts';
import { PaymentService } from '../services/payments/payment-service.ts';
import { FigureService } from '../services/figures/figure-service.ts';
import { DriverDayService } from '../services/figures/driver-day.ts';
import { FigureDaysRepository } from '../repositories/figures.ts';
import { WeeklySummaryService } from '../services/figures/weekly-summary.ts';
import { ShiftService } from '../services/planning/shifts.ts';
import { DayPlanner } from '../services/planning/day-plan.ts';
import { DayInsertion } from '../services/planning/insertion.ts';
import { solveInProcess } from '../services/planning/planner-process.ts';

declare module 'fastify' {
  interface FastifyInstance {
    admins: AdminService;
    drivers: DriverService;
    exports: ExportService;
    stopOrder: StopOrderService;
    /** The one-hour arrival window on the day (issue 33 part 4, decision 111). */
    arrivalWindows: ArrivalWindowService;
    fleet: FleetService;
    pickups: PickupService;
    settings: SettingsService;
    devices: DeviceService;
    ingestLimit: IngestLimiter;
    geocoder: Geocoder;
    packages: PackageService;
    stats: StatsService;
    sms: SmsService;
    mapsLinks: MapsLinkResolver;
    notifications: NotificationService;
    deliveryProof: DeliveryProofService;
    webhooks: WebhookService;
    packageImports: PackageImportService;
    importMappings: ImportMappingService;
    retention: RetentionService;
    /** Customer actions through the customer link (issue 33): one service per action family. */
    customerActions: { links: CustomerLinkService; sender: CustomerLinkSender; instructions: InstructionService; reschedules: RescheduleService; feedback: FeedbackService };
    payments: PaymentService;
    figures: FigureService;
    /** A driver's day for the Performance view (issue 35). */
    driverDays: DriverDayService;
    weeklySummary: WeeklySummaryService;
    /** Day planning (issue 34). */
    planning: { shifts: ShiftService; planner: DayPlanner; insertion: DayInsertion };
  }
}

export interface ServicesOptions {
  /** How short maps links are followed (tests route the fetch to a loopback fake). */
  mapsLinks?: MapsLinkResolverOptions | undefined;
  /** Where proof-of-delivery files go; defaults to the store the environment names (tests pass their own). */
  fileStore?: FileStore | undefined;
}

/** App services, built once over the database (conventions: plugins, then services, then routes). */
export default fp(
  async function servicesPlugin(app: FastifyInstance, options: ServicesOptions) {
    const { repos } = app;
    app.decorate('admins', new AdminService(repos));
    app.decorate('drivers', new DriverService(repos, app.sessions));
    app.decorate('settings', new SettingsService(repos));
    app.decorate('devices', new DeviceService(repos));
    app.decorate('ingestLimit', new IngestLimiter(app.counters, app.env.INGEST_PER_MINUTE));
    const geocoder = new Geocoder({ cacheRepository: repos.geocodeCache, providerUrl: app.env.GEOCODER_URL, log: app.log });
    app.decorate('geocoder', geocoder);
    // The ledger (issue 32, design.md §12): the packages service writes the amount due's entries through it and asks
    // it before a delivery; the proof service records a payment taken at the door through it.
    const payments = new PaymentService(repos, app.env.CURRENCY, app.env.PAYMENT_INSTRUCTIONS ?? `Pay the driver by cash or card on delivery, or call ${app.env.COORDINATOR_PHONE}.`);
    app.decorate('payments', payments);
    const packages = new PackageService(repos, geocoder, app.log, payments);
    app.decorate('packages', packages);
    app.decorate('pickups', new PickupService(repos, packages));
    const settings = app.settings;
    const deliveryProof = new DeliveryProofService(repos, packages, settings, options.fileStore ?? fileStoreFor(app.env), {
      linkTtlSeconds: app.env.PROOF_LINK_TTL_SECONDS,
    }, payments);
    app.decorate('deliveryProof', deliveryProof);
    app.decorate('figures', new FigureService(repos, () => deliveryProof.requirements(), new FigureDaysRepository(app.db, app.dialect)));
    app.decorate('driverDays', new DriverDayService(repos));
    // A deleted package's photos and signatures go with it (decision 050).
    packages.events.on('deleted', (ids) => {
      deliveryProof.removeFilesOf(ids).catch((err: unknown) => app.log.error({ err }, 'proof files of deleted packages could not be removed'));
    });
    app.decorate('stats', new StatsService(repos, app.dialect));
    app.decorate('sms', new SmsService({ gatewayUrl: app.env.SMS_GATEWAY_URL, companyName: app.env.COMPANY_NAME, log: app.log }));
    app.decorate('mapsLinks', new MapsLinkResolver(options.mapsLinks));
    app.decorate('exports', new ExportService(repos));
    const planner = new DayPlanner(
        repos,
        {
          serviceMinutes: app.env.PLANNING_SERVICE_MINUTES,
          speedKmh: app.env.PLANNING_SPEED_KMH,
          timeLimitMs: app.env.PLANNING_TIME_LIMIT_MS,
          vroomUrl: app.env.VROOM_URL,
          osrmUrl: app.env.OSRM_URL,
          log: app.log,
        },
        (instance, options) => solveInProcess(instance, options),
      packages,
      settings,
    );
    app.decorate('planning', {
      shifts: new ShiftService(repos, geocoder, app.env.DEPOT_ADDRESS),
      planner,
      insertion: new DayInsertion(repos, planner, packages),
    });
    const stopOrder = new StopOrderService(repos, app.drivers, { vroomUrl: app.env.VROOM_URL, log: app.log });
    app.decorate('stopOrder', stopOrder);
    // The one-hour arrival window (decision 111): the first with the out-for-delivery change, then a sweep.
    const arrivalWindows = new ArrivalWindowService(repos, stopOrder, app.log);
    app.decorate('arrivalWindows', arrivalWindows);
    packages.arrivalWindows = arrivalWindows;
    // Live GPS (hub, fix pipeline, share links): needs the packages service for its status events.
    await app.register(livePlugin);

    // Customer notifications from the event stream (issue 17, decision 046).
    const { env } = app;
    const publicUrl = env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST}:${env.PORT}`;
    const email = env.SMTP_URL ? new EmailChannel(env.SMTP_URL, env.EMAIL_FROM ?? `"${env.COMPANY_NAME.replace(/"/g, '')}" <${env.SUPPORT_EMAIL}>`) : null;
    const sms = env.SMS_GATEWAY_URL ? new SmsChannel(env.SMS_GATEWAY_URL) : null;
    // Customer actions (issue 33, decision 101): the package's one customer link and what a customer does through it.
    const customerLinks = new CustomerLinkService(repos, app.settings, secretBoxFor(env), publicUrl);
    app.decorate('customerActions', {
      links: customerLinks,
      // Dispatch's 'Text link to customer' (decision 112): at once, through the notifications' channels.
      sender: new CustomerLinkSender(repos, customerLinks, { email, sms }, env.COMPANY_NAME, app.log),
      instructions: new InstructionService(repos, () => deliveryProof.requirements()),
      reschedules: new RescheduleService(repos),
      feedback: new FeedbackService(repos),
    });
    const notifications = new NotificationService(repos, app.settings, {
      email,
      sms,
      publicUrl,
      company: { name: env.COMPANY_NAME, phone: env.COORDINATOR_PHONE, supportEmail: env.SUPPORT_EMAIL },
      coordinator: { email: env.COORDINATOR_EMAIL ?? env.SUPPORT_EMAIL, phone: env.COORDINATOR_PHONE },
      retryBaseMs: env.NOTIFY_RETRY_BASE_MS,
      leaseMs: env.NOTIFY_LEASE_MS,
      customerLink: async (pkg) => (await customerLinks.linkFor(pkg)).url,
      customerLinkPreview: () => shareUrl(publicUrl, 'customer', PREVIEW_SHARE_TOKEN),
      money: { balanceDue: async (packageId) => payments.summary(await payments.sumsOf(packageId)).balance, format: (minor) => payments.format(minor) },
      log: app.log,
    });
    app.decorate('notifications', notifications);
    const worker = new OutboxWorker(notifications, env.NOTIFY_POLL_MS, app.log);
    // The weekly summary (issue 35, decision 109): written to the message log once a week, sent by the worker above.
    const weeklySummary = new WeeklySummaryService(repos, app.settings, app.figures, {
      coordinatorEmail: env.COORDINATOR_EMAIL ?? env.SUPPORT_EMAIL,
      publicUrl,
      companyName: env.COMPANY_NAME,
      nudge: () => worker.nudge(),
    });
    app.decorate('weeklySummary', weeklySummary);
    if (env.WEEKLY_SUMMARY_CHECK_SECONDS > 0) {
      app.addHook('onReady', async () => weeklySummary.start((err) => app.log.warn({ err }, 'weekly summary: a check failed'), env.WEEKLY_SUMMARY_CHECK_SECONDS * 1000));
      app.addHook('onClose', async () => weeklySummary.stop());
    }
    // A change in this process is looked at at once rather than at the next poll.
    app.packages.events.on('status', () => worker.nudge());
    payments.events.on('changed', () => worker.nudge());
    // A window moved later is an event: the worker reads it at once.
    const windowWorker = new ArrivalWindowWorker(arrivalWindows, env.ARRIVAL_WINDOW_SWEEP_SECONDS * 1000, app.log, () => worker.nudge());
    app.addHook('onReady', async () => {
      await notifications.init();
      worker.start();
      windowWorker.start();
    });
    app.addHook('onClose', async () => {
      await windowWorker.stop();
      await worker.stop();
      email?.close();
      sms?.close();
    });
    // Webhooks from the same event stream (issue 19, decision 048).
    const webhookSender = new WebhookSender({ timeoutMs: env.WEBHOOK_TIMEOUT_MS, allowedHosts: new Set(env.WEBHOOK_ALLOWED_HOSTS) });
    const webhooks = new WebhookService(repos, {
      sender: webhookSender,
      secrets: secretBoxFor(env),
      schedule: env.WEBHOOK_RETRY_SCHEDULE,
      disableAfterMs: env.WEBHOOK_DISABLE_AFTER_MS,
      // Longer than an attempt can take, so a live sender never loses its message to another.
      leaseMs: Math.max(env.WEBHOOK_LEASE_MS, env.WEBHOOK_TIMEOUT_MS + 5_000),
      log: app.log,
    });
    app.decorate('webhooks', webhooks);
    const webhookWorker = new OutboxWorker(webhooks, env.WEBHOOK_POLL_MS, app.log, 'webhooks');
    app.packages.events.on('status', () => webhookWorker.nudge());
    payments.events.on('changed', () => webhookWorker.nudge());
    app.addHook('onReady', async () => webhookWorker.start());
    app.addHook('onClose', async () => {
      await webhookWorker.stop();
      webhookSender.close();
    });
    // The fleet map (issue 20): drivers' own positions, batched to the admin sockets; the subscription is admin-only.
    const feed = new FleetFeed(app.liveHub);
    app.fixes.onDriverMoved = (move) => feed.moved(move);
    app.drivers.onDriverMoved = (move) => feed.moved(move);
    app.liveHub.setFleetAuthorizer(async (token) => (await app.principals.resolve(token, { acceptShareLink: false }))?.role === 'admin');
    app.decorate('fleet', new FleetService(repos, feed));
    app.addHook('onClose', async () => feed.stop());
    // CSV imports of packages (issue 20): run in this process after the upload is answered; one cut off by a restart
    // is marked failed at the next start, and a shutdown waits for the batch being written.
    const packageImports = new PackageImportService(repos, packages, app.log, payments.digits);
    app.decorate('packageImports', packageImports);
    app.decorate('importMappings', new ImportMappingService(repos));
    app.addHook('onReady', async () => packageImports.failStale());
    app.addHook('onClose', async () => packageImports.stop());

    // Retention (issue 21, decision 075): old fixes, device points, ended sessions and the message log, in small batches.
    const retention = new RetentionService(repos.retention, {
      trailDays: env.RETENTION_TRAIL_DAYS,
      afterTrail: env.RETENTION_AFTER_TRAIL,
      devicePointsDays: env.RETENTION_DEVICE_POINTS_DAYS,
      sessionsDays: env.RETENTION_SESSIONS_DAYS,
      notificationsDays: env.RETENTION_NOTIFICATIONS_DAYS,
      batchRows: env.RETENTION_BATCH_ROWS,
    });
    app.decorate('retention', retention);
    // Webhook deliveries are a message log too: finished messages and their attempts go after RETENTION_NOTIFICATIONS_DAYS.
    retention.register('webhookDeliveries', async ({ batchRows, pause }) => {
      const before = new Date(Date.now() - env.RETENTION_NOTIFICATIONS_DAYS * 86_400_000).toISOString();
      let removed = 0;
      for (const step of [(n: number) => repos.webhooks.deleteAttemptsBefore(before, n), (n: number) => repos.webhooks.deleteFinishedMessagesBefore(before, n)]) {
        for (;;) {
          const n = await step(batchRows);
          removed += n;
          if (n < batchRows || !(await pause())) break;
        }
      }
      return removed;
    });
    const retentionWorker = new RetentionWorker(retention, env.RETENTION_EVERY_MINUTES, app.log);
    app.addHook('onReady', async () => retentionWorker.start());
    app.addHook('onClose', async () => retentionWorker.stop());
  },
  { name: 'services', dependencies: ['database', 'security'] },
);
