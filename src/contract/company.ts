// Who the manufacturer is: the facts that the footer, the invoices and the e-mails all print. A deployer
// edits this one file to put in the brand's own name, address, phone, e-mail and bank account.

export const companyFacts = {
  name: 'Forgeline Power Tools',
  street: '1840 Foundry Avenue',
  city: 'Pittsburgh, PA 15222, USA',
  phone: { display: '+1 (412) 555-0187', href: 'tel:+14125550187' },
  email: 'dealers@forgeline.example',
  /** Where dealers paying on account send a bank transfer (invoices and reminders print it). */
  bank: { name: 'Allegheny Commerce Bank', routing: '043000261', account: '7704221900', swift: 'ACBKUS33' },
} as const;

/** The bank details as one line: where a transfer goes. */
export function bankLine(): string {
  const { bank } = companyFacts;
  return `${bank.name}, routing ${bank.routing}, account ${bank.account}, SWIFT ${bank.swift}`;
}
