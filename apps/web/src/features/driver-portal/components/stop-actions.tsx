import { isFinalForDriver, type OutcomeKind, type Package } from '@cargo/shared';
import { Alert, Badge, Button, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { loadToastRenderer } from '../../../lib/toast-renderer.ts';
import { useStopQueue } from '../hooks/use-stop-queue.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';

/**
 * The sheet (Mantine's Drawer with its portal and focus trap, the signature pad) is a chunk of its own, fetched as soon
 * as the screen has painted rather than before (issue 21, part 7; decision 052): it is there before a stop can be
 * closed, and the service worker keeps it for offline use.
 */
const loadSheet = () => import('./close-stop-sheet.tsx');
const CloseStopSheet = lazy(() => loadSheet().then((m) => ({ default: m.CloseStopSheet })));

/** The package whose stop is being closed, and how the sheet opens (the dropdown's 'delivered' opens it too). */
export interface OpenStop {
  pkg: Package;
  initialKind: OutcomeKind | null;
}

/** 'Close stop' for a package not yet delivered, or 'Waiting to send' while its completion waits on the phone. */
export function CloseStopButton({ pkg, onOpen }: { pkg: Package; onOpen: (stop: OpenStop) => void }) {
  const queue = useStopQueue();
  if (queue.isWaiting(pkg.id)) {
    return (
      <Badge size="lg" color="yellow" variant="filled">
        {T.waitingToSend}
      </Badge>
    );
  }
  // A closed delivery takes no outcome from its driver (issue 31).
  if (isFinalForDriver(pkg.status)) return null;
  return (
    <Button size="md" onClick={() => onOpen({ pkg, initialKind: null })} aria-label={T.closeStopFor(pkg.trackingNumber)}>
      {T.closeStop}
    </Button>
  );
}

/** The sheet of the stop being closed (one at a time). */
export function StopSheet({ stop, onClose }: { stop: OpenStop | null; onClose: () => void }) {
  useEffect(() => {
    void afterFirstPaint()
      // The toast renderer too: closing a stop offline says so in a toast, with no network to fetch it then.
      .then(() => Promise.all([loadSheet(), loadToastRenderer()]))
      .catch(() => undefined);
  }, []);
  if (!stop) return null;
  return (
    <Suspense fallback={null}>
      <CloseStopSheet key={stop.pkg.id} pkg={stop.pkg} opened onClose={onClose} initialKind={stop.initialKind} />
    </Suspense>
  );
}

/** Closed stops waiting for the network, and those the server refused once it was back. */
export function StopQueueNotices() {
  const queue = useStopQueue();
  // Nothing to say, no box: an empty stack would add its parent's gap twice between the cards.
  if (queue.waiting.length === 0 && queue.refused.length === 0) return null;
  return (
    <Stack gap="xs">
      {queue.waiting.length > 0 && (
        <Alert color="yellow" role="status" aria-live="polite">
          {T.stopsWaiting(queue.waiting.length)}
        </Alert>
      )}
      {queue.refused.map((r, i) => (
        <Alert key={i} color="red" role="alert" title={T.stopRefused} withCloseButton closeButtonLabel={T.dismiss} onClose={queue.dismissRefused}>
          {T.stopRefusedLater(r.trackingNumber, r.reason)}
        </Alert>
      ))}
    </Stack>
  );
}
