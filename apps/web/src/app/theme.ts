import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  // Keyboard users always see where focus is; mouse clicks do not leave a ring.
  focusRing: 'auto',
  headings: { fontWeight: '700' },
});
