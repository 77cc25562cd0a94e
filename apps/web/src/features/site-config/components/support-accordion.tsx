import { Accordion, List, Stack, Text } from '@mantine/core';
import { SUPPORT_TEXTS } from '../texts.ts';
import { SiteConfigContent } from './site-config-content.tsx';
import classes from './support-accordion.module.css';
import { StaffContactCard } from './staff-contact-card.tsx';

/** The footer's Support panels: Contact Us, Shipping Guide, Claims (spec 'Header and footer'). */
export function SupportAccordion() {
  return (
    <Accordion multiple variant="separated" radius="md" classNames={{ item: classes.item }}>
      <Accordion.Item value="contact">
        <Accordion.Control>{SUPPORT_TEXTS.contactUs}</Accordion.Control>
        <Accordion.Panel>
          <SiteConfigContent skeletonLines={4}>
            {(config) => (
              <Stack gap="xs">
                <StaffContactCard contact={config.coordinator} />
                <StaffContactCard contact={config.manager} />
              </Stack>
            )}
          </SiteConfigContent>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="shipping-guide">
        <Accordion.Control>{SUPPORT_TEXTS.shippingGuide}</Accordion.Control>
        <Accordion.Panel>
          <List size="sm" spacing="xs">
            {SUPPORT_TEXTS.shippingGuideItems.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="claims">
        <Accordion.Control>{SUPPORT_TEXTS.claims}</Accordion.Control>
        <Accordion.Panel>
          <SiteConfigContent skeletonLines={4}>
            {(config) => (
              <Stack gap="xs">
                {[
                  { contact: config.coordinator, handles: SUPPORT_TEXTS.coordinatorHandles },
                  { contact: config.manager, handles: SUPPORT_TEXTS.managerHandles },
                ].map(({ contact, handles }) => (
                  <div key={contact.role}>
                    <Text size="sm" fw={600}>
                      {contact.role}: {contact.name}
                    </Text>
                    <Text size="sm">{handles}</Text>
                  </div>
                ))}
              </Stack>
            )}
          </SiteConfigContent>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
