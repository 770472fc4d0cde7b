// A reset request for an unknown (or blocked) address must take as long as one for a registered address,
// so the time of the answer does not tell them apart. Timing is noisy to test; what is tested is that
// both go through the same work: a link minted and the reset e-mail rendered and written.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { setUserStatus } from '../auth/service';
import * as emails from './emails';

vi.mock('./emails', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./emails')>();
  return { ...actual, sendAccountEmail: vi.fn(actual.sendAccountEmail) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  vi.mocked(emails.sendAccountEmail).mockClear();
});

const reset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/rest-auth/password/reset/', payload: { email } });

/** The reset e-mails rendered during one request: template and recipient. */
function resetWork() {
  return vi
    .mocked(emails.sendAccountEmail)
    .mock.calls.filter(([, template]) => template === 'password_reset')
    .map(([, , input]) => ({
      to: input.to,
      hasLink: /\/reset-password-confirm\/[^/]+\/[^/]+\/$/.test(input.url ?? ''),
    }));
}

describe('POST /api/rest-auth/password/reset/ does the same work for every address', () => {
  it('a registered address: the e-mail is rendered and written', async () => {
    await createUser(t.app, { email: 'registered@example.com' });
    const res = await reset('registered@example.com');
    expect(res.statusCode).toBe(200);
    expect(resetWork()).toEqual([{ to: 'registered@example.com', hasLink: true }]);
    expect(await messagesTo(t.app.database.db, 'registered@example.com', 'password_reset')).toHaveLength(1);
  });

  it('an unknown address: the same e-mail is rendered too, then discarded; nothing is written', async () => {
    const res = await reset('stranger@example.com');
    expect(res.statusCode).toBe(200);
    expect(resetWork()).toEqual([{ to: 'stranger@example.com', hasLink: true }]);
    expect(await messagesTo(t.app.database.db, 'stranger@example.com')).toHaveLength(0);
  });

  it('a blocked account: the same work, nothing is written', async () => {
    const user = await createUser(t.app, { email: 'blocked-reset@example.com' });
    await setUserStatus(t.app.database.db, user.id, 0);
    const res = await reset(user.email);
    expect(res.statusCode).toBe(200);
    expect(resetWork()).toEqual([{ to: user.email, hasLink: true }]);
    expect(await messagesTo(t.app.database.db, user.email)).toHaveLength(0);
  });
});
