import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { adminKeys } from '../api/keys.ts';

function refetchPanel(queryClient: QueryClient) {
  // The session check is not the panel's data: asking it again would only flash the spinner.
  return queryClient.invalidateQueries({ queryKey: adminKeys.all, predicate: (query) => query.queryKey[1] !== adminKeys.me[1] });
}

/**
 * The panel's lists never go stale on their own (spec §7: no refetch on focus, no polling), yet a dispatcher keeps the
 * panel open all day while packages are created elsewhere. Showing a tab again, or coming back to the browser tab,
 * asks the server again for what the panel shows, so nothing needs a reload.
 */
export function useRefetchOnShow(tab: string) {
  const queryClient = useQueryClient();
  const shown = useRef(tab);

  useEffect(() => {
    if (shown.current === tab) return;
    shown.current = tab;
    void refetchPanel(queryClient);
  }, [tab, queryClient]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refetchPanel(queryClient);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [queryClient]);
}
