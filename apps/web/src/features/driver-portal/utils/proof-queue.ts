import type { StopCompletion } from '../api/complete-stop.ts';
import { idbStore } from './idb-store.ts';

/**
 * Stops closed without a network (issue 18): kept in IndexedDB with their photo and signature (as Blobs) until they
 * are sent, oldest first, like the fix queue (utils/fix-queue.ts). Closing the page or the browser loses nothing.
 */
export interface QueuedStop extends StopCompletion {
  id?: number;
  trackingNumber: string;
  /** For 'delivered' and 'left' the package shows as delivered, waiting to be sent. */
  queuedAt: string;
}

const withStore = idbStore('driver-proof', 'stops');

export const proofQueue = {
  async add(stop: QueuedStop): Promise<void> {
    await withStore('readwrite', (store) => store.add(stop));
  },
  /** Every waiting stop, oldest first. */
  async all(): Promise<QueuedStop[]> {
    return ((await withStore<QueuedStop[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedStop[]>)) ?? []).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  },
  async remove(id: number): Promise<void> {
    await withStore('readwrite', (store) => store.delete(id));
  },
};
