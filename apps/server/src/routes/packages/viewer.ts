import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenOf } from '../../plugins/auth.ts';
import type { PackageRow, PackageView } from '../../presenters/package.ts';

/**
 * Which view of a package the caller of a public route gets (design.md §4). Public routes skip the auth plugin's
 * session lookup, so the session is resolved here: a signed-in admin, or the driver the package is assigned to,
 * sees the full package; anyone else (including an invalid or expired token) sees the public view.
 */
export async function viewFor(app: FastifyInstance, request: FastifyRequest, pkg: PackageRow): Promise<PackageView> {
  const token = tokenOf(request);
  if (!token) return 'public';
  const session = await app.sessions.resolve(token);
  if (session?.role === 'admin') return (await app.admins.findById(session.subjectId)) ? 'full' : 'public';
  if (session?.role === 'driver' && pkg.driverId === session.subjectId) {
    const driver = await app.db.selectFrom('drivers').select('isActive').where('id', '=', session.subjectId).executeTakeFirst();
    return driver?.isActive ? 'full' : 'public';
  }
  return 'public';
}
