import { Modal, Text } from '@mantine/core';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { DriverSignIn } from './driver-sign-in.tsx';

/** Asks an expired session's driver for the PIN again, over the page (driver-session-gate.tsx mounts it when expired). */
export function ExpiredSessionDialog({ phone }: { phone: string }) {
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} centered title={T.sessionExpiredTitle} size="md">
      <Text size="sm" mb="md">
        {T.sessionExpired}
      </Text>
      <DriverSignIn initialPhone={phone} headingOrder={3} />
    </Modal>
  );
}
