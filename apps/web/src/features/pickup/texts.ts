/** Texts of the schedule pickup page (spec §2 'Schedule pickup page', §8 toasts, §9 pickup promise), written once. */
export const PICKUP_TEXTS = {
  pageTitle: 'Schedule Pickup',
  heading: 'Schedule a Pickup',
  intro: "Tell us what to collect and where it goes. We'll contact you within 2 hours to confirm the pickup.",
  formTitle: 'Pickup Request Form',
  requiredNote: 'Fields marked * are required.',
  sections: {
    contact: 'Your contact details',
    shipment: 'Shipment',
  },
  fields: {
    // No sample values as placeholders: an empty field must not look filled in.
    customerName: { label: 'Full Name' },
    phone: { label: 'Phone Number', description: 'At least 10 digits, so we can call you back.' },
    email: { label: 'Email Address' },
    originAddress: { label: 'Origin Address', description: 'Where we pick up: street, city, state and ZIP.' },
    destinationAddress: { label: 'Destination Address', description: 'Where it goes: street, city, state and ZIP.' },
    itemDescription: {
      label: 'Item Description',
      description: 'What we are collecting, e.g. 2 boxes of books, about 40 lb; one sofa.',
    },
    specialInstructions: {
      label: 'Special Instructions (optional)',
      placeholder: 'Gate code, best time to call, stairs or elevator…',
    },
  },
  submit: 'Schedule Pickup',
  submitting: 'Submitting...',
  successTitle: 'Pickup Scheduled!',
  successMessage: "Your pickup request has been submitted. We'll contact you within 2 hours.",
  successSummary: 'Your request',
  summaryLabels: {
    from: 'From',
    to: 'To',
    item: 'Item',
  },
  successContactsTitle: 'Need to reach us sooner?',
  scheduleAnother: 'Schedule Another Pickup',
  trackPackage: 'Track a Package',
  errorTitle: 'Error',
  errorMessage: 'Failed to schedule pickup. Please try again or call us directly.',
} as const;
