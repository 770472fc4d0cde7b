// The TOTP secret at rest: sealed with AUTHENTICATOR_KEY (AES-256-GCM), bound to its customer's row, and
// rows enrolled before sealing are sealed at start and keep working; a server without the key refuses to
// start. The demo customer's published secret still confirms.
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentProblems, loadConfig } from '../../config';
import { authenticators } from '../../db/schema/authenticator';
import { openSecret, sealSecret } from '../../lib/crypto/sealed-secret';
import { DEMO_AUTHENTICATOR_SECRET } from '../../seed/authenticator';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';
import { sealPlainSecrets } from './service';

let t: TestApp;
const now = new Date('2026-03-02T09:00:00Z');
const stored = async (userId: number) =>
  (await t.database.db.select().from(authenticators).where(eq(authenticators.userId, userId)))[0]!.secret;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

describe('the TOTP secret at rest', () => {
  it('is stored sealed, never as the secret the app shows', async () => {
    const user = await createUser(t.app, { email: 'sealed@example.test' });
    const session = await loginAs(t.app, user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profile/authenticator/', headers: session.headers });
    const { secret } = res.json();
    const kept = await stored(user.id);
    expect(kept).toMatch(/^v1:/);
    expect(kept).not.toContain(secret);
    const code = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/authenticator/confirm/',
      headers: session.headers,
      payload: { code },
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('a row enrolled before sealing is sealed once at start and its codes still confirm', async () => {
    const demo = await t.database.db.execute(
      sql`select a.user_id from authenticators a join users u on u.id = a.user_id where u.email = 'customer@demo.lombard.test'`,
    );
    const userId = Number((demo as unknown as { rows: Array<{ user_id: number }> }).rows[0]!.user_id);
    await t.database.db
      .update(authenticators)
      .set({ secret: DEMO_AUTHENTICATOR_SECRET, lastUsedStep: null })
      .where(eq(authenticators.userId, userId));
    expect(await sealPlainSecrets(t.database.db)).toBe(1);
    expect(await sealPlainSecrets(t.database.db)).toBe(0);
    expect(await stored(userId)).toMatch(/^v1:/);
    const session = await loginAs(t.app, 'customer@demo.lombard.test');
    // Disabling takes a current code: it is checked against the sealed secret.
    const code = await generate({ secret: DEMO_AUTHENTICATOR_SECRET, epoch: Math.floor(now.getTime() / 1000) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/authenticator/disable/',
      headers: session.headers,
      payload: { code },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a sealed secret opens only with its key and in its own row', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'authenticator:1');
    expect(openSecret(key, sealed, 'authenticator:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(key, sealed, 'authenticator:2')).toThrow();
    expect(() => openSecret(Buffer.alloc(32, 8), sealed, 'authenticator:1')).toThrow();
  });

  it('a server on PostgreSQL without AUTHENTICATOR_KEY does not start, and says why', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db.example/lombard',
      AUTHENTICATOR_KEY: '',
      SMS_OUTBOX: 'true',
      DATA_DIR: t.dataDir,
    });
    expect(deploymentProblems(config).join('\n')).toMatch(/AUTHENTICATOR_KEY: required with DATABASE_URL/);
    expect(() => loadConfig({ AUTHENTICATOR_KEY: 'short', DATA_DIR: t.dataDir })).toThrow(/64 hex digits/);
  });
});
