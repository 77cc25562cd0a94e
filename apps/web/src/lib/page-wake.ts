/**
 * Calls `listener` when the network returns (`online`) or the page becomes visible again: the moments to try a lost
 * connection at once rather than at the end of a backoff (after traccar-web's SocketController). Answers the function
 * that stops listening.
 */
export function onPageWake(listener: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener('online', listener);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('online', listener);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
