import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { HELP_SECTIONS } from '../help-sections.ts';
import { HELP_TEXTS } from '../texts.ts';

/** /test-nav: a plain list of links to the three help pages. */
export function HelpLinks() {
  return (
    <nav aria-label={HELP_TEXTS.testNav.navLabel}>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {HELP_SECTIONS.map((section) => (
          <li key={section.id}>
            <Anchor component={Link} to={section.path} fw={600}>
              {section.title}
            </Anchor>
          </li>
        ))}
      </Stack>
    </nav>
  );
}
