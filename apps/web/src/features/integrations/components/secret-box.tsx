import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { INTEGRATION_TEXT } from '../texts.ts';

const T = INTEGRATION_TEXT.secret;

interface SecretBoxProps {
  /** The label of the box ('New API key', 'Signing secret'). */
  label: string;
  value: string;
  /** The 'shown only once' warning. */
  warning: string;
  /** An extra line under the warning (after a rotation: until when the previous secret signs). */
  note?: string | undefined;
  onDone: () => void;
}

/**
 * A key or secret the server gives once: a read-only box to select or copy it, and a warning that it will not be
 * shown again. It lives only in the page's memory, so a reload forgets it.
 */
export function SecretBox({ label, value, warning, note, onDone }: SecretBoxProps) {
  return (
    <Alert color="yellow" variant="light" title={label} role="status" styles={{ title: { color: "var(--mantine-color-text)" } }}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {warning}
        </Text>
        {note && <Text size="sm">{note}</Text>}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={label}
            value={value}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            style={{ flex: '1 1 16rem', minWidth: 0 }}
          />
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} color={copied ? 'green' : undefined} onClick={copy} aria-label={`${T.copy}: ${label}`}>
                {copied ? T.copied : T.copy}
              </Button>
            )}
          </CopyButton>
          <Button variant="subtle" onClick={onDone}>
            {T.done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
