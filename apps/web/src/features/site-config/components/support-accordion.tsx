import { Accordion } from '@mantine/core';
import { SUPPORT_TEXTS } from '../texts.ts';
import classes from './support-accordion.module.css';
import { ClaimsPanel, ContactUsPanel, ShippingGuidePanel } from './support-panels.tsx';

/** The footer's Support panels: Contact Us, Shipping Guide, Claims (spec 'Header and footer'). */
export function SupportAccordion() {
  return (
    // order 3: the panel titles sit under the footer's "Support" heading (h2).
    <Accordion multiple order={3} variant="separated" radius="md" classNames={{ item: classes.item }}>
      <Accordion.Item value="contact">
        <Accordion.Control>{SUPPORT_TEXTS.contactUs}</Accordion.Control>
        <Accordion.Panel>
          <ContactUsPanel />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="shipping-guide">
        <Accordion.Control>{SUPPORT_TEXTS.shippingGuide}</Accordion.Control>
        <Accordion.Panel>
          <ShippingGuidePanel />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="claims">
        <Accordion.Control>{SUPPORT_TEXTS.claims}</Accordion.Control>
        <Accordion.Panel>
          <ClaimsPanel />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
