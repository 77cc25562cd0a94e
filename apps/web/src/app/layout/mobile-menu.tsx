import { Button, Divider, Drawer, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { HeadsetIcon } from '../../components/ui/icons.tsx';
import classes from './layout.module.css';
import { ADMIN_NAV, PRIMARY_NAV, SUPPORT_BUTTON_LABEL } from './nav-links.ts';

interface MobileMenuProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  onOpenSupport: () => void;
  /** Runs once the drawer has finished closing; the caller returns focus. */
  onClosed: () => void;
}

/** Mantine's `md` breakpoint, from which the header shows its own links. */
const DESKTOP_QUERY = '(min-width: 62em)';

/** The small-screen menu: the header's links except Help Center, plus Support (spec 'Header and footer'). */
export function MobileMenu({ id, opened, onClose, onOpenSupport, onClosed }: MobileMenuProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  // Widening the window past the breakpoint hides the drawer; close it so the page scrolls again.
  useEffect(() => {
    if (isDesktop && opened) onClose();
  }, [isDesktop, opened, onClose]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      returnFocus={false}
      position="right"
      size="min(320px, 85vw)"
      title="Menu"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      hiddenFrom="md"
    >
      {/* The id the menu button's aria-controls points to; Mantine's Drawer does not put its id on an element. */}
      <Stack gap="md" id={id}>
        <nav aria-label="Mobile">
          <Stack gap={4}>
            {[...PRIMARY_NAV, ADMIN_NAV].map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={classes.mobileLink} onClick={onClose}>
                {item.label}
              </NavLink>
            ))}
          </Stack>
        </nav>
        <Divider />
        <Button variant="light" leftSection={<HeadsetIcon size={16} />} onClick={onOpenSupport} fullWidth>
          {SUPPORT_BUTTON_LABEL}
        </Button>
      </Stack>
    </Drawer>
  );
}
