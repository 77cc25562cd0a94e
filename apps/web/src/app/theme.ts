import { createTheme, Notification, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8: white on the filled blue and blue text on white or grey-0 both reach 4.5:1 (shade 7 gives 4.2).
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  // Keyboard users always see where focus is; mouse clicks do not leave a ring.
  focusRing: 'auto',
  headings: { fontWeight: '700' },
  components: {
    // A toast's close button is an icon: it needs a name for screen readers (axe: button-name).
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } }),
  },
});

/**
 * Text colours raised to WCAG AA contrast (4.5:1) in the light scheme; Mantine's defaults fall short:
 * dimmed text gray-6 (3.3:1), error text red-6 (3.3:1), and the light variant's text on its own tint
 * (4.4:1 at shade 8).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.keys(resolvedTheme.colors).map((color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`]),
    ),
  },
  dark: {},
});
