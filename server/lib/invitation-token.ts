// The token an invitation's link carries. It is derived from the invitation's id with the server's secret,
// so the sender can put it in the mail at any time without the database holding it; the table keeps only
// its SHA-256, and a link is looked up by that hash. Whoever reads the table cannot make a working link.

import { createHash, createHmac } from 'node:crypto';

export function invitationToken(secret: string, invitationId: string): string {
  return createHmac('sha256', secret).update(`company-invitation:${invitationId}`).digest('base64url');
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The join page for this token, on the shop's public address (PUBLIC_URL). */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/join/${encodeURIComponent(token)}`;
}
