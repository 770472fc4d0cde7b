// npm run rotate-signing-key [-- --immediately] — a new key signs the access tokens from now on, on every
// instance (they hear of it through the database). Tokens signed with the older keys stay accepted until
// they expire; with --immediately (a key that leaked) they are refused at once, and every client's next
// call refreshes its access token with its refresh token, which no key signs. Keys kept in the database
// only: with JWT_SECRET there is nothing to rotate here.
import { parseArgs } from 'node:util';
import { DEFAULT_LANGUAGE } from '@lombard/shared/locale';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { translator } from '../lib/i18n';
import { rotateSigningKey } from '../modules/auth/service';

async function main(): Promise<number> {
  const t = translator(DEFAULT_LANGUAGE);
  let immediately: boolean;
  try {
    const { values } = parseArgs({ options: { immediately: { type: 'boolean', default: false } }, strict: true });
    immediately = values.immediately;
  } catch (error) {
    console.error((error as Error).message);
    console.error(t('cli:rotateSigningKey.usage'));
    return 2;
  }
  const config = loadConfig();
  if (config.jwtSecret) {
    console.error(t('cli:rotateSigningKey.fixedSecret'));
    return 1;
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(handle);
    const ttl = config.accessTokenTtlSeconds;
    const generation = await rotateSigningKey(handle.db, { accessTokenTtlSeconds: ttl, immediately });
    console.info(t(immediately ? 'cli:rotateSigningKey.rotatedNow' : 'cli:rotateSigningKey.rotated', { generation }));
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
