import { paths } from '../../lib/paths.ts';
import { HELP_TEXTS } from './texts.ts';

export type HelpSectionId = keyof typeof HELP_TEXTS.sections;

export interface HelpSection {
  id: HelpSectionId;
  title: string;
  summary: string;
  path: string;
}

export const HELP_SECTION_BY_ID: Record<HelpSectionId, HelpSection> = {
  contact: { id: 'contact', ...HELP_TEXTS.sections.contact, path: paths.helpCenterContact },
  shippingGuide: { id: 'shippingGuide', ...HELP_TEXTS.sections.shippingGuide, path: paths.helpCenterShippingGuide },
  claims: { id: 'claims', ...HELP_TEXTS.sections.claims, path: paths.helpCenterClaims },
};

/** The three help pages, in the order the help center lists them. */
export const HELP_SECTIONS: readonly HelpSection[] = [
  HELP_SECTION_BY_ID.contact,
  HELP_SECTION_BY_ID.shippingGuide,
  HELP_SECTION_BY_ID.claims,
];
