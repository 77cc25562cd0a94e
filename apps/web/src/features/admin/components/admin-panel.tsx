import { Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../api/get-me.ts';
import { adminKeys } from '../api/keys.ts';
import { readAdminToken, storeAdminToken } from '../api/login.ts';
import { useLogout } from '../api/logout.ts';
import { useSessionExpiry } from '../hooks/use-session-expiry.ts';
import { AdminSlotsContext, type AdminSlots } from '../slots.tsx';
import { ADMIN_TEXT } from '../texts.ts';
import classes from './admin.module.css';
import { LoginForm } from './login-form.tsx';

const T = ADMIN_TEXT.login;

/**
 * The signed-in panel's tabs (the Packages tab first) are a chunk of its own: the sign-in screen does not wait for it. With
 * a stored session it is fetched once the panel's heading has painted, alongside the session check (issue 21, part 7;
 * decision 052).
 */
const loadShell = () => import('./admin-shell.tsx');
const AdminShell = lazy(() => loadShell().then((m) => ({ default: m.AdminShell })));
/** The password asked again over the panel when the session ends: Mantine's Modal, fetched when it is needed. */
const ExpiredLogin = lazy(() => import('./expired-login.tsx').then((m) => ({ default: m.ExpiredLogin })));

function readTokenAndPreload(): string | null {
  const token = readAdminToken();
  if (token) void afterFirstPaint().then(loadShell).catch(() => undefined);
  return token;
}

function Checking() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={T.checking} />
    </Center>
  );
}


export interface AdminPanelProps {
  /** The Driver Portal tab's content, given by the route (features do not import one another). */
  driverPortal: ReactNode;
  /** The Notifications tab (features/notifications), composed by the route: features do not import one another. */
  notifications: ReactNode;
  /** The Integrations tab (features/integrations), composed by the route. */
  integrations: ReactNode;
  proofTab: ReactNode;
  /** The other features' views the panel shows (fleet map, CSV export, stop order), given by the route. */
  slots?: AdminSlots;
}

/**
 * /admin: the login screen, or the control panel once the stored session is checked (spec §2, §4 'Admin session').
 * A session that ends while the panel is open asks for the password over the panel, so unsaved input stays.
 */
const NO_SLOTS: AdminSlots = {};

export function AdminPanel({ driverPortal, proofTab, notifications, integrations, slots = NO_SLOTS }: AdminPanelProps) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(readTokenAndPreload);
  const [expired, setExpired] = useState(false);
  const me = useMe(Boolean(token));
  const logout = useLogout();

  // A failed session check clears the token and returns to login (spec §4).
  const checkFailed = me.isError && me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (checkFailed) {
      storeAdminToken(null);
      setToken(null);
    }
  }, [checkFailed]);

  const onExpired = useCallback(() => {
    storeAdminToken(null);
    setExpired(true);
  }, []);
  useSessionExpiry(Boolean(token) && me.isSuccess && !expired, onExpired);

  const signedIn = (newToken: string) => {
    storeAdminToken(newToken);
    setToken(newToken);
    setExpired(false);
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };

  const signOut = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        storeAdminToken(null);
        setToken(null);
        queryClient.removeQueries({ queryKey: adminKeys.all });
      },
    });
  };

  if (!token || checkFailed) {
    return (
      <Container size={420} py="xl">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs" mb="md">
            <Title order={1} size="h2">
              {T.title}
            </Title>
            <Text c="dimmed">{T.intro}</Text>
          </Stack>
          <LoginForm onSignedIn={signedIn} />
        </Paper>
      </Container>
    );
  }

  if (me.isError) {
    return (
      <Center py="xl">
        <Text role="alert">{ADMIN_TEXT.common.loadFailed}</Text>
      </Center>
    );
  }

  // The heading and the top bar are drawn here, from the first render on, while the session is checked and the tabs'
  // code arrives: the page's largest text paints with its first paint and stays the same element (issue 21, part 7).
  return (
    <>
      <Container size="xl" py="md" className={classes.shell}>
        <Group justify="space-between" wrap="wrap" mb="md" className={classes.topBar}>
          <Title order={1} size="h2">
            {ADMIN_TEXT.shell.title}
          </Title>
          {me.data && (
            <Group gap="sm">
              <Text size="sm">
                {ADMIN_TEXT.shell.signedInAs} <strong>{me.data.user.email}</strong>
              </Text>
              <Button variant="default" size="xs" onClick={signOut} loading={logout.isPending}>
                {ADMIN_TEXT.shell.logout}
              </Button>
            </Group>
          )}
        </Group>
        {me.data ? (
          <AdminSlotsContext.Provider value={slots}>
            <Suspense fallback={<Checking />}>
              <AdminShell driverPortal={driverPortal} proofTab={proofTab} notifications={notifications} integrations={integrations} />
            </Suspense>
          </AdminSlotsContext.Provider>
        ) : (
          <Checking />
        )}
      </Container>
      {expired && me.data && (
        <Suspense fallback={null}>
          <ExpiredLogin email={me.data.user.email} onSignedIn={signedIn} />
        </Suspense>
      )}
    </>
  );
}
