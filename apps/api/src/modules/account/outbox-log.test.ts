// The outbox's log says that a message was written (template, recipient's domain), never its secret:
// activation and reset links carry tokens that open the account.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { createOutboxDispatcher } from '../../lib/outbox-dispatcher';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { linkIn } from '../../test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('outbox log', () => {
  it('logs the template and the recipient domain of activation and reset e-mails, not their links or address', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/account/registration/',
      payload: {
        email: 'secret.person@example.org',
        password: 'Solid-pass-2026',
        password_confirm: 'Solid-pass-2026',
        first_name: 'Sara',
        last_name: 'Segreti',
        language: 'en',
        accept_terms: true,
        accept_privacy: true,
      },
    });
    await createUser(t.app, { email: 'resetting@example.net' });
    await t.app.inject({
      method: 'POST',
      url: '/api/rest-auth/password/reset/',
      payload: { email: 'resetting@example.net' },
    });
    const [activation] = await messagesTo(t.app.database.db, 'secret.person@example.org', 'account_activation');
    const [resetMail] = await messagesTo(t.app.database.db, 'resetting@example.net', 'password_reset');
    // Still pending: the body holds the links until delivery.
    const secrets = [activation!, resetMail!].map((m) => linkIn(m).split('/').at(-2)!);

    const lines: unknown[][] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const log = { info: vi.fn(record), warn: vi.fn(record), error: vi.fn(record) } as unknown as FastifyBaseLogger;
    await createOutboxDispatcher(t.app.database.db, { dataDir: t.dataDir, mailFrom: 'x@example.com', log }).flush();

    const logged = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).not.toContain('secret.person');
    expect(logged).not.toContain('user-account-activation');
    expect(lines).toContainEqual([
      expect.objectContaining({ template: 'account_activation', toDomain: 'example.org' }),
      'outbox: email written',
    ]);
    expect(lines).toContainEqual([
      expect.objectContaining({ template: 'password_reset', toDomain: 'example.net' }),
      'outbox: email written',
    ]);
  });
});
