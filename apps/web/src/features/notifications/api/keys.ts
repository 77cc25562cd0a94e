/** Query keys of the Notifications tab. */
export const notificationKeys = {
  all: ['notifications'] as const,
  templates: ['notifications', 'templates'] as const,
  settings: ['notifications', 'settings'] as const,
  messages: (trackingNumber: string) => ['notifications', 'messages', trackingNumber] as const,
};
