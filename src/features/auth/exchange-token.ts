// PUT /api/user/{email}: a Firebase ID token buys our own access token
// (docs/architecture.md, "Identity and access").

import { apiRequest } from '../../api/client';
import { TokenResponseSchema } from '../../contract/auth';

export async function exchangeIdToken(email: string, idToken: string): Promise<string> {
  const { token } = await apiRequest(`/user/${encodeURIComponent(email)}`, { method: 'PUT', auth: idToken, body: { email }, schema: TokenResponseSchema });
  return token;
}
