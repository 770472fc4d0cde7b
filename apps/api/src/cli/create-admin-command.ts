// npm run create-admin -- --email <address> [--first-name …] [--last-name …] [--language it|en]
// The password is typed twice without echo on a terminal, or read from the first line of stdin when piped
// (e.g. from a secrets manager); it is never an argument, which `ps` and shell history would show.
import { parseArgs } from 'node:util';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@lombard/shared/locale';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { type Translate, translator } from '../lib/i18n';
import { checkAdminInput, createAdmin } from './create-admin';
import { readPasswordLine, readSecretFromTerminal } from './read-secret';

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        language: { type: 'string', default: DEFAULT_LANGUAGE },
      },
      strict: true,
    }));
  } catch (error) {
    console.error((error as Error).message);
    console.error(translator(DEFAULT_LANGUAGE)('cli:createAdmin.usage'));
    return 2;
  }
  const requested = String(values.language);
  const language: Language = (LANGUAGES as readonly string[]).includes(requested)
    ? (requested as Language)
    : DEFAULT_LANGUAGE;
  const t = translator(language);
  if (language !== requested) {
    console.error(t('cli:createAdmin.badLanguage', { value: requested, languages: LANGUAGES.join(', ') }));
    return 2;
  }
  if (typeof values.email !== 'string') {
    console.error(t('cli:createAdmin.usage'));
    return 2;
  }

  let password: string;
  if (process.stdin.isTTY) {
    password = await readSecretFromTerminal(t('cli:createAdmin.passwordPrompt'));
    const again = await readSecretFromTerminal(t('cli:createAdmin.passwordAgain'));
    if (password !== again) {
      console.error(t('cli:createAdmin.passwordMismatch'));
      return 1;
    }
  } else {
    password = await readPasswordLine(process.stdin);
  }

  const input = {
    email: values.email,
    password,
    firstName: values['first-name'] as string | undefined,
    lastName: values['last-name'] as string | undefined,
    language,
  };
  const checked = await checkAdminInput(input, t);
  if (!checked.ok) return refuse(t, checked.errors);

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(handle);
    const result = await createAdmin(handle.db, input, t);
    if (!result.ok) return refuse(t, result.errors);
    console.info(t('cli:createAdmin.created', { email: result.email, id: result.id }));
    return 0;
  } finally {
    await handle.close();
  }
}

function refuse(t: Translate, errors: Record<string, string[]>): number {
  console.error(t('cli:createAdmin.refused'));
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages) console.error(`  ${field}: ${message}`);
  }
  return 1;
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
