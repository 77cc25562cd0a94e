import { Container } from '@mantine/core';
import { RecentPackages } from '../../features/recent-packages/components/recent-packages.tsx';
import { addRecentPackage } from '../../features/recent-packages/utils/recent-store.ts';
import { useSiteConfig } from '../../features/site-config/api/get-site-config.ts';
import { PageTitle } from '../../features/site-config/components/page-title.tsx';
import { SocialPromoCard } from '../../features/stats/components/social-promo-card.tsx';
import { StatsBlock } from '../../features/stats/components/stats-block.tsx';
import { TrackingSection } from '../../features/tracking/components/tracking-section.tsx';
import classes from './home.module.css';

/** The public tracking page (spec §2 'Public tracking page'): search and package, recent packages, stats, promo. */
export default function HomeRoute() {
  const site = useSiteConfig();
  return (
    <Container size="xl" py="xl">
      <PageTitle title="Track Package" />
      <TrackingSection onPackageFound={addRecentPackage} advanceNotice={site.isSuccess && site.data.advanceNotice} />
      <div className={classes.stats}>
        <StatsBlock />
      </div>
      <div className={classes.lower}>
        <RecentPackages />
        <SocialPromoCard socialUrl={site.isSuccess ? site.data.socialUrl : undefined} />
      </div>
    </Container>
  );
}
