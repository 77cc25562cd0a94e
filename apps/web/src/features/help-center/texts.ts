/** Texts of the help center pages (spec §2 'Help center'), written once. The panel bodies are the footer's (site-config). */
export const HELP_TEXTS = {
  title: 'Help Center',
  intro: 'How to reach our team, how we handle your shipment, and where to turn with a claim.',
  backToHelpCenter: 'Back to Help Center',
  openPage: (title: string) => `Open the ${title} page`,
  sections: {
    contact: {
      title: 'Contact Us',
      summary: 'Call our transport team or write to us.',
    },
    shippingGuide: {
      title: 'Shipping Guide',
      summary: 'Service hours, pickup and delivery, packing and payment.',
    },
    claims: {
      title: 'Claims & Support',
      summary: 'Who handles delivery issues, claims, complaints and escalations.',
    },
  },
  contactPage: {
    hoursTitle: 'When we are available',
  },
  shippingGuidePage: {
    nextTitle: 'Ready to ship?',
    schedulePickup: 'Schedule a Pickup',
    trackPackage: 'Track a Package',
  },
  claimsPage: {
    tip: 'Please have your tracking number ready when you call; it lets us find your shipment right away.',
    otherWays: 'Other ways to reach us',
  },
  testNav: {
    title: 'Test Navigation',
    intro: 'Links to each help page.',
    navLabel: 'Help pages',
  },
} as const;
