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
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, email }) {
      return new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { userId: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
