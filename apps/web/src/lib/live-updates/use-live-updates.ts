import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { applyLiveMessage, resyncTracking } from './apply-message.ts';
import { onPageWake } from '../page-wake.ts';
import { LiveUpdatesClient, liveSocketUrl, type LiveEnvironment, type LiveStatus } from './live-client.ts';

/** Visibility and network events of the browser. */
const browserEnvironment: LiveEnvironment = { onWake: onPageWake };

const clients = new WeakMap<QueryClient, LiveUpdatesClient>();

/** The tab's one live-updates client, feeding this query cache. */
export function liveClientFor(queryClient: QueryClient): LiveUpdatesClient {
  let client = clients.get(queryClient);
  if (!client) {
    client = new LiveUpdatesClient({
      url: () => liveSocketUrl(window.location),
      createSocket: (url) => new WebSocket(url),
      onMessage: (message) => applyLiveMessage(queryClient, message),
      onResync: (refs) => resyncTracking(queryClient, refs),
      environment: browserEnvironment,
    });
    clients.set(queryClient, client);
  }
  return client;
}

/**
 * Follows a package's live updates while the calling component is mounted (by tracking number or customer share token,
 * the same string its queries are keyed by) and answers the connection's state. Null follows nothing.
 */
export function useLiveUpdates(ref: string | null | undefined): LiveStatus {
  const client = liveClientFor(useQueryClient());
  useEffect(() => {
    if (!ref) return undefined;
    // Opening the socket waits for a task of its own, after the effects that start the screen's requests (decision 044).
    let release: (() => void) | undefined;
    const timer = setTimeout(() => (release = client.subscribe(ref)), 0);
    return () => {
      clearTimeout(timer);
      release?.();
    };
  }, [client, ref]);
  const status = useSyncExternalStore(client.onStatus, client.getStatus, () => 'idle' as const);
  // With a package to follow, the socket opens right after this render (the effect above): that is 'connecting', not
  // 'off', also in the HTML the server renders (decision 042), which is on screen until the app has started.
  return ref && status === 'idle' ? 'connecting' : status;
}
