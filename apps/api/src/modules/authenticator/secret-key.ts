// The key sealing the TOTP secrets at rest (lib/crypto/sealed-secret.ts), one per process: set from the
// configuration when the app is built (or by the tools that seed without an app), before any secret is
// read or written. Every instance of a deployment is given the same AUTHENTICATOR_KEY.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { authenticators } from '../../db/schema/authenticator';
import { isSealed, openSecret, sealSecret } from '../../lib/crypto/sealed-secret';

let current: Buffer | null = null;

/** The configured key, or the embedded database's from its file (made there once, owner-only). */
export function useAuthenticatorKey(config: { authenticatorKey: Buffer | null; authenticatorKeyFile: string | null }) {
  current = config.authenticatorKey ?? (config.authenticatorKeyFile ? keyFromFile(config.authenticatorKeyFile) : null);
  return current;
}

function keyFromFile(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process of this DATA_DIR made it first: theirs is the key.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file}: not a 32-byte key in hex`);
  return Buffer.from(hex, 'hex');
}

function key(): Buffer {
  if (!current) throw new Error('AUTHENTICATOR_KEY is not configured: the authenticator secrets cannot be sealed');
  return current;
}

/** The row's additional data: a sealed secret opens only in the row of the customer it was made for. */
const contextOf = (userId: number) => `authenticator:${userId}`;

export const sealTotpSecret = (userId: number, secret: string) => sealSecret(key(), secret, contextOf(userId));
export const openTotpSecret = (userId: number, stored: string) => openSecret(key(), stored, contextOf(userId));

/**
 * Seals the secrets still stored plain (rows enrolled before secrets were sealed), once, at start: a row
 * already sealed is left alone, so running it again changes nothing. Answers how many were sealed.
 */
export async function sealPlainSecrets(db: Queryable): Promise<number> {
  const rows = await db
    .select({ userId: authenticators.userId, secret: authenticators.secret })
    .from(authenticators)
    .where(sql`${authenticators.secret} not like 'v1:%'`);
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.secret)) continue;
    await db
      .update(authenticators)
      .set({ secret: sealTotpSecret(row.userId, row.secret) })
      .where(sql`${authenticators.userId} = ${row.userId} and ${authenticators.secret} = ${row.secret}`);
    sealed += 1;
  }
  return sealed;
}
