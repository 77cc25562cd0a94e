import { clientMessageSchema, ERR, LIVE_MSG, type FleetPosition, type FleetServerMessage, type LocationUpdateData, type ServerEvents, type ServerMessage } from '@cargo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';

/** At most this many packages followed on one socket. */
export const MAX_SUBSCRIPTIONS = 20;
/** A socket that has not answered the previous ping by the next one is closed. */
export const HEARTBEAT_MS = 30_000;
/** The heartbeat pings a share of the sockets this often, so that each is pinged once per interval (decision 057). */
const HEARTBEAT_TICK_MS = 100;
/**
 * A package's last location and status events are kept this long, and sent to a socket that subscribes meanwhile: a
 * page's first answer can be read just before a fix that is published before its subscription is in place.
 */
export const REPLAY_MS = 15_000;

/** What a subscribe message's trackingId resolves to: a package, reached by its tracking number or a customer token. */
export interface ResolvedSubscription {
  packageId: string;
  /** Set when subscribed through a customer share link: the link's hash, so a revocation ends the subscription. */
  tokenHash: string | null;
  /** The share link's end; the subscription ends with it. */
  expiresAt: string | null;
}

export type Resolver = (trackingId: string) => Promise<ResolvedSubscription | null>;

/** An event for one package's subscribers; the hub adds each subscriber's own trackingId. */
export type PackageEvent =
  | { type: 'location_update'; data: LocationUpdateData }
  | { type: 'status_update'; data: ServerEvents['status_update']['data'] };

/** What travels between instances (realtime/redis-bridge.ts). */
export type BusMessage =
  | { kind: 'event'; packageId: string; event: PackageEvent }
  | { kind: 'revoke'; tokenHash: string }
  | { kind: 'fleet'; positions: FleetPosition[] };

/** Whether a token (or, without one, the socket's session cookie) is a live admin session: the fleet is admin-only. */
export type FleetAuthorizer = (token: string | null) => Promise<boolean>;

export const FLEET_REFUSED = 'An admin session is required for the fleet';

/** A package's latest events, with when they were delivered here. */
interface RecentEvents {
  location?: { at: number; event: PackageEvent };
  status?: { at: number; event: PackageEvent };
}

interface Subscription extends ResolvedSubscription {
  trackingId: string;
}

interface Client {
  socket: WebSocket;
  /** By the trackingId the client used. */
  subscriptions: Map<string, Subscription>;
  alive: boolean;
  /** When the heartbeat last pinged it (ms). */
  pingedAt: number;
  closed: boolean;
  /** The session cookie's token the socket was opened with (the fleet subscription may use it). */
  cookieToken: string | null;
  /** Set while the socket follows the fleet: the token its admin session was checked with. */
  fleetToken?: string | null;
}

/**
 * The /ws live channel (design.md §1): sockets subscribe to packages by tracking number or customer token and
 * receive typed ServerEvents. Events published here reach local subscribers at once and, through the bus (Redis
 * pub/sub when REDIS_URL is set), the subscribers of every other instance.
 */
export class LiveHub {
  private readonly clients = new Set<Client>();
  /** packageId → clients following it. */
  private readonly byPackage = new Map<string, Set<Client>>();
  /** Sockets following the fleet (admin sessions, checked when they subscribe and again at every heartbeat). */
  private readonly fleet = new Set<Client>();
  private authorizeFleet: FleetAuthorizer = async () => false;
  private heartbeat: NodeJS.Timeout | null = null;
  /** The sockets of the heartbeat's current round, and how far the round has gone. */
  private heartbeatRound: { clients: Client[]; next: number; tick: number } = { clients: [], next: 0, tick: 0 };
  private bus: ((message: BusMessage) => void) | null = null;
  /** packageId → its latest events of the last REPLAY_MS, oldest first (an entry moves to the end when it changes). */
  private readonly recent = new Map<string, RecentEvents>();

  constructor(
    private readonly resolve: Resolver,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects the hub to the other instances: `send` carries this instance's messages to them. */
  connectBus(send: (message: BusMessage) => void): void {
    this.bus = send;
  }

  /** How the fleet subscription checks its admin session (plugins wire it to the session service). */
  setFleetAuthorizer(authorize: FleetAuthorizer): void {
    this.authorizeFleet = authorize;
  }

  /** Sockets following the fleet here (tests). */
  get fleetSize(): number {
    return this.fleet.size;
  }

  /** Publishes drivers' positions to the fleet subscribers here and on every other instance. */
  publishFleet(positions: FleetPosition[]): void {
    if (positions.length === 0) return;
    this.deliver({ kind: 'fleet', positions });
    this.bus?.({ kind: 'fleet', positions });
  }

  /** Number of open sockets (health and tests). */
  get size(): number {
    return this.clients.size;
  }

  /** Publishes an event to the package's subscribers here and on every other instance. */
  publish(packageId: string, event: PackageEvent): void {
    this.deliver({ kind: 'event', packageId, event });
    this.bus?.({ kind: 'event', packageId, event });
  }

  /** Ends every subscription made through a revoked customer share link, here and on every other instance. */
  revokeToken(tokenHash: string): void {
    this.deliver({ kind: 'revoke', tokenHash });
    this.bus?.({ kind: 'revoke', tokenHash });
  }

  /** Applies a message locally: from this instance, or one that arrived from another through the bus. */
  deliver(message: BusMessage): void {
    if (message.kind === 'fleet') {
      if (this.fleet.size === 0) return;
      const text = JSON.stringify({ type: 'fleet_positions', positions: message.positions } satisfies FleetServerMessage);
      for (const client of this.fleet) this.sendText(client, text);
      return;
    }
    if (message.kind === 'revoke') {
      for (const client of this.clients) {
        for (const sub of [...client.subscriptions.values()]) if (sub.tokenHash === message.tokenHash) this.unsubscribe(client, sub.trackingId);
      }
      return;
    }
    this.remember(message.packageId, message.event);
    const clients = this.byPackage.get(message.packageId);
    if (!clients) return;
    const now = new Date().toISOString();
    // Serialised once per trackingId (subscribers of a package mostly use the same one), not once per socket.
    const texts = new Map<string, string>();
    for (const client of [...clients]) {
      for (const sub of [...client.subscriptions.values()]) {
        if (sub.packageId !== message.packageId) continue;
        if (sub.expiresAt && sub.expiresAt <= now) {
          this.unsubscribe(client, sub.trackingId);
          continue;
        }
        let text = texts.get(sub.trackingId);
        if (text === undefined) {
          text = JSON.stringify({ ...message.event, trackingId: sub.trackingId } satisfies ServerMessage);
          texts.set(sub.trackingId, text);
        }
        this.sendText(client, text);
      }
    }
  }

  /**
   * Keeps a package's latest location and status events for REPLAY_MS (decision 065). A status change drops the
   * location before it: a package that is no longer live shows no position, and the page refetches its view anyway.
   */
  private remember(packageId: string, event: PackageEvent, nowMs = Date.now()): void {
    let entry: RecentEvents = this.recent.get(packageId) ?? {};
    this.recent.delete(packageId);
    if (event.type === 'location_update') entry.location = { at: nowMs, event };
    else entry = { status: { at: nowMs, event } };
    this.recent.set(packageId, entry);
    for (const [id, old] of this.recent) {
      if (Math.max(old.location?.at ?? 0, old.status?.at ?? 0) >= nowMs - REPLAY_MS) break;
      this.recent.delete(id);
    }
  }

  /** Sends a new subscriber the package's events of the last REPLAY_MS, in the order they happened. */
  private replay(client: Client, sub: Subscription): void {
    const entry = this.recent.get(sub.packageId);
    if (!entry) return;
    const since = Date.now() - REPLAY_MS;
    const events = [entry.status, entry.location].filter((e) => e !== undefined && e.at >= since).sort((a, b) => a!.at - b!.at);
    for (const e of events) this.send(client, { ...e!.event, trackingId: sub.trackingId } satisfies ServerMessage);
  }

  /** Takes over a newly opened socket. */
  attach(socket: WebSocket, options: { cookieToken?: string | null } = {}): void {
    const client: Client = { socket, subscriptions: new Map(), alive: true, pingedAt: 0, closed: false, cookieToken: options.cookieToken ?? null };
    this.clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (raw, isBinary) => {
      void this.onMessage(client, raw, isBinary).catch((err: unknown) => {
        this.log.warn({ err }, 'live socket message failed');
        this.send(client, { type: 'error', message: LIVE_MSG.invalidMessage });
      });
    });
    socket.on('error', (err) => this.log.debug({ err }, 'live socket error'));
    socket.on('close', () => this.detach(client));
  }

  /**
   * Pings every socket once per interval and closes those that did not answer the previous ping. The pings are spread
   * over the interval, a share every HEARTBEAT_TICK_MS: pinging 19,000 sockets at once (even a slice per turn of the
   * event loop) brought back 19,000 pongs at once, and the updates sent meanwhile waited up to a second (decision 057).
   */
  startHeartbeat(intervalMs = HEARTBEAT_MS): void {
    this.stopHeartbeat();
    const ticks = Math.max(1, Math.round(intervalMs / HEARTBEAT_TICK_MS));
    this.heartbeatRound = { clients: [], next: 0, tick: 0 };
    this.heartbeat = setInterval(() => this.beat(ticks, intervalMs), intervalMs / ticks);
    this.heartbeat.unref();
  }

  /** One tick of the heartbeat: the next share of the round's sockets (a round starts with the sockets open then). */
  private beat(ticks: number, intervalMs: number): void {
    const round = this.heartbeatRound;
    const now = Date.now();
    if (round.tick === 0) {
      round.clients = [...this.clients];
      round.next = 0;
    }
    round.tick += 1;
    const to = Math.ceil((round.clients.length * round.tick) / ticks);
    for (; round.next < to; round.next += 1) {
      const client = round.clients[round.next]!;
      // Sockets that closed meanwhile move the others up the round: one pinged less than half an interval ago waits.
      if (client.closed || now - client.pingedAt < intervalMs / 2) continue;
      if (!client.alive) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      client.alive = false;
      client.pingedAt = now;
      try {
        client.socket.ping();
      } catch {
        // A socket that cannot be pinged is closing; its close event detaches it.
      }
      // A fleet subscription lasts only as long as its admin session (logout, deactivation, idle timeout).
      if (client.fleetToken !== undefined) void this.recheckFleet(client);
    }
    if (round.tick >= ticks) round.tick = 0;
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Closes every socket (app shutdown). */
  close(): void {
    this.stopHeartbeat();
    for (const client of [...this.clients]) {
      client.socket.close(1001, 'Server shutting down');
      this.detach(client);
    }
  }

  private async onMessage(client: Client, raw: RawData, isBinary: boolean): Promise<void> {
    let message: unknown;
    try {
      if (isBinary) throw new Error('binary');
      message = JSON.parse(rawToString(raw));
    } catch {
      this.send(client, { type: 'error', message: LIVE_MSG.invalidMessage });
      return;
    }
    const parsed = clientMessageSchema.safeParse(message);
    if (!parsed.success) {
      this.send(client, { type: 'error', message: LIVE_MSG.invalidMessage });
      return;
    }
    if (parsed.data.type === 'ping') {
      this.send(client, { type: 'pong' });
      return;
    }
    if (parsed.data.type === 'subscribe_fleet') {
      const token = parsed.data.token ?? client.cookieToken;
      const allowed = await this.authorizeFleet(token);
      if (client.closed) return;
      if (!allowed) {
        this.leaveFleet(client);
        this.sendFleet(client, { type: 'fleet_refused', message: FLEET_REFUSED });
        return;
      }
      client.fleetToken = token;
      this.fleet.add(client);
      this.sendFleet(client, { type: 'fleet_subscribed' });
      return;
    }
    if (parsed.data.type === 'unsubscribe_fleet') {
      this.leaveFleet(client);
      return;
    }
    const { type, trackingId: id } = parsed.data;
    if (type === 'unsubscribe') {
      this.unsubscribe(client, id);
      return;
    }
    if (client.subscriptions.has(id)) {
      this.send(client, { type: 'subscription_confirmed', trackingId: id });
      return;
    }
    if (client.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      this.send(client, { type: 'error', message: LIVE_MSG.tooManySubscriptions });
      return;
    }
    const resolved = await this.resolve(id);
    if (client.closed) return;
    if (!resolved) {
      this.send(client, { type: 'error', message: ERR.packageNotFound });
      return;
    }
    // Checked again: several subscribes may have been resolving at once.
    if (client.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      this.send(client, { type: 'error', message: LIVE_MSG.tooManySubscriptions });
      return;
    }
    const sub = { ...resolved, trackingId: id };
    client.subscriptions.set(id, sub);
    let set = this.byPackage.get(resolved.packageId);
    if (!set) this.byPackage.set(resolved.packageId, (set = new Set()));
    set.add(client);
    this.send(client, { type: 'subscription_confirmed', trackingId: id });
    // What was published between the page's first answer and this moment would otherwise be missed (decision 065).
    this.replay(client, sub);
  }

  private unsubscribe(client: Client, trackingId: string): void {
    const sub = client.subscriptions.get(trackingId);
    if (!sub) return;
    client.subscriptions.delete(trackingId);
    const stillFollowing = [...client.subscriptions.values()].some((s) => s.packageId === sub.packageId);
    if (stillFollowing) return;
    const set = this.byPackage.get(sub.packageId);
    set?.delete(client);
    if (set?.size === 0) this.byPackage.delete(sub.packageId);
  }

  private leaveFleet(client: Client): void {
    this.fleet.delete(client);
    delete client.fleetToken;
  }

  private async recheckFleet(client: Client): Promise<void> {
    const token = client.fleetToken;
    if (token === undefined) return;
    const allowed = await this.authorizeFleet(token).catch(() => false);
    if (allowed || client.closed || client.fleetToken !== token) return;
    this.leaveFleet(client);
    this.sendFleet(client, { type: 'fleet_refused', message: FLEET_REFUSED });
  }

  private sendFleet(client: Client, message: FleetServerMessage): void {
    this.sendText(client, JSON.stringify(message));
  }

  private detach(client: Client): void {
    if (client.closed) return;
    client.closed = true;
    this.leaveFleet(client);
    for (const trackingId of [...client.subscriptions.keys()]) this.unsubscribe(client, trackingId);
    this.clients.delete(client);
  }

  private send(client: Client, message: ServerMessage): void {
    this.sendText(client, JSON.stringify(message));
  }

  private sendText(client: Client, text: string): void {
    // 1 = OPEN
    if (client.closed || client.socket.readyState !== 1) return;
    client.socket.send(text);
  }
}

function rawToString(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}
