// Mantine's sheets for the components only the admin panel uses: imported by the admin route, so they arrive in the
// admin chunk's CSS and never weigh on the home page's first load (bench/page-weight.mjs).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/dates/styles.css';

/** The Mantine components used only in the admin panel (read by mantine-css.test.ts). */
export const ADMIN_STYLED_COMPONENTS = [
  'ActionIcon', 'Alert', 'Badge', 'Grid', 'Code', 'CopyButton', 'NumberInput', 'Pagination', 'PasswordInput', 'Select',
  'SegmentedControl', 'Table', 'Tabs', 'MultiSelect', 'Popover', 'Combobox', 'ScrollArea', 'Pill', 'PillsInput',
  'Switch',
  // The Import tab's file picker: an Input with a button, styled by the Input sheet the app already loads.
  'FileInput',
] as const;
