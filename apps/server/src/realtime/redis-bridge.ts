import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { newId } from '../lib/crypto.ts';
import type { Change, ChangeFeed } from '../services/change-feed.ts';
import type { BusMessage, LiveHub } from './hub.ts';

/** The one Redis channel every instance publishes its live events on. */
export const LIVE_CHANNEL = 'cargo:live';

interface Envelope {
  /** The instance that published: it has delivered the event to its own sockets already. */
  origin: string;
  /** A live event or revocation for the hub, or a write for the hot state (services/hot-state.ts). */
  message?: BusMessage;
  change?: Change;
}

/**
 * Shares live events between instances (design.md §1): each instance publishes on one channel and delivers what
 * the others publish to its own subscribers. A subscribed ioredis connection can do nothing else, so it is a
 * duplicate of the app's connection. Returns the function that closes it.
 */
export async function bridgeToRedis(hub: LiveHub, changes: ChangeFeed, redis: Redis, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const origin = newId();
  // The subscription is kept through outages: ioredis queues it and subscribes again on every reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', (err) => log.warn({ err }, 'redis live subscriber error'));
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== LIVE_CHANNEL) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      log.warn('malformed live event on redis');
      return;
    }
    if (envelope.origin === origin) return;
    if (envelope.change) changes.apply(envelope.change);
    if (!envelope.message) return;
    // A fix or a status change of another instance changed the package: what is held of it here is out of date.
    if (envelope.message.kind === 'event') changes.apply({ kind: 'package', id: envelope.message.packageId });
    hub.deliver(envelope.message);
  });
  // A Redis outage must not stop the start: ioredis resubscribes when it reconnects.
  await subscriber.subscribe(LIVE_CHANNEL).catch((err: unknown) => log.warn({ err }, 'redis live subscribe failed'));

  const publish = (envelope: Envelope): void => {
    redis.publish(LIVE_CHANNEL, JSON.stringify(envelope)).catch((err: unknown) => log.warn({ err }, 'redis live publish failed'));
  };
  hub.connectBus((message) => publish({ origin, message }));
  changes.connectBus((change) => publish({ origin, change }));

  return async () => {
    changes.connectBus(null);
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
