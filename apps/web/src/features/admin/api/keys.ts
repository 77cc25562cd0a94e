/** Query keys of the admin panel: a mutation invalidates what it changes by these prefixes. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  packages: ['admin', 'packages'] as const,
  drivers: ['admin', 'drivers'] as const,
  devices: ['admin', 'devices'] as const,
  shareLinks: ['admin', 'share-links'] as const,
  pickups: ['admin', 'pickups'] as const,
  databaseStats: ['admin', 'database-stats'] as const,
  driverRoute: (id: string) => ['admin', 'driver-route', id] as const,
  currentLocation: ['admin', 'current-location'] as const,
  siteConfig: ['admin', 'site-config'] as const,
};
