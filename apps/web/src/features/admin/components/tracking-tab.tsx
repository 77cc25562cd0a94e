import { GPS_STALE_MS, SHARE_LINK_HOURS, type Package, formatPhone } from '@cargo/shared';
import { Alert, Anchor, Button, Group, List, NumberInput, Paper, Skeleton, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { mailtoHref } from '../../../lib/contact-links.ts';
import { useCreateShareLink } from '../api/create-share-link.ts';
import { useDevices } from '../api/get-devices.ts';
import { useDrivers } from '../api/get-drivers.ts';
import { usePackages } from '../api/get-packages.ts';
import { useShareLinks } from '../api/get-share-links.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.ts';
import { useSmsSetup } from '../api/sms-setup.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatTime } from '../utils/package-input.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import classes from './admin.module.css';
import { Pill } from './pill.tsx';
import { PackagePicker } from './package-picker.tsx';
import { copyText } from './tracking-ideas.tsx';

const T = ADMIN_TEXT.tracking;

const smsHref = (phone: string, body: string) => `sms:${phone.replace(/[^\d+]/g, '')}?&body=${encodeURIComponent(body)}`;
const whatsappHref = (phone: string, body: string) => `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(body)}`;

/** Methods: per driver, what is live now (browser, device, share link) and how old its last fix is. */
function Methods() {
  const now = useNow(5_000);
  const drivers = useDrivers();
  const devices = useDevices();
  const links = useShareLinks();
  const assigned = usePackages({ limit: 1000, sort: 'createdAt' });
  if (drivers.isPending) return <Skeleton height={100} />;
  if (drivers.isError) return <Alert color="red">{ADMIN_TEXT.common.loadFailed}</Alert>;
  if (drivers.data.length === 0) return <Text>{T.noDrivers}</Text>;
  const fresh = (iso: string | null) => iso !== null && now - Date.parse(iso) <= GPS_STALE_MS;
  const driverOfPackage = new Map((assigned.data?.packages ?? []).map((p) => [p.id, p.driverId]));
  return (
    <div className={classes.tableWrap} role="region" aria-label={T.methodsTitle} tabIndex={0}>
      <Table striped className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{ADMIN_TEXT.drivers.name}</Table.Th>
            <Table.Th>{T.browser}</Table.Th>
            <Table.Th>{T.device}</Table.Th>
            <Table.Th>{T.shareLink}</Table.Th>
            <Table.Th>{T.lastFix}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drivers.data.map((driver) => {
            const own = (devices.data ?? []).filter((d) => d.driverId === driver.id);
            const deviceLive = own.some((d) => fresh(d.lastSeenAt));
            const linkLive = (links.data ?? []).some((l) => l.kind === 'driver' && driverOfPackage.get(l.packageId) === driver.id);
            const browserLive = driver.isOnline && fresh(driver.lastLocationUpdate) && !deviceLive;
            const age = driver.lastLocationUpdate ? Math.max(0, Math.round((now - Date.parse(driver.lastLocationUpdate)) / 1000)) : null;
            const badge = (on: boolean) => (
              <Pill tone={on ? 'on' : 'off'}>{on ? 'Live' : 'Off'}</Pill>
            );
            return (
              <Table.Tr key={driver.id}>
                <Table.Td>{driver.name}</Table.Td>
                <Table.Td>{badge(browserLive)}</Table.Td>
                <Table.Td>{own.length ? badge(deviceLive) : <Text size="sm">—</Text>}</Table.Td>
                <Table.Td>{badge(linkLive)}</Table.Td>
                <Table.Td>{age === null ? T.none : T.ago(age)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function Mobile() {
  return (
    <Stack gap="sm" maw={640}>
      <Title order={2} size="h4">
        {T.mobileTitle}
      </Title>
      <List type="ordered" spacing={4}>
        {T.mobileSteps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Anchor href="/driver-portal">{T.portalLink}</Anchor>
    </Stack>
  );
}

/** SMS/chat: sms:, chat-app and mailto: links with the message, and the gateway only where one is configured. */
function SmsChat() {
  const [pkg, setPkg] = useState<Package | null>(null);
  const [phone, setPhone] = useState('');
  const [noGateway, setNoGateway] = useState(false);
  const sms = useSmsSetup();
  const link = pkg ? `${window.location.origin}/driver-track/${encodeURIComponent(pkg.trackingNumber)}` : '';
  const message = link ? T.message(link) : '';
  const ready = Boolean(pkg && phone.trim());

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) {
      toastError(T.phoneRequired, T.phoneRequiredBody);
      return;
    }
    if (!pkg) {
      toastError(T.selectPackage);
      return;
    }
    sms.mutate(
      { driverPhone: phone, trackingLink: link },
      {
        onSuccess: () => toastSuccess(T.sent),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 503) setNoGateway(true);
          else toastError(T.setupFailed, serverMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={send} noValidate aria-label={T.smsTitle}>
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4">
          {T.smsTitle}
        </Title>
        <PackagePicker label={T.package} value={pkg} onChange={(p) => { setPkg(p); if (p?.driverPhone && !phone) setPhone(formatPhone(p.driverPhone)); }} />
        <TextInput label={T.driverPhone} type="tel" required value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
        {message && (
          <Text size="sm" className={classes.mono}>
            {message}
          </Text>
        )}
        <Group>
          <Button component="a" href={ready ? smsHref(phone, message) : undefined} variant="default" disabled={!ready} data-disabled={!ready || undefined}>
            {T.smsLink}
          </Button>
          <Button component="a" href={ready ? whatsappHref(phone, message) : undefined} target="_blank" rel="noopener noreferrer" variant="default" disabled={!ready}>
            {T.whatsapp}
          </Button>
          <Button component="a" href={message ? mailtoHref('', 'Delivery tracking link', message) : undefined} variant="default" disabled={!message}>
            {T.email}
          </Button>
          <Button type="submit" loading={sms.isPending}>
            {T.sendGateway}
          </Button>
        </Group>
        {noGateway && (
          <Alert color="yellow" role="status">
            {T.noGateway}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** Share: customer links of 1 to 8 hours with a local QR code, and the live links with revoke. */
function Share() {
  const [pkg, setPkg] = useState<Package | null>(null);
  const [hours, setHours] = useState<number | string>(4);
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateShareLink();
  const links = useShareLinks();
  const revoke = useRevokeShareLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!pkg) {
      setError(T.selectPackage);
      toastError(T.selectPackage);
      return;
    }
    create.mutate(
      { packageId: pkg.id, hours: Number(hours), kind: 'customer' },
      {
        onSuccess: (link) => {
          setCreated(link);
          toastSuccess(T.linkCreated);
        },
        onError: (err) => {
          const message = (err instanceof ApiError && err.issues?.[0]?.message) || serverMessage(err);
          setError(message);
          toastError(T.linkFailed, message);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate aria-label={T.shareTitle}>
        <Stack gap="sm" maw={640}>
          <Title order={2} size="h4">
            {T.shareTitle}
          </Title>
          <PackagePicker label={T.package} value={pkg} onChange={setPkg} />
          <NumberInput label={T.hours} min={SHARE_LINK_HOURS.min} max={SHARE_LINK_HOURS.max} value={hours} onChange={setHours} allowDecimal={false} error={error ?? undefined} />
          <Button type="submit" loading={create.isPending}>
            {T.createLink}
          </Button>
        </Stack>
      </form>
      {created && (
        <Paper withBorder p="md" radius="md" role="region" aria-label={T.shareTitle}>
          <Stack gap="xs">
            <Text size="sm">{T.linkOnce}</Text>
            <Anchor href={created.url} target="_blank" rel="noopener noreferrer" className={classes.mono}>
              {created.url}
            </Anchor>
            <Text size="sm">
              {T.expires}: {formatTime(created.expiresAt)}
            </Text>
            <Group>
              <Button variant="default" size="xs" onClick={() => void copyText(created.url)}>
                {T.copyLink}
              </Button>
              <Button variant="default" size="xs" component="a" href={mailtoHref('', 'Follow your delivery', T.customerMessage(created.url))}>
                {T.email}
              </Button>
            </Group>
            <QrCode value={created.url} label={T.linkQr} size={176} />
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {T.liveTitle}
        </Title>
        {links.isPending ? (
          <Skeleton height={60} />
        ) : (links.data ?? []).length === 0 ? (
          <Text>{T.noLive}</Text>
        ) : (
          <div className={classes.tableWrap} role="region" aria-label={T.liveTitle} tabIndex={0}>
            <Table striped className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{ADMIN_TEXT.packages.columns.trackingNumber}</Table.Th>
                  <Table.Th>{T.kind}</Table.Th>
                  <Table.Th>{T.expires}</Table.Th>
                  <Table.Th>{ADMIN_TEXT.packages.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(links.data ?? []).map((link) => (
                  <Table.Tr key={link.id}>
                    <Table.Td>{link.trackingNumber}</Table.Td>
                    <Table.Td>{link.kind}</Table.Td>
                    <Table.Td>{formatTime(link.expiresAt)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`${T.revoke} ${link.kind} link of ${link.trackingNumber}`}
                        onClick={() =>
                          revoke.mutate(link.id, { onSuccess: () => toastSuccess(T.revoked), onError: (err) => toastError(T.revokeFailed, serverMessage(err)) })
                        }
                      >
                        {T.revoke}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Paper>
    </Stack>
  );
}

/** The Tracking tab: Methods, Mobile, SMS/chat, Share (design.md §8: links and local QR codes, never pretend sends). */
export function TrackingTab() {
  const [tab, setTab] = useState<string>('methods');
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v)} variant="pills" keepMounted={false}>
      <Tabs.List aria-label={ADMIN_TEXT.tabs.tracking} mb="md">
        <Tabs.Tab value="methods">{T.subtabs.methods}</Tabs.Tab>
        <Tabs.Tab value="mobile">{T.subtabs.mobile}</Tabs.Tab>
        <Tabs.Tab value="sms">{T.subtabs.sms}</Tabs.Tab>
        <Tabs.Tab value="share">{T.subtabs.share}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="methods">
        <Methods />
      </Tabs.Panel>
      <Tabs.Panel value="mobile">
        <Mobile />
      </Tabs.Panel>
      <Tabs.Panel value="sms">
        <SmsChat />
      </Tabs.Panel>
      <Tabs.Panel value="share">
        <Share />
      </Tabs.Panel>
    </Tabs>
  );
}
