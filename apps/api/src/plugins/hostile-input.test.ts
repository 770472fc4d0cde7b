// Hostile input against every route that takes input: NUL bytes, lone surrogates, control characters,
// huge strings and wrong types in bodies, query strings and path parameters, sent anonymously and as an
// operator. Nothing may answer 500, bad text is refused with a 400 naming the field, and the log of the
// whole run holds no secret: not the password, not a password hash, not a token, not a query string.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, loginAs, type Session } from '../test/auth';

const PASSWORD = 'Hostile-Run-Secret-4817';
const QUERY_MARKER = 'qmarker7Hx2';
const FAKE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-a-real-hash';

const lines: string[] = [];
let t: TestApp;
let operator: Session;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line: string) => void lines.push(line) },
    // A statement that fails in the database with a hash among its values (a NUL byte cannot be stored).
    routes: (app) => {
      app.get('/api/test/failing-statement/', { schema: { hide: true } }, async () => {
        await app.database.db.execute(sql`select ${FAKE_HASH}::text as hash, ${'a\u0000b'}::text as name`);
        return { ok: true };
      });
    },
  });
  await createUser(t.app, { email: 'operator@example.com', password: PASSWORD, attributes: ['admin'] });
  operator = await loginAs(t.app, 'operator@example.com', PASSWORD);
});
afterAll(async () => t.close());

const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  'esc\u001b[31m',
  'name\r\nBcc: victim@example.com',
  'del\u007f c1\u0085',
  'x'.repeat(200_000),
  '',
  12345,
  -1,
  1e308,
  true,
  null,
  [],
  ['\u0000'],
  {},
  { $ne: null, '\u0000': 1 },
  "' OR 1=1 --",
];

/** Path parameters: encoded NUL, an encoded surrogate (invalid UTF-8), traversal, a huge value. */
const HOSTILE_PARAMS = ['%00', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc', 'x'.repeat(400), '-1', '1e308', '%F0%9F%98%80'];
const HOSTILE_QUERIES = [
  `?search=%00&${QUERY_MARKER}=1`,
  `?order_by__=%ED%A0%80&page=${QUERY_MARKER}`,
  '?page=-1&per_page=1e308',
  `?filters=${'%7B'.repeat(50)}&slug=%01${QUERY_MARKER}`,
  `?category[]=%00&category[x]=${QUERY_MARKER}`,
];

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  fields: string[];
  needsToken: boolean;
}

const NEW_PASSWORD = 'An0ther-Long-Secret-Phrase';
/**
 * A valid body for each route that writes, so that one hostile field among sensible ones gets past the
 * other checks and as far as the service and the database.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/account/token/auth/': { email: 'operator@example.com', password: PASSWORD, rememberMe: false },
  'POST /api/account/token/refresh/': { refresh: 'r'.repeat(40) },
  'POST /api/account/token/logout/': { refresh: 'r'.repeat(40) },
  'POST /api/account/registration/': {
    email: 'hostile.registrant@example.com',
    password: PASSWORD,
    password_confirm: PASSWORD,
    first_name: 'Mario',
    last_name: 'Rossi',
    language: 'it',
    referral_code: '',
    partner: '',
    accept_terms: true,
    accept_privacy: true,
  },
  'POST /api/account/activation/resend/': { email: 'hostile.registrant@example.com' },
  'PATCH /api/account/user/change-language/': { language: 'en' },
  'PATCH /api/account/email/change/': {
    password: `${PASSWORD}-wrong`,
    new_email: 'elsewhere@example.com',
    new_email_confirm: 'elsewhere@example.com',
  },
  'POST /api/rest-auth/password/change/': {
    old_password: `${PASSWORD}-wrong`,
    new_password1: NEW_PASSWORD,
    new_password2: NEW_PASSWORD,
  },
  'POST /api/rest-auth/password/reset/': { email: 'operator@example.com' },
  'POST /api/rest-auth/password/reset/confirm/': {
    uid: 'MQ',
    token: 't'.repeat(40),
    new_password1: NEW_PASSWORD,
    new_password2: NEW_PASSWORD,
  },
  'POST /api/v1/backoffice/notifications/': { user_id: 1, title: 'Avviso', body: 'Testo del messaggio' },
  'PUT /api/v1/backoffice/users/{id}/': { attributes: ['admin'] },
  'PATCH /api/v1/backoffice/users/{id}/': { attributes: ['admin'] },
  'POST /api/v1/public/contact/': {
    name: 'Giulia Bianchi',
    email: 'giulia@example.com',
    topic: 'other',
    subject: 'Domanda',
    message: 'Una domanda sul servizio, per favore.',
    privacy_accepted: true,
  },
  'POST /api/v1/public/newsletter/subscriptions/': { email: 'reader@example.com', language: 'it' },
  'POST /api/v1/public/newsletter/confirm/': { token: 'n'.repeat(40) },
  'PATCH /api/v1/backoffice/users/export-xlsx/': { filters: { search: 'rossi' }, excluded_ids: [2] },
  'PATCH /api/v1/backoffice/audit-log/export-xlsx/': { filters: { search: 'login' } },
  'PATCH /api/v1/backoffice/notifications/export-xlsx/': { filters: { search: 'avviso' } },
};

async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const list: Operation[] = [];
  for (const [path, byMethod] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const body = (operation as { requestBody?: { content?: Record<string, { schema?: unknown }> } }).requestBody;
      const schema = body?.content?.['application/json']?.schema as
        | { properties?: Record<string, unknown>; anyOf?: Array<{ properties?: Record<string, unknown> }> }
        | undefined;
      const documented = [schema?.properties ?? {}, ...(schema?.anyOf ?? []).map((s) => s.properties ?? {})];
      const upper = method.toUpperCase() as Operation['method'];
      const valid = VALID_BODIES[`${upper} ${path}`] ?? {};
      const fields = new Set([...documented.flatMap((p) => Object.keys(p)), ...Object.keys(valid)]);
      const needsToken = (operation as { security?: unknown }).security !== undefined;
      list.push({ method: upper, path, fields: [...fields], needsToken });
    }
  }
  return list;
}

const withParams = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

describe('hostile input', () => {
  it('never answers 500 on any route, anonymous or signed in, and logs no secret', { timeout: 300_000 }, async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sent = 0;
    const send = async (op: Operation, url: string, payload: unknown, signedIn: boolean) => {
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
      const res = await t.app.inject({
        method: op.method,
        url,
        ...(hasBody ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } } : {}),
        ...(signedIn
          ? { headers: { ...operator.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) } }
          : {}),
        remoteAddress: `10.3.${sent % 250}.${Math.floor(sent / 250) % 250}`,
      });
      sent++;
      if (res.statusCode >= 500)
        failures.push(`${op.method} ${url.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };

    for (const op of ops) {
      const url = withParams(op.path, '1');
      // Public routes answer the same to everyone; protected ones are tried both ways.
      for (const signedIn of op.needsToken ? [false, true] : [false]) {
        for (const value of HOSTILE_VALUES) {
          // Every field at once, then each field alone among sensible values.
          const valid = VALID_BODIES[`${op.method} ${op.path}`] ?? {};
          await send(op, url, Object.fromEntries(op.fields.map((f) => [f, value])), signedIn);
          for (const field of op.fields) await send(op, url, { ...valid, [field]: value }, signedIn);
          await send(op, url, value, signedIn);
        }
        for (const query of HOSTILE_QUERIES) await send(op, `${url}${query}`, {}, signedIn);
        if (op.path.includes('{')) {
          for (const param of HOSTILE_PARAMS) await send(op, withParams(op.path, param), {}, signedIn);
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    const secrets = { password: PASSWORD, hash: '$argon2', access: operator.access, refresh: operator.refresh };
    const leaks = Object.entries({ ...secrets, query: QUERY_MARKER })
      .filter(([, secret]) => log.includes(secret))
      .map(([name]) => name);
    expect({ failures, leaks }).toEqual({ failures: [], leaks: [] });
  });

  it('refuses bad text with a 400 naming the field, and stores nothing', async () => {
    const registration = {
      email: 'new.person@example.com',
      password: PASSWORD,
      password_confirm: PASSWORD,
      first_name: 'Mario',
      last_name: 'Rossi',
      language: 'en',
      accept_terms: true,
      accept_privacy: true,
    };
    for (const [field, value] of [
      ['first_name', 'Ma\u0000rio'],
      ['last_name', 'Rossi\uD800'],
      ['first_name', 'Mario\r\nBcc: victim@example.com'],
      ['email', 'new.person\u0000@example.com'],
      ['password', `${PASSWORD}\u0000`],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/registration/',
        payload: { ...registration, [field]: value },
        headers: { 'accept-language': 'en' },
      });
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(res.json()[field]).toEqual([
        'This field contains characters that are not allowed (control characters or invalid text).',
      ]);
    }
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact/',
      payload: {
        name: 'Giulia',
        email: 'g@example.com',
        topic: 'other',
        message: 'Ciao\u0000!!!!!!!!',
        privacy_accepted: true,
      },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json().message).toEqual([
      'Questo campo contiene caratteri non ammessi (caratteri di controllo o testo non valido).',
    ]);
    // A multi-line message keeps its line breaks.
    const multiline = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact/',
      payload: {
        name: 'Giulia',
        email: 'g@example.com',
        topic: 'other',
        message: 'Buongiorno,\r\n\tuna domanda.',
        privacy_accepted: true,
      },
    });
    expect(multiline.statusCode).toBe(201);
    // Query strings and path parameters go through the same rule, even where a route's schema has none.
    // A fresh sign-in: the run over every route above included signing out of every device.
    operator = await loginAs(t.app, 'operator@example.com', PASSWORD);
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/?search=%00',
      headers: operator.headers,
    });
    expect(query.statusCode).toBe(400);
    const param = await t.app.inject({ method: 'GET', url: '/api/v1/public/partners/%00/' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toHaveProperty('slug');
    // Refused by the guard (not by the route's schema, which would name the field too).
    expect(query.json().search).toEqual(param.json().slug);
    // A route that reads no query string at all still refuses one it cannot hold.
    const config = await t.app.inject({ method: 'GET', url: '/api/get-global-config/?x=%00' });
    expect(config.statusCode).toBe(400);
    expect(config.json()).toHaveProperty('x');
  });

  it('logs a failed statement without its values', async () => {
    const before = lines.length;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/failing-statement/' });
    expect(res.statusCode).toBe(500);
    const logged = lines.slice(before).join('');
    // The failure is logged, with its correlation id and the statement, but not the values.
    expect(logged).toContain(res.json().correlation_id);
    expect(logged).toContain('Failed query: select $1::text as hash');
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain('not-a-real-hash');
  });
});
