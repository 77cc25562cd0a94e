// The driver app's service worker (issue 7, decision 016). It makes the driver screens work offline once visited
// and touches nothing else: the API, the push channel and every other page go to the network as if it were absent.
const VERSION = 'v1';
const PAGES = `driver-pages-${VERSION}`;
const ASSETS = `driver-assets-${VERSION}`;
const DRIVER_PATHS = /^\/(driver|driver-gps|driver-portal|driver-dashboard)\/?$|^\/driver-track(\/|$)/;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('driver-') && k !== PAGES && k !== ASSETS).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Network first for a driver page; offline, the copy kept from the last visit (any driver page: it is one app). */
async function driverPage(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const kept = (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match('/driver-portal')) ?? (await cache.keys().then((keys) => (keys[0] ? cache.match(keys[0]) : undefined)));
    if (kept) return kept;
    throw err;
  }
}

/** Hashed build files never change: kept once fetched, so a visited driver screen has all it needs offline. */
async function asset(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The manifest and icons: the network, or the last copy. */
async function appFile(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && DRIVER_PATHS.test(url.pathname)) event.respondWith(driverPage(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/icons/')) event.respondWith(appFile(request));
});
