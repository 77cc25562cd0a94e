/** Texts of the header, footer and support panels (spec §2 'Header and footer'), written once. */

/** Shown only until the configured company name arrives. */
export const FALLBACK_COMPANY_NAME = 'Cargo Express';
export const FALLBACK_TAGLINE = 'Your Cargo Our Commitment';

const SERVICE_HOURS = 'Service hours: 7 AM - 7 PM, daily.';

export const SUPPORT_TEXTS = {
  dialogTitle: 'Contact Support',
  dialogIntro: 'Our team is here to help with your delivery.',
  generalInquiries: 'General inquiries',
  call: 'Call',
  sendEmail: 'Send Email',
  contactUs: 'Contact Us',
  shippingGuide: 'Shipping Guide',
  claims: 'Claims',
  contactTeam: 'Contact Team',
  customerService: '24/7 customer service',
  serviceHours: SERVICE_HOURS,
  followUs: 'Follow us',
  dispatch: 'Dispatch',
  unavailable: 'Contact details could not be loaded.',
  retry: 'Try again',
  shippingGuideItems: [
    SERVICE_HOURS,
    'Customers must be available at pickup and delivery or give remote access; otherwise the package is dropped off with photo proof, as parcel carriers do.',
    'Household goods are blanket wrapped, shrink-wrapped and strapped.',
    'Items are not removed from the cargo bay/truck until payment is fully released.',
  ],
  coordinatorHandles: 'Handles delivery, scheduling and transport issues.',
  managerHandles: 'Handles claims, complaints and escalations.',
} as const;
