// The company details shown in the footer and on the home page. Name, address, phone and e-mail are in
// src/contract/company.ts, which invoices and e-mails print too; the tools and social pages are here.

import { companyFacts } from '../contract/company';

export const company = {
  ...companyFacts,
  /** The four tools launched this season (the spec, footer). */
  newTools: ['SD8 Specialty Right-Angle Drill', 'MS255 Chop Saw', 'CC40 Cable Cutter', 'DH30 Demolition Hammer'],
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { name: 'YouTube', href: 'https://www.youtube.com/' },
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
  ],
} as const;

export type SocialNetwork = (typeof company.social)[number]['name'];
