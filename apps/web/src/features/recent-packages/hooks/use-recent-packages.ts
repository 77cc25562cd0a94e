import { useSyncExternalStore } from 'react';
import { readRecentPackages, subscribeRecentPackages } from '../utils/recent-store.ts';

const serverSnapshot = (): readonly string[] => [];

/** The tracking numbers this browser has tracked, newest first; re-renders when the list changes in any tab. */
export function useRecentPackages(): readonly string[] {
  return useSyncExternalStore(subscribeRecentPackages, readRecentPackages, serverSnapshot);
}
