// Who the manufacturer is: the facts that the footer, the invoices and the e-mails all print. A deployer
// edits this one file to put in the brand's own name, address, phone and e-mail.

export const companyFacts = {
  name: 'Forgeline Power Tools',
  street: '1840 Foundry Avenue',
  city: 'Pittsburgh, PA 15222, USA',
  phone: { display: '+1 (412) 555-0187', href: 'tel:+14125550187' },
  email: 'dealers@forgeline.example',
} as const;
