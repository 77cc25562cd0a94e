import './styles/mantine.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadRoute } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The opened page's screen first (its chunk is already downloading, see route-preload-plugin.ts): the first paint is
// then the page, not a loader that the page replaces a moment later.
// Rendered as a transition, React yields to the browser every few milliseconds instead of holding the main thread for
// the whole first render (issue 11: one long task was most of the page's blocking time).
void preloadRoute(window.location.pathname).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
});

// Spec §2: a service worker is registered at load. It serves only the driver screens offline (decision 016).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
