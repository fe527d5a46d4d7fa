// Our own access tokens: HS256 JWTs signed with ACCESS_TOKEN_SECRET (docs/architecture.md, "Identity and access").

import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'forgeline-api';
const AUDIENCE = 'forgeline-pwa';
/** Tokens whose verification is remembered (well under 1 KB each). */
const VERIFIED_CACHE_SIZE = 10_000;

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
  // the cost of each verification (docs/performance.md).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A client sends the same token with every request: the answer for this exact string (signature
  // included) is kept until the token expires, so the HMAC is checked once per token, not per request.
  // Whether the user still exists is not cached: the guards read it from the database every time.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      // Oldest first (Map keeps insertion order): a full cache drops the tokens seen longest ago.
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, expiresAt });
  };
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
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.exp !== 'number') return null;
        const claims = { userId: payload.sub, email: payload.email };
        remember(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
