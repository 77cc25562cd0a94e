import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSiteConfig, type SiteConfig } from '../api/get-site-config.ts';
import { SUPPORT_TEXTS } from '../texts.ts';

interface SiteConfigContentProps {
  children: (config: SiteConfig) => ReactNode;
  /** Placeholder lines while the configuration loads. */
  skeletonLines?: number;
}

/** Renders its children with the site configuration; skeleton lines while loading, a retry on failure. */
export function SiteConfigContent({ children, skeletonLines = 2 }: SiteConfigContentProps) {
  const { data, isPending, refetch, isFetching } = useSiteConfig();
  if (data) return <>{children(data)}</>;
  if (isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading contact details">
        {Array.from({ length: skeletonLines }, (_, index) => (
          <Skeleton key={index} height={14} width={index % 2 ? '60%' : '85%'} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {SUPPORT_TEXTS.unavailable}
      </Text>
      <Button size="compact-sm" variant="light" loading={isFetching} onClick={() => void refetch()}>
        {SUPPORT_TEXTS.retry}
      </Button>
    </Stack>
  );
}
