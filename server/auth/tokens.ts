// Our own access tokens: HS256 JWTs signed with ACCESS_TOKEN_SECRET (DESIGN section 4).

import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'forgeline-api';
const AUDIENCE = 'forgeline-pwa';

export interface AccessClaims {
  /** The user's id in our database; the role is read from the database on every request. */
  userId: string;
  email: string;
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>;
  /** Resolves to the claims, or null for anything forged, expired, malformed or unsigned. */
  verify(token: string): Promise<AccessClaims | null>;
}

export function tokenService(secret: string, ttlSeconds: number): TokenService {
  // Imported once: handing jose the raw bytes makes it import the key again on every call, a third of
  // the cost of each verification (README Performance).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    async sign({ userId, email }) {
      return new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { userId: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
