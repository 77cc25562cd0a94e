import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Calls onExpired when any admin query or mutation is answered 401 (the session ended: idle timeout, lifetime,
 * logout elsewhere). The panel then asks for the password over the open screen, so nothing typed is lost.
 */
export function useSessionExpiry(active: boolean, onExpired: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) onExpired();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) onExpired();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [active, onExpired, queryClient]);
}
