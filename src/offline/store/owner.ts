// Whose a record on this device is: the outbox and the order pad keep each dealer's own, keyed by the
// account's e-mail in lower case (docs/decisions/029-a-shared-counter-tablet.md).

export const ownerKey = (email: string): string => email.trim().toLowerCase();
