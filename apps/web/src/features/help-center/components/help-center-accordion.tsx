import { Accordion, Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HELP_SECTIONS, type HelpSectionId } from '../help-sections.ts';
import { HELP_TEXTS } from '../texts.ts';

interface HelpCenterAccordionProps {
  /** The body of each section; the page composes them from the site's support panels. */
  panels: Record<HelpSectionId, ReactNode>;
}

/** /help-center: Contact Us, Shipping Guide, Claims & Support, each opening in place and linking to its page. */
export function HelpCenterAccordion({ panels }: HelpCenterAccordionProps) {
  return (
    // order 2: each section title is a heading under the page's h1.
    <Accordion order={2} variant="separated" radius="md" chevronPosition="right">
      {HELP_SECTIONS.map((section) => (
        <Accordion.Item key={section.id} value={section.id}>
          <Accordion.Control>
            {/* Spans: a button holds phrasing content only. */}
            <Text component="span" display="block" fw={600}>
              {section.title}
            </Text>
            <Text component="span" display="block" size="sm" c="dimmed">
              {section.summary}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              {panels[section.id]}
              <Anchor component={Link} to={section.path} size="sm" fw={600}>
                {HELP_TEXTS.openPage(section.title)}
              </Anchor>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
