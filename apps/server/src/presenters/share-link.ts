import type { ShareLink, ShareLinkCreated, ShareLinkListItem, ShareLinkResolved } from '@cargo/shared';
import type { PackageRow, ShareLinkRow } from '../db/types.ts';
import { presentPublicPackage } from './package.ts';

/** A share link in a list (shareLinkSchema): never its token or the token's hash. */
export function presentShareLink(row: ShareLinkRow): ShareLink {
  return {
    id: row.id,
    packageId: row.packageId,
    kind: row.kind === 'driver' ? 'driver' : 'customer',
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
  };
}

/** A link just created: its token and URL, shown once (shareLinkCreatedSchema). */
export function presentCreatedShareLink(link: { token: string; url: string; expiresAt: string }): ShareLinkCreated {
  return { token: link.token, url: link.url, expiresAt: link.expiresAt };
}

/** What a driver link covers (shareLinkResolvedSchema): its expiry and the package's public view, never more. */
export function presentResolvedShareLink(link: ShareLinkRow, pkg: PackageRow): ShareLinkResolved {
  return { kind: 'driver', expiresAt: link.expiresAt, package: presentPublicPackage(pkg) };
}

/** A live link in the list across packages (shareLinkListItemSchema): with its tracking number, never its token. */
export function presentShareLinkListItem(row: ShareLinkRow & { trackingNumber: string }): ShareLinkListItem {
  return { ...presentShareLink(row), trackingNumber: row.trackingNumber };
}
