// The key that signs access tokens: JWT_SECRET when set (several instances must share it), otherwise a
// random key generated on first start and kept in DATA_DIR/jwt-secret (readable by the owner only), so
// that restarts do not sign everyone out.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { PRIVATE_FILE_MODE, privateFolderSync } from './files/private-folder';

const FILE_NAME = 'jwt-secret';

export function loadJwtSecret(config: Pick<AppConfig, 'jwtSecret' | 'dataDir'>): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, FILE_NAME);
  privateFolderSync(config.dataDir);
  try {
    // 'wx' fails when the file exists: two processes starting together keep the first one's key.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a key shorter than 32 characters`);
  return new TextEncoder().encode(secret);
}
