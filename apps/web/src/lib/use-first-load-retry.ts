import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { FirstLoadRetry, type FirstLoadState } from './first-load-retry.ts';
import { onPageWake } from './page-wake.ts';

const controllers = new WeakMap<QueryClient, FirstLoadRetry>();

/**
 * The retry of first loads for this query client, started on first use (createQueryClient starts it in the browser, so
 * it hears the first failure of every query). Null on the server, where nothing is retried.
 */
export function firstLoadRetryFor(queryClient: QueryClient): FirstLoadRetry | null {
  if (typeof window === 'undefined') return null;
  let controller = controllers.get(queryClient);
  if (!controller) {
    controller = new FirstLoadRetry(queryClient, { onWake: onPageWake }).start();
    controllers.set(queryClient, controller);
  }
  return controller;
}

const none = () => () => undefined;

/**
 * Where the first load of the query with this key is (decision 045): 'reconnecting' while a fetch that failed for a
 * network reason is being tried again, 'unavailable' once that has gone on for a minute, otherwise null (loading,
 * loaded, or failed for a reason the page shows as it always did, such as a 404).
 */
export function useFirstLoadRetry(queryKey: QueryKey): FirstLoadState | null {
  const controller = firstLoadRetryFor(useQueryClient());
  const hash = hashKey(queryKey);
  return useSyncExternalStore(
    controller?.subscribe ?? none,
    () => controller?.stateOf(hash) ?? null,
    () => null,
  );
}
