import type { Driver } from '@cargo/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { useDriverMe } from '../api/get-driver-me.ts';
import { useDriverSession } from '../hooks/use-driver-session.ts';
import { DriverSignIn } from './driver-sign-in.tsx';

/**
 * The dialog of an expired session, a chunk of its own (Mantine's Modal brings its portal, focus trap and scroll area,
 * a third of a driver screen's script): fetched when a session expires, not before a driver screen's first paint
 * (issue 21, part 7; decision 052).
 */
const ExpiredDialog = lazy(() => import('./expired-session-dialog.tsx').then((m) => ({ default: m.ExpiredSessionDialog })));

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
      {session.expired && (
        <Suspense fallback={null}>
          <ExpiredDialog phone={session.driver.phone} />
        </Suspense>
      )}
    </>
  );
}
