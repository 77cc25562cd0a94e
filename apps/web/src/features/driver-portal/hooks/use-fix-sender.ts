import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { postDriverLocation, postFixBatch, postPackageFix } from '../api/send-fixes.ts';
import { DRIVER_TEXTS } from '../texts.ts';
import { isNetworkError, reasonOf } from '../utils/driver-request.ts';
import { fixQueue, hasIndexedDb, type QueueEntry } from '../utils/fix-queue.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { driverSession } from './use-driver-session.ts';

/** One flush at a time for the whole page, however many screens send fixes. */
let flushing: Promise<void> | null = null;

/** Queued fixes go in batches of this many (the server takes up to 500). */
export const FLUSH_BATCH = 200;

export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'queued' }
  /** The server refused the fix (422: a filter; 403/404/409): shown as its reason, never silently dropped. */
  | { kind: 'rejected'; status: number; reason: string }
  | { kind: 'failed'; reason: string };

/**
 * Sends each fix to the server, or keeps it in IndexedDB while the network is down and sends the queue, in order and
 * in batches, when it returns (issue 7). `queued` is the count of fixes waiting, shown on the page.
 */
export function useFixSender() {
  const queryClient = useQueryClient();
  const [queued, setQueued] = useState(0);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [lastFlush, setLastFlush] = useState<{ sent: number; rejected: string[] } | null>(null);

  const refreshCount = useCallback(async () => {
    if (hasIndexedDb()) setQueued(await fixQueue.count().catch(() => 0));
  }, []);

  const enqueue = useCallback(
    async (entries: QueueEntry[]): Promise<SendOutcome> => {
      if (!hasIndexedDb()) return { kind: 'failed', reason: DRIVER_TEXTS.connectionFailed };
      await fixQueue.add(entries);
      await refreshCount();
      return { kind: 'queued' };
    },
    [refreshCount],
  );

  const flushNow = useCallback(async () => {
    if (!hasIndexedDb() || !navigator.onLine) return;
    let sent = 0;
    const rejected: string[] = [];
    const all = await fixQueue.all();
    const session = driverSession.get();
    // The signed-in driver's fixes: in batches through the batch endpoint.
    const mine = all.filter((e) => e.driverId && !e.shareToken && e.driverId === session.driver?.id);
    for (let i = 0; i < mine.length && session.token; i += FLUSH_BATCH) {
      const chunk = mine.slice(i, i + FLUSH_BATCH);
      try {
        const result = await postFixBatch(chunk[0]!.driverId!, chunk.map((e) => ({ ...e.fix, packageId: e.packageRef })));
        for (const r of result.results) if (r.status !== 201 && r.message) rejected.push(r.message);
        sent += result.accepted;
        await fixQueue.remove(chunk.map((e) => e.id!));
      } catch (err) {
        // Offline again or signed out: the rest waits.
        if (isNetworkError(err) || (err instanceof ApiError && err.status === 401)) break;
        rejected.push(reasonOf(err));
        await fixQueue.remove(chunk.map((e) => e.id!));
      }
    }
    // A share link's fixes: one by one with its token.
    for (const entry of all.filter((e) => e.shareToken)) {
      try {
        await postPackageFix(entry.packageRef!, entry.fix, entry.shareToken!);
        sent += 1;
      } catch (err) {
        if (isNetworkError(err)) break;
        rejected.push(reasonOf(err));
      }
      await fixQueue.remove([entry.id!]);
    }
    await refreshCount();
    if (sent > 0 || rejected.length > 0) {
      setLastFlush({ sent, rejected });
      void queryClient.invalidateQueries({ queryKey: ['drivers'] });
    }
  }, [queryClient, refreshCount]);

  const flush = useCallback(() => {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  }, [flushNow]);

  useEffect(() => {
    void refreshCount().then(() => flush());
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [flush, refreshCount]);

  /**
   * Sends fixes taken at one moment (one per package, or the driver's own): straight to the server when online, into
   * the queue when not (or when the request cannot reach the server).
   */
  const send = useCallback(
    async (entries: QueueEntry[]): Promise<SendOutcome> => {
      if (entries.length === 0) return { kind: 'sent' };
      // Older fixes first, so the server sees them in order.
      if (!navigator.onLine || queued > 0) {
        const outcome = await enqueue(entries);
        if (navigator.onLine) void flush();
        return outcome;
      }
      try {
        const [first] = entries;
        if (entries.length === 1 && first!.shareToken) await postPackageFix(first!.packageRef!, first!.fix, first!.shareToken);
        else if (entries.length === 1 && first!.packageRef) await postPackageFix(first!.packageRef, first!.fix);
        else if (entries.length === 1 && first!.driverId) await postDriverLocation(first!.driverId, first!.fix);
        else {
          const result = await postFixBatch(first!.driverId!, entries.map((e) => ({ ...e.fix, packageId: e.packageRef })));
          const refused = result.results.find((r) => r.status !== 201);
          void queryClient.invalidateQueries({ queryKey: ['drivers'] });
          if (refused && result.accepted === 0) return { kind: 'rejected', status: refused.status, reason: refused.message ?? '' };
          return { kind: 'sent' };
        }
        void queryClient.invalidateQueries({ queryKey: ['drivers'] });
        return { kind: 'sent' };
      } catch (err) {
        if (isNetworkError(err)) return enqueue(entries);
        if (err instanceof ApiError && err.status !== 401 && err.status < 500) return { kind: 'rejected', status: err.status, reason: reasonOf(err) };
        return { kind: 'failed', reason: reasonOf(err) };
      }
    },
    [enqueue, flush, queryClient, queued],
  );

  return { send, queued, online, lastFlush, flush };
}
