import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandLink } from './brand-link.tsx';
import classes from './layout.module.css';
import { ADMIN_NAV, HELP_CENTER_NAV, PRIMARY_NAV } from './nav-links.ts';

// The drawer and the dialog (Mantine's modal machinery, ~14 KB gzip) load on first use only.
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));
const ContactSupportDialog = lazy(() =>
  import('../../features/site-config/components/contact-support-dialog.tsx').then((module) => ({
    default: module.ContactSupportDialog,
  })),
);

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const [menuMounted, setMenuMounted] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  const [supportMounted, setSupportMounted] = useState(false);
  const [supportOpened, setSupportOpened] = useState(false);
  // The support dialog opens only once the drawer has closed, so the two never fight over focus.
  const supportRequested = useRef(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    setMenuOpened(false);
  }, [pathname]);

  // Both overlays mount already open (they load on demand), which skips Mantine's own focus
  // return; focus goes back to the burger explicitly instead.
  const returnFocusToBurger = () => burgerRef.current?.focus();

  return (
    <header className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <BrandLink />
          <Group gap="xs" wrap="nowrap" visibleFrom="md">
            <nav aria-label="Main">
              <Group gap={4} wrap="nowrap">
                {[...PRIMARY_NAV, HELP_CENTER_NAV].map((item) => (
                  <NavLink key={item.to} to={item.to} end={item.end} className={classes.navLink}>
                    {item.label}
                  </NavLink>
                ))}
              </Group>
            </nav>
            <Button component={Link} to={ADMIN_NAV.to} size="sm">
              {ADMIN_NAV.label}
            </Button>
          </Group>
          <Box hiddenFrom="md">
            <Burger
              ref={burgerRef}
              opened={menuOpened}
              onClick={() => {
                setMenuMounted(true);
                setMenuOpened((open) => !open);
              }}
              aria-label="Open navigation menu"
              aria-expanded={menuOpened}
              aria-controls={menuOpened ? MOBILE_MENU_ID : undefined}
              size="sm"
            />
          </Box>
        </Group>
      </Container>
      <Suspense fallback={null}>
        {menuMounted ? (
          <MobileMenu
            id={MOBILE_MENU_ID}
            opened={menuOpened}
            onClose={() => setMenuOpened(false)}
            onOpenSupport={() => {
              supportRequested.current = true;
              setMenuOpened(false);
            }}
            onClosed={() => {
              if (supportRequested.current) {
                supportRequested.current = false;
                setSupportMounted(true);
                setSupportOpened(true);
              } else {
                returnFocusToBurger();
              }
            }}
          />
        ) : null}
        {supportMounted ? (
          <ContactSupportDialog
            opened={supportOpened}
            onClose={() => setSupportOpened(false)}
            onClosed={returnFocusToBurger}
          />
        ) : null}
      </Suspense>
    </header>
  );
}
