import { Button, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HelpPage } from '../../features/help-center/components/help-page.tsx';
import { HELP_SECTION_BY_ID } from '../../features/help-center/help-sections.ts';
import { HELP_TEXTS } from '../../features/help-center/texts.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { ShippingGuidePanel } from '../../features/site-config/components/support-panels.tsx';
import { paths } from '../../lib/paths.ts';

export default function HelpCenterShippingGuideRoute() {
  return (
    <HelpPage section="shippingGuide">
      <PageTitle title={HELP_SECTION_BY_ID.shippingGuide.title} />
      <Paper withBorder radius="md" p="md">
        <ShippingGuidePanel />
      </Paper>
      <section aria-labelledby="shipping-guide-next">
        <Title order={2} size="h5" id="shipping-guide-next" mb="sm">
          {HELP_TEXTS.shippingGuidePage.nextTitle}
        </Title>
        <Group gap="sm">
          <Button component={Link} to={paths.schedulePickup}>
            {HELP_TEXTS.shippingGuidePage.schedulePickup}
          </Button>
          <Button component={Link} to={paths.home} variant="default">
            {HELP_TEXTS.shippingGuidePage.trackPackage}
          </Button>
        </Group>
      </section>
    </HelpPage>
  );
}
