import { Container, Divider, Group, SimpleGrid, Text } from '@mantine/core';
import { ContactTeam } from '../../features/site-config/components/contact-team.tsx';
import { SupportAccordion } from '../../features/site-config/components/support-accordion.tsx';
import { useBrand } from '../../features/site-config/hooks/use-brand.ts';
import { SUPPORT_TEXTS } from '../../features/site-config/texts.ts';
import classes from './layout.module.css';

/** Spec 'Header and footer': the services offered are listed, not linked. */
const SERVICES = ['Package Tracking', 'Express Delivery', 'Cargo Transport', 'International Shipping'] as const;
const COPYRIGHT_YEAR = 2024;

export function SiteFooter() {
  const { companyName, tagline } = useBrand();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl" verticalSpacing="xl">
          <div>
            <h2 className={classes.footerHeading}>{companyName}</h2>
            <Text size="sm" c="dimmed">
              {tagline}
            </Text>
          </div>
          <section aria-labelledby="footer-services">
            <h2 id="footer-services" className={classes.footerHeading}>
              Services
            </h2>
            <ul className={classes.servicesList}>
              {SERVICES.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-support">
            <h2 id="footer-support" className={classes.footerHeading}>
              Support
            </h2>
            <SupportAccordion />
          </section>
          <section aria-labelledby="footer-contact-team">
            <h2 id="footer-contact-team" className={classes.footerHeading}>
              {SUPPORT_TEXTS.contactTeam}
            </h2>
            <ContactTeam />
          </section>
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            © {COPYRIGHT_YEAR} {companyName}
          </Text>
          <Text size="sm" c="dimmed">
            {SUPPORT_TEXTS.customerService}
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
