import './styles/mantine.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadRoute } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The opened page's screen first (its chunk is already downloading, see route-preload-plugin.ts): the first paint is
// then the page, not a loader that the page replaces a moment later.
void preloadRoute(window.location.pathname).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});

// Spec §2: a service worker is registered at load. It serves only the driver screens offline (decision 016).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
