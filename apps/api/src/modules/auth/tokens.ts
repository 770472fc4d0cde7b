// Access tokens (short-lived HS256 JWTs naming the user and the sign-in they belong to) and the opaque
// random values used for refresh tokens, which are stored only as hashes.
import { createHash, randomBytes } from 'node:crypto';
import { type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose';
import type { SigningKeys } from './signing-keys';

const ISSUER = 'lombard';
const AUDIENCE = 'lombard-api';

export interface AccessClaims {
  userId: number;
  /** The session family (one sign-in and its rotations). */
  sessionId: string;
}

/** Verified tokens remembered (the signature check is most of the cost of a signed-in request). */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(keys: SigningKeys, ttlSeconds: number) {
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  // A key retired at once (it leaked) must not keep the tokens it signed alive here.
  keys.onChange(() => verified.clear());
  const keyOf = async (header: JWTHeaderParameters) => {
    const key = await keys.lookup(header.kid);
    if (!key) throw new Error('unknown or retired signing key');
    return key;
  };
  return {
    ttlSeconds,
    sign(claims: AccessClaims): Promise<string> {
      const { kid, key } = keys.current();
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader(kid === undefined ? { alg: 'HS256', typ: 'JWT' } : { alg: 'HS256', typ: 'JWT', kid })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** The claims of a token verified before and still unexpired; undefined when it must be verified. */
    known(token: string): AccessClaims | undefined {
      const known = verified.get(token);
      return known && known.expiresAt > Date.now() ? known.claims : undefined;
    },
    /** The claims of a valid, unexpired token, or null for anything else. */
    async verify(token: string): Promise<AccessClaims | null> {
      // A token already verified is the same bytes with the same signature: only its expiry can change.
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, keyOf, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        const claims = { userId, sessionId: payload.sid };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAt: (payload.exp as number) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
