// Throttling of wrong passwords: per address and source, growing waits, the same answers for unknown
// addresses, the owner's way back in (another source, a password reset, an operator), the owner's e-mail
// once per episode, and state shared by every instance of the API. Every test runs with the counts in the
// database (no REDIS_URL) and in Redis.
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottles } from '../../db/schema/auth';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/auth';
import { deliveredLink } from '../../test/outbox';
import { deleteKeysUnder, keysUnder, redisReachable, TEST_REDIS_URL, uniqueKeyPrefix } from '../../test/redis';
import { createAuthService, unlockUser } from './service';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_WAIT_SECONDS, databaseThrottles } from './sign-in-throttle';
import { redisThrottles } from './sign-in-throttle-redis';
import { fixedSigningKey } from './signing-keys';
import { createAccessTokens } from './tokens';

const withRedis = (await redisReachable()) || Boolean(process.env.CI);
const STORES = [
  { store: 'database' as const, label: 'the database' },
  ...(withRedis ? [{ store: 'redis' as const, label: 'Redis' }] : []),
];

let t: TestApp;
/** The key prefix of the Redis run (each run its own). */
let prefix = '';
let store: 'database' | 'redis' = 'database';

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';
const THROTTLED_EN =
  /^You have exceeded the maximum number of attempts\. Contact support\. You can try again in \d+ minutes?/;

const signIn = (email: string, password: string, from = ATTACKER, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    payload: { email, password },
    remoteAddress: from,
    headers: { 'accept-language': language },
  });

async function guessWrong(email: string, times: number, from = ATTACKER) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await signIn(email, `wrong-guess-${i}`, from));
  return answers;
}

/** Lets the current waits of the address end, as if their time had passed. */
async function endWait(email: string) {
  if (store === 'database') {
    await t.app.database.db
      .update(signInThrottles)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInThrottles.account, email.toLowerCase()));
    return;
  }
  const waits = (await keysUnder(`${prefix}signin:waits:`)).filter((key) => key.endsWith(` ${email.toLowerCase()}`));
  const client = new Redis(TEST_REDIS_URL);
  try {
    if (waits.length > 0) await client.del(...waits);
  } finally {
    client.disconnect();
  }
}

describe.each(STORES)('throttling wrong passwords, counted in $label', ({ store: kind }) => {
  beforeAll(async () => {
    store = kind;
    prefix = uniqueKeyPrefix();
    t = await createTestApp(kind === 'redis' ? { env: { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } } : {});
  });
  afterAll(async () => {
    await t?.close();
    if (kind === 'redis') await deleteKeysUnder(prefix);
  });

  it('after 5 wrong passwords the source waits: 429, Retry-After and the attempts message, even for the right one', async () => {
    const user = await createUser(t.app, { email: 'guessed@example.com' });
    const answers = await guessWrong(user.email, 5);
    expect(answers.slice(0, 4).map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
    expect(answers[4]!.statusCode).toBe(429);
    const right = await signIn(user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('SIGN_IN_THROTTLED');
    expect(right.json().detail).toMatch(THROTTLED_EN);
    expect(right.json().detail).toContain('in 1 minute');
    const seconds = Number(right.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const italian = await signIn(user.email, TEST_PASSWORD, ATTACKER, 'it');
    expect(italian.json().detail).toMatch(
      /^Hai superato il numero massimo di tentativi\. Contatta l'assistenza\. Potrai riprovare tra 1 minuto/,
    );
  });

  it('answers an unknown address exactly as a registered one, attempt by attempt', async () => {
    await createUser(t.app, { email: 'exists@example.com' });
    const known = await guessWrong('exists@example.com', 7);
    const unknown = await guessWrong('ghost@example.com', 7);
    const shape = (res: (typeof known)[number]) => ({
      status: res.statusCode,
      body: res.json(),
      retryAfter: res.headers['retry-after'] !== undefined,
    });
    expect(unknown.map(shape)).toEqual(known.map(shape));
    expect(known.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 429, 429, 429]);
  });

  it('the wait grows with each wrong password after it ends', async () => {
    const user = await createUser(t.app, { email: 'growing@example.com' });
    await guessWrong(user.email, 5);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await endWait(user.email);
      const res = await signIn(user.email, 'still-wrong');
      expect(res.statusCode).toBe(429);
      waits.push(Number(res.headers['retry-after']));
    }
    expect(waits[0]).toBeGreaterThan(60);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
  });

  it('guessing from one source never locks the owner (an operator included) out of theirs', async () => {
    const admin = await createUser(t.app, { email: 'operator@example.com', attributes: ['admin'] });
    await guessWrong(admin.email, 12);
    expect((await signIn(admin.email, TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);
    expect((await signIn(admin.email, TEST_PASSWORD, OWNER)).statusCode).toBe(200);
    // The owner's own success does not lift the attacker's wait.
    expect((await signIn(admin.email, TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);
  });

  it('counts IPv6 clients by their /64 network, so rotating addresses within it does not help', async () => {
    const user = await createUser(t.app, { email: 'ipv6@example.com' });
    for (let i = 1; i <= 5; i++) await signIn(user.email, 'wrong-guess', `2001:db8:1:2::${i}`);
    expect((await signIn(user.email, TEST_PASSWORD, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('concurrent wrong passwords are all counted (no lost update between requests or instances)', async () => {
    const user = await createUser(t.app, { email: 'concurrent@example.com' });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(user.email, `parallel-${i}`)));
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(1);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('a right password from a source starts its count again', async () => {
    const user = await createUser(t.app, { email: 'recount@example.com' });
    await guessWrong(user.email, 4);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const again = await guessWrong(user.email, 4);
    expect(again.map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('e-mails the owner once per episode, not per attempt or source; an unknown address sends nothing', async () => {
    const user = await createUser(t.app, { email: 'told@example.com', language: 'it', firstName: 'Tea' });
    await guessWrong(user.email, 8, ATTACKER);
    await guessWrong(user.email, 8, '192.0.2.50');
    await endWait(user.email);
    await guessWrong(user.email, 3, ATTACKER);
    const mails = await messagesTo(t.app.database.db, user.email, 'sign_in_throttled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Diversi tentativi di accesso non riusciti sul tuo account');
    expect(mails[0]!.text).toContain('Ciao Tea,');
    expect(mails[0]!.text).toContain('/auth/forgot-password/');

    await guessWrong('nobody-here@example.com', 8);
    expect(await messagesTo(t.app.database.db, 'nobody-here@example.com')).toHaveLength(0);

    // After the owner resets the password the episode is over: a new attack is told again.
    await completeReset(user.email, 'Ritorno-sereno-2026');
    await guessWrong(user.email, 5, ATTACKER);
    expect(await messagesTo(t.app.database.db, user.email, 'sign_in_throttled')).toHaveLength(2);
  });

  it('many sources guessing one account slow it down for every source, without locking the owner out', async () => {
    const user = await createUser(t.app, { email: 'botnet-target@example.com' });
    // 30 addresses, 5 guesses each, taking turns: each address stays within its own free attempts.
    const sources = Array.from({ length: 30 }, (_, i) => `198.18.0.${i + 1}`);
    const answers = [];
    for (let round = 0; round < 5; round++)
      for (const source of sources) answers.push(await signIn(user.email, `botnet-${round}`, source));
    // Only the guesses up to the account's ceiling were checked; every later one waited, briefly.
    const checked = answers.filter((answer) => answer.statusCode === 401);
    expect(checked.length).toBeLessThan(ACCOUNT_FREE_FAILURES);
    const slowed = answers.filter((answer) => answer.statusCode === 429);
    expect(slowed).toHaveLength(150 - checked.length);
    for (const answer of slowed)
      expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_WAIT_SECONDS);
    // The owner, from a fresh address, waits as well; once the wait is over the right password works.
    expect((await signIn(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(429);
    await endWait(user.email);
    expect((await signIn(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(200);
    // Told once, for the whole attack.
    expect(await messagesTo(t.app.database.db, user.email, 'sign_in_throttled')).toHaveLength(1);
  });

  it('a completed password reset lets the owner in at once, from every source', async () => {
    const user = await createUser(t.app, { email: 'rescued@example.com' });
    await guessWrong(user.email, 6, OWNER);
    expect((await signIn(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(429);
    await completeReset(user.email, 'Nuova-strada-2026');
    expect((await signIn(user.email, 'Nuova-strada-2026', OWNER)).statusCode).toBe(200);
  });

  it('an operator unlock clears every wait of the account', async () => {
    const user = await createUser(t.app, { email: 'unlocked@example.com' });
    await guessWrong(user.email, 5, OWNER);
    expect((await signIn(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(429);
    await unlockUser(t.app.database.db, user.id, t.app.signInThrottles);
    expect((await signIn(user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('keeps no state in the process: another instance (its own service) on the same database sees the counts', async () => {
    const user = await createUser(t.app, { email: 'shared-state@example.com' });
    // What a second instance of the API would build: its own service object and connections, the same
    // database and Redis.
    const client = store === 'redis' ? new Redis(TEST_REDIS_URL, { keyPrefix: prefix }) : null;
    const throttles = client ? redisThrottles(client) : databaseThrottles(t.app.database.db);
    const links = { publicUrl: t.app.config.publicUrl, supportEmail: t.app.config.supportEmail };
    const other = createAuthService(
      t.app.database.db,
      createAccessTokens(fixedSigningKey('a-test-key-that-signs-nothing-real-000'), 300),
      links,
      throttles,
    );
    await guessWrong(user.email, 3);
    for (let i = 0; i < 2; i++) {
      await expect(
        other.signIn({ email: user.email, password: 'wrong', rememberMe: false }, ATTACKER),
      ).rejects.toThrow();
    }
    const fromOther = other.signIn({ email: user.email, password: TEST_PASSWORD, rememberMe: false }, ATTACKER);
    await expect(fromOther).rejects.toMatchObject({ code: 'SIGN_IN_THROTTLED', status: 429 });
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    client?.disconnect();
  });
});

describe.runIf(withRedis)('throttling in Redis while Redis cannot be reached', () => {
  it('refuses the sign-in (LIMITS_UNAVAILABLE) rather than let a guess through uncounted', async () => {
    const t = await createTestApp({ seed: false });
    const gone = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, retryStrategy: () => null });
    gone.on('error', () => undefined);
    try {
      const links = { publicUrl: t.app.config.publicUrl, supportEmail: t.app.config.supportEmail };
      const tokens = createAccessTokens(fixedSigningKey('a-test-key-that-signs-nothing-real-000'), 300);
      const service = createAuthService(t.app.database.db, tokens, links, redisThrottles(gone));
      const attempt = service.signIn({ email: 'anyone@example.com', password: 'a-guess', rememberMe: false }, ATTACKER);
      await expect(attempt).rejects.toMatchObject({ code: 'LIMITS_UNAVAILABLE', status: 429 });
    } finally {
      gone.disconnect();
      await t.close();
    }
  });
});

async function completeReset(email: string, password: string) {
  await t.app.inject({ method: 'POST', url: '/api/rest-auth/password/reset/', payload: { email } });
  const [, uid, token] = /reset-password-confirm\/([^/]+)\/([^/]+)\//.exec(
    await deliveredLink(t.app, email, 'password_reset'),
  )!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/rest-auth/password/reset/confirm/',
    payload: { uid, token, new_password1: password, new_password2: password },
  });
  expect(res.statusCode).toBe(200);
}
