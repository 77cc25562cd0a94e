import { TOAST_DURATION_MS } from '@cargo/shared';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { loadToastRenderer } from '../lib/toast-renderer.ts';

const TOAST_LIMIT = 1;
const TOAST_POSITION = 'top-right';

// Spec §9: one toast at a time. Set on the store itself so toasts raised before the
// renderer below has loaded are already queued one at a time.
notificationsStore.updateState((state) => ({ ...state, limit: TOAST_LIMIT, defaultPosition: TOAST_POSITION }));

const Notifications = lazy(loadToastRenderer);

/**
 * Mantine's toast renderer, loaded with the first toast rather than with every page:
 * `notifications.show()` works from the start; the renderer and its transitions arrive when needed.
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      {/* Spec §9: one toast at a time, 5 s by default. */}
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position={TOAST_POSITION} />
    </Suspense>
  );
}
