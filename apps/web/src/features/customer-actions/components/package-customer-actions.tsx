import { FEEDBACK_TAG_LABELS, SAFE_PLACE_LABELS, type PackageCustomerActions as Actions } from '@cargo/shared';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { serverMessage, toastError } from '../../../lib/toast.ts';
import { useCustomerLink, useSendCustomerLink } from '../api/customer-link.ts';
import { usePackageCustomerActions } from '../api/package-customer-actions.ts';
import { DISPATCH_CA_TEXTS as T } from '../dispatch-texts.ts';
import { chosenLabel } from './chosen-label.ts';
import { Stars } from './stars.tsx';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A package's customer side for dispatch (issue 33), under its Edit form: the customer link to copy (with the link
 * shown in a field, for a browser that refuses the clipboard), to text or to email now; and what the customer gave:
 * instructions, safe place, waiver, access code (dispatch may see it), the days they chose and their rating.
 */
export function PackageCustomerActions({ packageId, hasEmail }: { packageId: string; hasEmail: boolean }) {
  const actions = usePackageCustomerActions(packageId);
  return (
    <Paper withBorder p="md" radius="md" mt="md" component="section" aria-labelledby="customer-actions-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="customer-actions-title">
          {T.packageTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {T.packageIntro}
        </Text>
        <LinkActions packageId={packageId} hasEmail={hasEmail} />
        {actions.isPending ? <Skeleton height={80} /> : actions.isError ? <Alert color="red">{serverMessage(actions.error) ?? T.loadFailed}</Alert> : <Given actions={actions.data} />}
      </Stack>
    </Paper>
  );
}

function LinkActions({ packageId, hasEmail }: { packageId: string; hasEmail: boolean }) {
  const link = useCustomerLink(packageId);
  const send = useSendCustomerLink(packageId);
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = () =>
    link.mutate(undefined, {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          setCopied(true);
        } catch {
          // No clipboard (an http address, a refused permission): the link is in the field, selected for the keyboard.
          setCopied(false);
          requestAnimationFrame(() => field.current?.select());
        }
      },
      onError: (error) => toastError(T.linkFailed, serverMessage(error)),
    });
  const sendBy = (channel: 'sms' | 'email') => send.mutate({ channel }, { onError: (error) => toastError(T.sendFailed, serverMessage(error)) });

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button variant="light" onClick={copy} loading={link.isPending}>
          {T.copyLink}
        </Button>
        <Button variant="light" onClick={() => sendBy('sms')} loading={send.isPending && send.variables?.channel === 'sms'}>
          {T.textLink}
        </Button>
        {hasEmail && (
          <Button variant="default" onClick={() => sendBy('email')} loading={send.isPending && send.variables?.channel === 'email'}>
            {T.emailLink}
          </Button>
        )}
      </Group>
      {link.data && (
        // A text area, so the whole link shows on a phone too (it wraps anywhere).
        <Textarea
          ref={field}
          label={T.linkLabel}
          value={link.data.url}
          readOnly
          autosize
          minRows={1}
          onFocus={(e) => e.currentTarget.select()}
          description={`${copied ? T.copied : T.copyByHand} ${T.linkUntil(when(link.data.expiresAt))}`}
          styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
        />
      )}
      {send.data && (
        <Text size="sm" role="status">
          {T.sent(send.data.channel, send.data.to, new Date(send.data.sentAt).toLocaleTimeString('en-US', { timeStyle: 'short' }))}
        </Text>
      )}
    </Stack>
  );
}

function Given({ actions }: { actions: Actions }) {
  const { instructions, reschedules, feedback } = actions;
  if (!instructions && reschedules.length === 0 && !feedback) return <Text>{T.nothingYet}</Text>;
  const place = instructions?.safePlace
    ? `${SAFE_PLACE_LABELS[instructions.safePlace]}${instructions.safePlace === 'neighbour' && instructions.neighbourName ? `: ${instructions.neighbourName}` : ''}`
    : T.none;
  return (
    <Stack gap="md">
      {instructions && (
        <div>
          <Title order={4} size="h5" mb={4}>
            {T.instructionsTitle}
          </Title>
          <Table withRowBorders={false} layout="fixed" aria-label={T.instructionsTitle}>
            <Table.Tbody>
              <Row label={T.instructions} value={instructions.instructions || T.none} />
              <Row label={T.safePlace} value={place} />
              <Row label={T.withoutSignature} value={instructions.signatureWaived ? T.yes : T.no} />
              <Row label={T.accessCode} value={instructions.accessCode ?? T.none} hint={instructions.accessCode ? T.accessCodeHint : undefined} />
              <Row label={T.updated} value={when(instructions.updatedAt)} />
            </Table.Tbody>
          </Table>
        </div>
      )}
      {reschedules.length > 0 && (
        <div>
          <Title order={4} size="h5" mb={4}>
            {T.reschedulesTitle}
          </Title>
          <ol style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {reschedules.map((r) => (
              <li key={r.createdAt}>
                <Text span fw={600}>
                  {chosenLabel(r.day, r.window)}
                </Text>{' '}
                <Text span size="sm" c="dimmed">
                  ({T.chosenOn(when(r.createdAt))})
                </Text>
              </li>
            ))}
          </ol>
        </div>
      )}
      {feedback && (
        <div>
          <Title order={4} size="h5" mb={4}>
            {T.ratingTitle}
          </Title>
          <Group gap="xs" mb={4}>
            <Stars value={feedback.stars} />
            <Text fw={600}>{T.stars(feedback.stars)}</Text>
          </Group>
          {feedback.comment && (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} aria-label={T.comment}>
              “{feedback.comment}”
            </Text>
          )}
          {feedback.tags.length > 0 && (
            <Group gap={4} mt={4} aria-label={T.tags}>
              {feedback.tags.map((tag) => (
                <Badge key={tag} variant="light" color={tag === 'late' || tag === 'damaged' ? 'red' : 'teal'}>
                  {FEEDBACK_TAG_LABELS[tag]}
                </Badge>
              ))}
            </Group>
          )}
          <Text size="sm" c="dimmed" mt={4}>
            {T.rated(when(feedback.createdAt), feedback.updatedAt !== feedback.createdAt ? when(feedback.updatedAt) : null)}
          </Text>
        </div>
      )}
    </Stack>
  );
}

function Row({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="35%" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
