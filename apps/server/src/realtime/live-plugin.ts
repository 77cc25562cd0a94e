import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FixService } from '../services/fixes.ts';
import { LiveTrackingService } from '../services/live-tracking.ts';
import { ShareLinkService } from '../services/share-links.ts';
import { LiveHub } from './hub.ts';
import { bridgeToRedis } from './redis-bridge.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
    liveTracking: LiveTrackingService;
    fixes: FixService;
    shareLinks: ShareLinkService;
  }
}

/** Live GPS: the /ws hub (bridged through Redis when REDIS_URL is set), the fix pipeline and share links. */
export default fp(
  async function livePlugin(app: FastifyInstance) {
    const liveTracking = new LiveTrackingService(app.repos, app.hotState);
    const hub = new LiveHub(async (trackingId) => {
      const found = await liveTracking.resolvePublicRef(trackingId);
      return found ? { packageId: found.pkg.id, tokenHash: found.tokenHash, expiresAt: found.expiresAt } : null;
    }, app.log);
    app.decorate('liveHub', hub);
    app.decorate('liveTracking', liveTracking);
    app.decorate('fixes', new FixService(app.repos, app.hotState, app.fixWriter, hub, liveTracking, app.devices, app.log));
    app.decorate('shareLinks', new ShareLinkService(app.repos, hub));

    // Status changes reach the package's subscribers (the package view shows the same fields to anyone).
    const onStatus = (pkg: { id: string; status: string; currentLocation: string }) => {
      hub.publish(pkg.id, { type: 'status_update', data: { packageId: pkg.id, status: pkg.status, currentLocation: pkg.currentLocation } });
    };
    app.packages.events.on('status', onStatus);

    const closeBridge = app.redis ? await bridgeToRedis(hub, app.changes, app.redis, app.log) : null;
    hub.startHeartbeat();
    app.addHook('onClose', async () => {
      app.packages.events.off('status', onStatus);
      hub.close();
      await closeBridge?.();
    });
  },
  { name: 'live', dependencies: ['database', 'redis'] },
);
