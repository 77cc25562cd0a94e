import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import { telHref, mailtoHref } from '../../../lib/contact-links.ts';
import { SUPPORT_TEXTS } from '../texts.ts';
import { SiteConfigContent } from './site-config-content.tsx';

/** Only http(s) links become anchors, whatever the configuration holds. */
function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The footer's Contact Team block: who to call or write to. */
export function ContactTeam() {
  return (
    <SiteConfigContent skeletonLines={5}>
      {(config) => (
        <Stack gap="xs" component="address" style={{ fontStyle: 'normal' }}>
          {[config.coordinator, config.manager].map((contact) => (
            <div key={contact.role}>
              <Text size="sm" fw={600}>
                {contact.name}
              </Text>
              {/* An unnamed contact is configured by role alone: say it once. */}
              {contact.role !== contact.name ? (
                <Text size="xs" c="dimmed">
                  {contact.role}
                </Text>
              ) : null}
              <Anchor href={telHref(contact.phone)} size="sm">
                {contact.phone}
              </Anchor>
            </div>
          ))}
          {config.dispatchPhone ? (
            <Text size="sm">
              {SUPPORT_TEXTS.dispatch}:{' '}
              <Anchor href={telHref(config.dispatchPhone)} size="sm">
                {config.dispatchPhone}
              </Anchor>
            </Text>
          ) : null}
          <Anchor href={mailtoHref(config.supportEmail)} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {config.supportEmail}
          </Anchor>
          {config.socialUrl && isWebAddress(config.socialUrl) ? (
            <Anchor href={config.socialUrl} size="sm" target="_blank" rel="noopener noreferrer">
              {SUPPORT_TEXTS.followUs}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          ) : null}
        </Stack>
      )}
    </SiteConfigContent>
  );
}
