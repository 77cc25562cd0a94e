import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_TEXT } from '../texts.ts';
import classes from './admin.module.css';
import { copyText } from './tracking-ideas.tsx';

const T = ADMIN_TEXT.drivers;

/** A driver's PIN, shown once (at creation or reset) with a copy button. */
export function PinModal({ shown, onClose }: { shown: { name: string; pin: string } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Modal opened={Boolean(shown)} onClose={() => { setCopied(false); onClose(); }} title={T.pinTitle} centered>
      {shown && (
        <Stack gap="sm">
          <Text>{T.pinOnce(shown.name)}</Text>
          <Text size="xl" fw={700} className={classes.mono} aria-label={`PIN ${shown.pin.split('').join(' ')}`} data-testid="driver-pin">
            {shown.pin}
          </Text>
          <Group>
            <Button variant="default" onClick={() => void copyText(shown.pin).then((ok) => setCopied(ok))}>
              {copied ? T.pinCopied : T.copyPin}
            </Button>
            <Button onClick={() => { setCopied(false); onClose(); }}>{T.done}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
