import { Stack, Text, Title } from '@mantine/core';
import { INTEGRATION_TEXT } from '../texts.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

/** The Integrations tab of the admin panel (issue 19): API keys, and webhook endpoints with their deliveries. */
export function IntegrationsTab() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {INTEGRATION_TEXT.title}
        </Title>
        <Text size="sm" c="dimmed" maw={780}>
          {INTEGRATION_TEXT.intro}
        </Text>
      </div>
      <ApiKeysSection />
      <WebhooksSection />
    </Stack>
  );
}
