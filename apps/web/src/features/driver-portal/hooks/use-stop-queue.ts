import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { completeStop, type StopCompletion } from '../api/complete-stop.ts';
import { isNetworkError, reasonOf } from '../utils/driver-request.ts';
import { proofQueue, type QueuedStop } from '../utils/proof-queue.ts';

/**
 * Closed stops waiting for the network (issue 18), shared by every driver screen of the tab: what is waiting, a
 * submit that keeps the stop on the phone when it cannot be sent, and the sending of the queue, oldest first, when
 * the network returns (and when a driver page opens). A stop the server refuses (a 4xx) leaves the queue with its
 * reason; a network failure leaves it waiting.
 */
interface QueueState {
  waiting: QueuedStop[];
  /** Stops the server refused on a later send, with its reason (shown once). */
  refused: Array<{ trackingNumber: string; reason: string }>;
  sending: boolean;
}

let state: QueueState = { waiting: [], refused: [], sending: false };
const listeners = new Set<() => void>();
const set = (next: Partial<QueueState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

async function reload(): Promise<void> {
  try {
    set({ waiting: await proofQueue.all() });
  } catch {
    // IndexedDB unavailable (private mode on some browsers): nothing can wait, submits then fail visibly.
  }
}

let flushing: Promise<number> | null = null;
/** Sends every waiting stop, oldest first; stops at the first network failure. Answers how many were sent. */
function flush(): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    set({ sending: true });
    try {
      for (const stop of await proofQueue.all()) {
        try {
          await completeStop(stop);
          sent += 1;
        } catch (err) {
          if (isNetworkError(err)) break;
          set({ refused: [...state.refused, { trackingNumber: stop.trackingNumber, reason: reasonOf(err) }] });
        }
        await proofQueue.remove(stop.id!);
        await reload();
      }
    } finally {
      set({ sending: false });
      flushing = null;
      await reload();
    }
    return sent;
  })();
  return flushing;
}

/** How many closed stops wait on this phone, without sending them (the header's indicator; issue 31). */
export function useWaitingStopCount(): number {
  const snapshot = useSyncExternalStore(subscribe, () => state, () => state);
  useEffect(() => {
    void reload();
  }, []);
  return snapshot.waiting.length;
}

export function useStopQueue() {
  const snapshot = useSyncExternalStore(subscribe, () => state, () => state);
  const queryClient = useQueryClient();

  useEffect(() => {
    const send = () => {
      void flush().then((sent) => {
        if (sent > 0) void queryClient.invalidateQueries({ queryKey: ['drivers'] });
      });
    };
    void reload().then(() => {
      if (navigator.onLine && state.waiting.length > 0) send();
    });
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [queryClient]);

  /** Sends the stop, or keeps it on the phone when there is no network. Throws the server's refusal. */
  const submit = useCallback(
    async (completion: StopCompletion, trackingNumber: string): Promise<{ queued: boolean }> => {
      const keep = async () => {
        await proofQueue.add({ ...completion, trackingNumber, queuedAt: new Date().toISOString() });
        await reload();
        if (navigator.onLine) {
          void flush().then((sent) => {
            if (sent > 0) void queryClient.invalidateQueries({ queryKey: ['drivers'] });
          });
        }
        return { queued: true };
      };
      // Stops already waiting go first: the order they were closed in is the order they are sent.
      if (!navigator.onLine || state.waiting.length > 0) return keep();
      try {
        await completeStop(completion);
      } catch (err) {
        if (isNetworkError(err)) return keep();
        throw err;
      }
      void queryClient.invalidateQueries({ queryKey: ['drivers'] });
      return { queued: false };
    },
    [queryClient],
  );

  const dismissRefused = useCallback(() => set({ refused: [] }), []);
  return { ...snapshot, submit, dismissRefused, isWaiting: (packageId: string) => snapshot.waiting.some((s) => s.packageId === packageId) };
}
