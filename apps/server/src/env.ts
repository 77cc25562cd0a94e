import { isSupportedCountry } from 'libphonenumber-js/min';
import { isCurrencyCode } from '@cargo/shared';
import { z } from 'zod';

/** Every setting the server reads, validated once at start (design.md §7). Nothing else reads process.env. */
const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .refine((v) => {
          try {
            return protocols.test(new URL(v).protocol);
          } catch {
            return false;
          }
        }, 'must be a URL')
        .optional(),
    );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** An extra listener that takes the OsmAnd protocol on any path, as Traccar's port 5055 does (hardware trackers). */
  OSMAND_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('./data/cargo.db'),
  REDIS_URL: optionalUrl(/^rediss?:$/),
  ADMIN_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v ? v.trim().toLowerCase() : undefined))
    .pipe(z.email().optional()),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** Unset: seed a new embedded database, never PostgreSQL. 'true' seeds either; 'false' neither. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v))),
  /** The living demo (demo/demo-drive.ts): simulated trackers drive the demo packages; 'false' stops them. */
  DEMO_DRIVE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || ['true', '1', 'yes'].includes(v)),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | string => {
      if (!v || v === 'false') return false;
      if (v === 'true') return true;
      return v;
    }),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  GEOCODER_URL: optionalUrl(/^https?:$/),
  /** The depot's address: the pickup address an imported shop's order gets unless the file or dispatch says otherwise. */
  DEPOT_ADDRESS: z.string().trim().max(500).optional().transform((v) => v || undefined),
  /** Day planning (issue 34): minutes spent at each stop, and the average driving speed for great-circle travel times. */
  PLANNING_SERVICE_MINUTES: z.coerce.number().min(0).max(240).default(5),
  PLANNING_SPEED_KMH: z.coerce.number().min(1).max(200).default(30),
  /** How long the built-in planner searches after its first plan, in milliseconds. */
  PLANNING_TIME_LIMIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  COMPANY_NAME: z.string().min(1).default('Cargo Express'),
  /** The company's one currency (ISO 4217, issue 32): amounts are integers in its minor unit (digits from Intl). */
  CURRENCY: z
    .string()
    .default('USD')
    .transform((v) => v.trim().toUpperCase())
    .refine(isCurrencyCode, 'must be an ISO 4217 currency code (USD, EUR, JPY …)'),
  /** How a customer can pay, shown with the balance on the customer's view; a default names the coordinator's phone. */
  PAYMENT_INSTRUCTIONS: z.string().trim().min(1).max(500).optional(),
  COORDINATOR_NAME: z.string().default('Transport Coordinator'),
  COORDINATOR_PHONE: z.string().default('+1 (555) 010-0100'),
  MANAGER_NAME: z.string().default('Transport Manager'),
  MANAGER_PHONE: z.string().default('+1 (555) 010-0200'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  DISPATCH_PHONE: z.string().optional(),
  /** The country of a phone number written without '+' and a country code (ISO 3166 alpha-2; decision 089). */
  DEFAULT_PHONE_COUNTRY: z
    .string()
    .trim()
    .default('US')
    .transform((v) => v.toUpperCase())
    .refine((v) => isSupportedCountry(v), 'must be a two-letter country code (ISO 3166 alpha-2) such as US, CA or GB'),
  SOCIAL_URL: optionalUrl(/^https?:$/),
  SMTP_URL: optionalUrl(/^smtps?:$/),
  SMS_GATEWAY_URL: optionalUrl(/^https?:$/),
  /** The From of customer emails; default: the company's name and SUPPORT_EMAIL. */
  EMAIL_FROM: z.string().trim().optional().transform((v) => v || undefined),
  /** The coordinator's email for pickup request alerts; default: SUPPORT_EMAIL. */
  COORDINATOR_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
  /** How often the notification worker looks for new events and due messages (ms); 0: no background worker (tests). */
  NOTIFY_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How often the one-hour arrival windows are looked at against the drivers' positions (decision 111); 0: never (tests). */
  ARRIVAL_WINDOW_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The first retry of a temporary failure (ms); later ones double up to an hour. Tests shorten it. */
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /**
   * How long a sender holds a message it is sending (ms): one that died mid-send lets it go then, for another sender.
   * Longer than the slowest send (SMTP: 10 s to connect, 30 s of silence).
   */
  NOTIFY_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * The key that encrypts secrets the server must read back (webhook signing secrets): 32 bytes, base64 or hex. Every
   * instance of a deployment shares it. Unset: a key file made beside the SQLite database (decision 048).
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32, 'must be 32 bytes, base64 or hex'),
  /** How often the webhook worker looks for new events and due messages (ms); 0: no background worker (tests). */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** How long a webhook delivery waits for its answer (ms). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /**
   * When each attempt of a webhook message is made, after the event (ms from the previous attempt, comma-separated):
   * immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. Tests shorten it.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('0,5000,300000,1800000,7200000,18000000,36000000,50400000,72000000,86400000')
    .transform((v) => v.split(',').map((part) => Number(part.trim())))
    .refine((list) => list.length > 0 && list.every((n) => Number.isInteger(n) && n >= 0), 'must be a comma-separated list of milliseconds'),
  /** An endpoint that has failed this long without a success is disabled (ms; 5 days). */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce.number().int().min(1).default(5 * 86_400_000),
  /** How long a sender holds a webhook message it is sending (ms); more than WEBHOOK_TIMEOUT_MS. */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Hosts a webhook may reach although they are loopback, private or link-local, and over plain http (comma-separated
   * host names or addresses, as written in the endpoint's URL). Empty: only public https hosts.
   */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean)),
  /** A VROOM server (its POST endpoint) that orders a driver's stops instead of the built-in optimiser (issue 20). */
  VROOM_URL: optionalUrl(/^https?:$/),
  /** An OSRM server (its base URL) whose table service gives the day plan's travel times (issue 34). */
  OSRM_URL: optionalUrl(/^https?:$/),
  PUBLIC_URL: optionalUrl(/^https?:$/),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** scrypt cost of new password and PIN hashes, as log2(N): 17 is OWASP's; the test suite uses less to stay fast. */
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(14).max(20).default(17),
  /** Public package and live lookups per IP per minute (design.md §4: 60). */
  PUBLIC_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** GPS fixes per signed-in driver, share link or device per minute (design.md §4: 600); raised by the benchmarks. */
  INGEST_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests per API key per minute (issue 19): 429 with Retry-After beyond. */
  API_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Days the audit log keeps an entry (issue 20, decision 070); older ones are pruned hourly. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Pickup requests (and driver self-registrations) per IP per hour (design.md §4: 10). */
  PICKUP_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Changes a customer makes through one customer link per hour (issue 33): instructions, a new day, a rating. */
  CUSTOMER_ACTIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Open /ws connections per IP on one instance (design.md §4): a tab holds one, so a household or an office fits. */
  WS_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(50),
  /**
   * Open /ws connections on one instance (decision 057): beyond, an upgrade is answered 503 with Retry-After (a client
   * retries, on another instance behind a balancer). Unset: the open-files limit less a reserve; never above it.
   */
  WS_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /** How long a client may take to send its request headers, in ms (Node's default is 60 s; slow clients held sockets). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  WEB_DIST: z.string().optional(),
  /** Proof-of-delivery photos and signatures (decision 050): a folder, by default 'files' beside the SQLite file (./data/files). */
  FILES_DIR: z.string().optional(),
  /** S3-compatible object storage for the files instead of the folder, when S3_ENDPOINT and S3_BUCKET are set. */
  S3_ENDPOINT: optionalUrl(/^https?:$/),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Most S3-compatible servers (MinIO, Garage, Ceph) want path-style addresses; AWS takes either. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v !== 'false'),
  /** The largest photo or signature a driver may send, in bytes (a larger one is 413). */
  PROOF_FILE_MAX_BYTES: z.coerce.number().int().min(64 * 1024).max(50 * 1024 * 1024).default(12 * 1024 * 1024),
  /** How long a link to a photo or signature works, in seconds. */
  PROOF_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /**
   * Retention (issue 21, decision 075). The full GPS trail of a delivered, cancelled or returned package is kept this
   * many days; after that RETENTION_AFTER_TRAIL decides what stays: 'minute' (one fix per minute) or 'final' (only the
   * package's final position). A package still under way keeps its whole trail.
   */
  RETENTION_TRAIL_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  RETENTION_AFTER_TRAIL: z.enum(['minute', 'final']).default('minute'),
  /** Device points that moved nothing (heartbeats, refused fixes): days kept; each device's newest is always kept. */
  RETENTION_DEVICE_POINTS_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  /** Sessions that ended (expired or idle) are deleted this many days after they ended. */
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().min(0).max(36_500).default(7),
  /** The notification message log: sent, failed and skipped messages are kept this many days (queued ones always). */
  RETENTION_NOTIFICATIONS_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** How often the retention job runs, in minutes; 0: never in the background (tests run it themselves). */
  RETENTION_EVERY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** How often each instance looks whether the weekly summary is due (issue 35); 0: never in the background. */
  WEEKLY_SUMMARY_CHECK_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** Rows per statement of the retention job (with a pause between statements, so ingest goes on). */
  RETENTION_BATCH_ROWS: z.coerce.number().int().min(10).max(50_000).default(50),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const env = result.data;
  if (env.S3_ENDPOINT && !env.S3_BUCKET) throw new EnvError('Invalid environment variable S3_BUCKET: required when S3_ENDPOINT is set');
  // A sender holds a webhook message for the lease; one still sending when it ends may see another instance send it too.
  if (env.WEBHOOK_LEASE_MS <= env.WEBHOOK_TIMEOUT_MS) {
    throw new EnvError(`Invalid environment variable WEBHOOK_LEASE_MS: must be more than WEBHOOK_TIMEOUT_MS (${env.WEBHOOK_TIMEOUT_MS})`);
  }
  return env;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}
