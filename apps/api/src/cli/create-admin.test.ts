// The first operator of a real deployment: `npm run create-admin` makes an active admin who can sign in
// and open the back office, and refuses a password the registration would refuse.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { translator } from '../lib/i18n';
import { createTestApp, type TestApp } from '../test/app';
import { createAdmin } from './create-admin';

const STRONG = 'velluto-tramonto-quaderno-42';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/token/auth/', payload: { email, password } });

describe('createAdmin', () => {
  it('creates an active operator who signs in and opens the back office', async () => {
    const result = await createAdmin(
      t.database.db,
      { email: 'ops@Bank.Example', password: STRONG, firstName: 'Olga', lastName: 'Operati', language: 'it' },
      translator('it'),
    );
    expect(result).toMatchObject({ ok: true, email: 'ops@bank.example' });
    const session = await signIn('ops@bank.example', STRONG);
    expect(session.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${session.json().access}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/account/me/', headers });
    expect(me.json()).toMatchObject({ email: 'ops@bank.example', attributes: ['admin'], first_name: 'Olga' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/backoffice/users/', headers })).statusCode).toBe(200);
  });

  it('refuses a weak password, a bad or taken address, in the chosen language, and creates nothing', async () => {
    const weak = await createAdmin(
      t.database.db,
      { email: 'weak@bank.example', password: 'Password2026!', language: 'en' },
      translator('en'),
    );
    expect(weak).toEqual({ ok: false, errors: { password: [expect.stringMatching(/^This password is too easy/)] } });
    expect((await signIn('weak@bank.example', 'Password2026!')).statusCode).not.toBe(200);

    const short = await createAdmin(
      t.database.db,
      { email: 'not-an-address', password: 'short', language: 'it' },
      translator('it'),
    );
    expect(short).toEqual({
      ok: false,
      errors: { email: [expect.stringContaining('email')], password: [expect.stringContaining('8')] },
    });

    const taken = await createAdmin(
      t.database.db,
      { email: 'ops@bank.example', password: 'un-altro-quaderno-verde-17', language: 'it' },
      translator('it'),
    );
    expect(taken).toEqual({ ok: false, errors: { email: ['Esiste già un account con questo indirizzo email.'] } });
  });
});

/** Runs `npm run create-admin` as an operator would, on an embedded database in its own DATA_DIR. */
function runCommand(args: string[], stdin: string, dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'create-admin-command.ts'), ...args],
    {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('npm run create-admin', () => {
  it('reads the password from stdin, refuses a weak one, and creates an active admin', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-create-admin-'));
    try {
      const refused = await runCommand(['--email', 'first@bank.example'], 'lombard123\n', dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('troppo facile da indovinare');

      const created = await runCommand(['--email', 'first@bank.example', '--language', 'en'], `${STRONG}\n`, dataDir);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('Operator first@bank.example created');
      // The password never shows in the output.
      expect(created.stdout + created.stderr).not.toContain(STRONG);

      const handle = await openDatabase({ dataDir });
      try {
        const { rows } = (await handle.db.execute(
          'select email, attributes, activated_at is not null as active, status from users' as never,
        )) as { rows: Array<Record<string, unknown>> };
        expect(rows).toEqual([{ email: 'first@bank.example', attributes: ['admin'], active: true, status: 1 }]);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
