import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import classes from './layout/layout.module.css';
import { SiteFooter } from './layout/site-footer.tsx';
import { SiteHeader } from './layout/site-header.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';

const MAIN_ID = 'main-content';

/** Every page: skip link, header, the page itself, footer. */
export function AppShell() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  // A newly opened page starts at its top; back and forward keep the browser's own restoration.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        Skip to main content
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
