// Access tokens (short-lived HS256 JWTs naming the user and the sign-in they belong to) and the opaque
// random values used for refresh tokens, which are stored only as hashes.
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'lombard';
const AUDIENCE = 'lombard-api';

export interface AccessClaims {
  userId: number;
  /** The session family (one sign-in and its rotations). */
  sessionId: string;
}

/** Verified tokens remembered (the signature check is most of the cost of a signed-in request). */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number) {
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    ttlSeconds,
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
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
        const { payload } = await jwtVerify(token, secret, {
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
