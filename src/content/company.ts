// The company details shown in the footer and on the home page. A deployer edits this file to
// put in the brand's own address, phone, e-mail and social pages.

export const company = {
  name: 'Forgeline Power Tools',
  street: '1840 Foundry Avenue',
  city: 'Pittsburgh, PA 15222, USA',
  phone: { display: '+1 (412) 555-0187', href: 'tel:+14125550187' },
  email: 'dealers@forgeline.example',
  /** The four tools launched this season (spec section 2, footer). */
  newTools: ['SD8 Specialty Right-Angle Drill', 'MS255 Chop Saw', 'CC40 Cable Cutter', 'DH30 Demolition Hammer'],
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { name: 'YouTube', href: 'https://www.youtube.com/' },
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
  ],
} as const;

export type SocialNetwork = (typeof company.social)[number]['name'];
