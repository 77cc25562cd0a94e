import { Modal, Text } from '@mantine/core';
import { ADMIN_TEXT } from '../texts.ts';
import { LoginForm } from './login-form.tsx';

const T = ADMIN_TEXT.login;

/** The session ended while the panel was open: the password again, over the panel, so unsaved input stays. */
export function ExpiredLogin({ email, onSignedIn }: { email: string; onSignedIn: (token: string, email: string) => void }) {
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title={T.expiredTitle} centered>
      <Text size="sm" mb="md">
        {T.expired}
      </Text>
      <LoginForm onSignedIn={onSignedIn} initialEmail={email} />
    </Modal>
  );
}
