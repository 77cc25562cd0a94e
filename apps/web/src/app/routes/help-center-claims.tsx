import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HelpPage } from '../../features/help-center/components/help-page.tsx';
import { HELP_SECTION_BY_ID } from '../../features/help-center/help-sections.ts';
import { HELP_TEXTS } from '../../features/help-center/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { ClaimsPanel } from '../../features/site-config/components/support-panels.tsx';

export default function HelpCenterClaimsRoute() {
  const contact = HELP_SECTION_BY_ID.contact;
  return (
    <HelpPage section="claims">
      <PageTitle title={HELP_SECTION_BY_ID.claims.title} />
      <ClaimsPanel />
      <Text size="sm">{HELP_TEXTS.claimsPage.tip}</Text>
      <Text size="sm">
        {HELP_TEXTS.claimsPage.otherWays}:{' '}
        <Anchor component={Link} to={contact.path} size="sm" fw={600}>
          {contact.title}
        </Anchor>
      </Text>
    </HelpPage>
  );
}
