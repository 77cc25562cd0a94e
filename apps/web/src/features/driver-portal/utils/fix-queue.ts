import { idbStore } from './idb-store.ts';

/**
 * The offline queue (issue 7): fixes taken while the network is down, kept in IndexedDB with their device times
 * until they are sent, in the order they were taken. One object store, keyed by an auto-increment number.
 */
/** A fix as the driver pages send it: device time, speed in m/s, battery in percent (null when unknown). */
export interface WireFix {
  lat: number;
  lng: number;
  accuracy: number | null;
  speed: number | null;
  heading: number | null;
  altitude: number | null;
  battery: number | null;
  timestamp: string;
}

export interface QueueEntry {
  id?: number;
  /** Whose queue: the signed-in driver, or a driver share link (sent one by one with its token). */
  driverId: string | null;
  shareToken: string | null;
  /** The package the fix was taken for (id or tracking number), or null for the driver's own position. */
  packageRef: string | null;
  fix: WireFix;
}

const withStore = idbStore('driver-fixes', 'queue');

export const fixQueue = {
  async add(entries: QueueEntry[]): Promise<void> {
    await withStore('readwrite', (store) => {
      for (const entry of entries) store.add(entry);
    });
  },
  /** Every waiting fix, oldest first. */
  async all(): Promise<QueueEntry[]> {
    return ((await withStore<QueueEntry[]>('readonly', (store) => store.getAll() as IDBRequest<QueueEntry[]>)) ?? []).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  },
  async count(): Promise<number> {
    return (await withStore<number>('readonly', (store) => store.count())) ?? 0;
  },
  async remove(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await withStore('readwrite', (store) => {
      for (const id of ids) store.delete(id);
    });
  },
};

export const hasIndexedDb = (): boolean => typeof indexedDB !== 'undefined';
