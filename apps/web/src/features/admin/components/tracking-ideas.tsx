import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_TEXT } from '../texts.ts';
import { toastError } from '../../../lib/toast.ts';
import { trackingIdeas } from '../utils/tracking-ideas.ts';
import classes from './admin.module.css';

const T = ADMIN_TEXT.ideas;
/** Spec §9: the copied indicator lasts 2 seconds. */
const COPIED_MS = 2_000;

/** Copies text; 'Copy failed' when the browser gives no clipboard (an insecure origin, a denied permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    toastError(T.copyFailed, T.copyFailedBody);
    return false;
  }
}

/** Six generated tracking numbers, each with Copy and Use (spec §2 'Create'). */
export function TrackingIdeas({ onUse }: { onUse: (value: string) => void }) {
  const [ideas, setIdeas] = useState(() => trackingIdeas());
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async (value: string) => {
    if (await copyText(value)) {
      setCopied(value);
      setTimeout(() => setCopied((c) => (c === value ? null : c)), COPIED_MS);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {T.title}
        </Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={T.title}>
          {ideas.map((idea) => (
            <li key={idea.format} style={{ marginBottom: 8 }}>
              <Text size="xs" c="dimmed">
                {idea.format}
              </Text>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <span className={classes.mono}>{idea.value}</span>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="default" onClick={() => void copy(idea.value)} aria-label={`${T.copy} ${idea.value}`}>
                    {copied === idea.value ? T.copied : T.copy}
                  </Button>
                  <Button size="compact-xs" variant="light" onClick={() => onUse(idea.value)} aria-label={`${T.use} ${idea.value}`}>
                    {T.use}
                  </Button>
                </Group>
              </Group>
            </li>
          ))}
        </ul>
        <Button variant="subtle" size="xs" onClick={() => setIdeas(trackingIdeas())}>
          {T.regenerate}
        </Button>
      </Stack>
    </Paper>
  );
}
