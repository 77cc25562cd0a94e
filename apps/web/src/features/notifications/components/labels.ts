import { NOTIFICATION_TEXT } from '../texts.ts';

const T = NOTIFICATION_TEXT.templates;

export const channelLabel = (channel: string): string => (channel === 'email' ? T.email : T.sms);
export const audienceLabel = (audience: string): string => (audience === 'coordinator' ? T.coordinator : T.customer);
