import type { Repositories } from '../repositories/index.ts';
import { API_KEY_PREFIX, type ApiKeyService } from './api-keys.ts';
import { sha256 } from '../lib/crypto.ts';
import { nowIso } from '../lib/time.ts';
import type { HotState } from './hot-state.ts';
import type { SessionService } from './sessions.ts';
import { driverCreator } from './share-links.ts';
import type { Principal } from '../auth/principal.ts';

/**
 * Turns a token into a principal: a live API key, a live session of an active admin or an active driver, or (where
 * the route takes one) an active driver share link. A deactivated account's session counts as no session.
 */
export class PrincipalService {
  constructor(
    private readonly sessions: SessionService,
    private readonly repos: Repositories,
    private readonly hot: HotState,
    private readonly apiKeys: ApiKeyService,
  ) {}

  /**
   * The principal of a token when everything it takes is held in memory (a session that needs no touch, its active
   * admin or driver), with no read and no promise: the fast path of every request of a signed-in driver (issue 21).
   * Undefined when it is not (an API key, a share link, anything to read or write): then `resolve` decides.
   */
  held(token: string | null): Principal | undefined {
    if (!token || token.startsWith(API_KEY_PREFIX)) return undefined;
    const session = this.sessions.held(token);
    if (session?.role === 'driver') {
      const driver = this.hot.heldDriver(session.subjectId);
      return driver?.isActive ? { role: 'driver', driverId: driver.id, tokenHash: session.tokenHash } : undefined;
    }
    if (session?.role === 'admin') {
      const admin = this.hot.heldAdmin(session.subjectId);
      return admin?.isActive ? { role: 'admin', adminId: admin.id, tokenHash: session.tokenHash } : undefined;
    }
    return undefined;
  }

  async resolve(token: string | null, options: { acceptShareLink: boolean }): Promise<Principal | null> {
    if (!token) return null;
    const key = await this.apiKeys.resolve(token);
    if (key) return { role: 'integration', apiKeyId: key.id, scopes: key.scopes };
    const session = await this.sessions.resolve(token);
    if (session?.role === 'admin') {
      const admin = await this.hot.admin(session.subjectId);
      return admin?.isActive ? { role: 'admin', adminId: admin.id, tokenHash: session.tokenHash } : null;
    }
    if (session?.role === 'driver') {
      const driver = await this.hot.driver(session.subjectId);
      return driver?.isActive ? { role: 'driver', driverId: driver.id, tokenHash: session.tokenHash } : null;
    }
    if (session || !options.acceptShareLink) return null;
    const link = await this.repos.shareLinks.findActive(sha256(token), 'driver', nowIso());
    if (!link) return null;
    // A link a driver made acts with that driver's authority: it ends when the package goes to another driver.
    if (link.createdBy.startsWith('driver:')) {
      const pkg = await this.hot.packageById(link.packageId);
      if (!pkg?.driverId || link.createdBy !== driverCreator(pkg.driverId)) return null;
    }
    return { role: 'share', packageId: link.packageId, shareLinkId: link.id };
  }
}
