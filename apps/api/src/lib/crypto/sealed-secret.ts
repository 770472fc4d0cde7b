// Secrets kept in the database sealed with AES-256-GCM (node:crypto): the TOTP secret an authenticator app
// shares with us. A copy of the database (a backup, a dump, a read-only leak) then yields no codes without
// the key, which lives outside it: AUTHENTICATOR_KEY on a server, DATA_DIR/keys for the embedded database
// (config.ts). Each value is bound to its row by the additional data (`context`), so a sealed secret moved
// to another customer's row does not open. Format: `v1:` and base64 of 12-byte IV, 16-byte tag, ciphertext.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** True for a value sealed by `sealSecret` (rows written before sealing hold the plain secret). */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/** The plain secret; throws on another key, another row's value, or any change to the stored text. */
export function openSecret(key: Buffer, stored: string, context: string): string {
  if (!isSealed(stored)) throw new Error('the stored secret is not sealed');
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
