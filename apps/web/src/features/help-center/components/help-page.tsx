import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { HELP_SECTION_BY_ID, type HelpSectionId } from '../help-sections.ts';
import { HELP_TEXTS } from '../texts.ts';
import classes from './help-page.module.css';

interface HelpPageProps {
  section: HelpSectionId;
  children: ReactNode;
}

function ArrowLeftIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
      <path d="M19 12H5m6-6-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A help detail page: the way back, the title, a summary and the section's content. */
export function HelpPage({ section, children }: HelpPageProps) {
  const { title, summary } = HELP_SECTION_BY_ID[section];
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.helpCenter} size="sm" fw={600} className={classes.back}>
          <ArrowLeftIcon />
          {HELP_TEXTS.backToHelpCenter}
        </Anchor>
        <div>
          <Title order={1} mb="xs">
            {title}
          </Title>
          <Text c="dimmed">{summary}</Text>
        </div>
        {children}
      </Stack>
    </Container>
  );
}
