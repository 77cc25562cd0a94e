import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/** What a card draws of a query: its data and whether it is still loading or has failed. */
export interface QueryView<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * A query's answer for drawing, deferred (issue 11). A query's changes reach its component synchronously (React Query
 * reads its cache through `useSyncExternalStore`, which React never renders as a transition): a card that draws the
 * answer there renders and commits in one task, and a few answers at once (a package's history, positions and live
 * data just after the page loads) made tasks long enough to count as blocking. Read through this, the synchronous
 * render sees the previous view, so memoised cards skip it; React then draws the new view as a deferred render, in
 * slices between the browser's own work. The view changes only when one of its three parts does.
 */
export function useQueryView<T>(query: UseQueryResult<T>): QueryView<T> {
  const { data, isPending, isError } = query;
  const view = useMemo(() => ({ data, isPending, isError }), [data, isPending, isError]);
  return useDeferredValue(view);
}
