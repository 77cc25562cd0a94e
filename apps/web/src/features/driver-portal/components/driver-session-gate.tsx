import type { Driver } from '@cargo/shared';
import { Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDriverMe } from '../api/get-driver-me.ts';
import { useDriverSession } from '../hooks/use-driver-session.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { DriverSignIn } from './driver-sign-in.tsx';

export interface DriverSessionGateProps {
  allowCreate?: boolean;
  /** The sign-in form's heading level (3 inside the admin panel's tab). */
  headingOrder?: 2 | 3;
  /** Shown above the sign-in form when nobody is signed in. */
  signedOutIntro?: ReactNode;
  children: (session: { token: string | null; driver: Driver }) => ReactNode;
}

/**
 * Shows the sign-in form until a driver is signed in, then the page. When the session expires (401) the page stays
 * mounted, tracking state and typed text included, and a dialog asks for the PIN again.
 */
export function DriverSessionGate({ allowCreate = false, headingOrder = 2, signedOutIntro, children }: DriverSessionGateProps) {
  const session = useDriverSession();
  // Confirms a stored session on load (a 401 marks it expired) and keeps the driver's details fresh.
  useDriverMe(session.token);
  if (!session.driver) {
    return (
      <>
        {signedOutIntro}
        <DriverSignIn allowCreate={allowCreate} headingOrder={headingOrder} />
      </>
    );
  }
  return (
    <>
      {children({ token: session.token, driver: session.driver })}
      <Modal opened={session.expired} onClose={() => undefined} withCloseButton={false} centered title={T.sessionExpiredTitle} size="md">
        <Text size="sm" mb="md">
          {T.sessionExpired}
        </Text>
        <DriverSignIn initialPhone={session.driver.phone} headingOrder={3} />
      </Modal>
    </>
  );
}
