// Mantine's CSS, only for the components this app uses (the whole sheet is ~30 KB gzip of the home page's budget).
// Order matters: the base sheets first, then components after the components they build on.
// A component used anywhere in apps/web must have its sheet here: mantine-css.test.ts fails otherwise.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The theme's own variables, written once rather than rendered by MantineProvider at every start (decision 043).
import './theme-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

/** The Mantine components whose sheets are imported above (read by mantine-css.test.ts). */
export const STYLED_COMPONENTS = [
  'Accordion', 'Alert', 'Anchor', 'Badge', 'Box', 'Burger', 'Button', 'Card', 'Center', 'Checkbox', 'CloseButton', 'Container', 'Divider', 'Drawer',
  'Group', 'List', 'Loader', 'Modal', 'NativeSelect', 'Notification', 'Paper', 'Progress', 'SimpleGrid', 'Skeleton', 'Stack', 'Text',
  'TextInput', 'Textarea', 'ThemeIcon', 'Title', 'UnstyledButton', 'VisuallyHidden',
] as const;
