import { List, Stack } from '@mantine/core';
import { SUPPORT_TEXTS } from '../texts.ts';
import { SiteConfigContent } from './site-config-content.tsx';
import { StaffContactCard } from './staff-contact-card.tsx';

/**
 * The bodies of the Support panels (spec 'Header and footer'), written once and shown both in the
 * footer's accordion and on the help center's pages.
 */

/** Contact Us: the two staff contacts, each with role, phone and a call button. */
export function ContactUsPanel() {
  return (
    <SiteConfigContent skeletonLines={4}>
      {(config) => (
        <Stack gap="xs">
          <StaffContactCard contact={config.coordinator} />
          <StaffContactCard contact={config.manager} />
        </Stack>
      )}
    </SiteConfigContent>
  );
}

/** Shipping Guide: service hours, availability, packing and payment. */
export function ShippingGuidePanel() {
  return (
    <List size="sm" spacing="xs">
      {SUPPORT_TEXTS.shippingGuideItems.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** Claims: who handles what, each with a call button. */
export function ClaimsPanel() {
  return (
    <SiteConfigContent skeletonLines={4}>
      {(config) => (
        <Stack gap="xs">
          <StaffContactCard contact={config.coordinator} note={SUPPORT_TEXTS.coordinatorHandles} />
          <StaffContactCard contact={config.manager} note={SUPPORT_TEXTS.managerHandles} />
        </Stack>
      )}
    </SiteConfigContent>
  );
}
