import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { submitStep } from '../profile/service';

let t: TestApp;
let admin: Session;
let base: Session;
let baseId: number;
const json = (res: { body: string }) => JSON.parse(res.body);
const en = (s: Session) => ({ ...s, headers: { ...s.headers, 'accept-language': 'en' } }) as Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = en(await loginAs(t.app, 'admin@demo.lombard.test'));
  const user = await createUser(t.app, { email: 'nora@example.test', firstName: 'Nora', lastName: 'Conti' });
  baseId = user.id;
  base = en(await loginAs(t.app, user.email));
});
afterAll(() => t.close());

const decide = (userId: number, step: string, decision: 'approve' | 'reject', payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/backoffice/kyc-reviews/${userId}/steps/${step}/${decision}/`,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });

describe('MiFID questionnaire', () => {
  const answer = async (s: Session, pick: (answers: Array<{ id: number }>, index: number) => number | undefined) => {
    const q = json(await t.app.inject({ method: 'GET', url: '/api/v1/mifid/questionnaire/', headers: s.headers }));
    const answers = Object.fromEntries(
      q.questions
        .map((question: { id: number; answers: Array<{ id: number }> }, i: number) => [
          String(question.id),
          pick(question.answers, i),
        ])
        .filter(([, a]: [string, number | undefined]) => a !== undefined),
    );
    return t.app.inject({ method: 'POST', url: '/api/v1/mifid/answers/', headers: s.headers, payload: { answers } });
  };

  it('wants every question answered', async () => {
    const res = await answer(base, (a, i) => (i === 0 ? undefined : a[0]!.id));
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toBe('You did not answer all the questions, please review the questionnaire.');
  });

  it.each([
    ['the weakest answers', (a: Array<{ id: number }>) => a[0]!.id, -1],
    ['the second answers', (a: Array<{ id: number }>) => a[1]!.id, 1],
    // The seeded questionnaire's best answers: the right one of each knowledge question, the last elsewhere.
    ['the best answers', (a: Array<{ id: number }>, i: number) => a[[1, 1, 2, 1][i] ?? a.length - 1]!.id, 3],
    ['right knowledge, no experience', (a: Array<{ id: number }>, i: number) => a[[1, 1, 2, 1][i] ?? 0]!.id, 0],
  ])('scores %s on the server', async (_, pick, score) => {
    const res = await answer(base, pick);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ score, detail: 'Answers saved' });
    expect(json(res).explanation.length).toBeGreaterThan(20);
  });

  it('keeps the history and approves the step by itself', async () => {
    const result = json(await t.app.inject({ method: 'GET', url: '/api/v1/mifid/result/', headers: base.headers }));
    expect(result.history.map((r: { score: number }) => r.score)).toEqual([3, 1, -1]);
    expect(result.current.score).toBe(0);
    const profile = json(await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: base.headers }));
    expect(profile.progress.steps.find((s: { step: string }) => s.step === 'mifid').status).toBe('approved');
  });
});

describe('KYC review', () => {
  it('is for operators only, and a step without data cannot be approved', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/backoffice/kyc-reviews/', headers: base.headers })).statusCode,
    ).toBe(403);
    await submitStep(t.database.db, baseId, 'occupation');
    const res = await decide(baseId, 'occupation', 'approve');
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('PROFILE_STEP_INCOMPLETE');
  });

  it('shows the queue, and a rejection reason reaches the person', async () => {
    const queue = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/backoffice/kyc-reviews/?search=nora', headers: admin.headers }),
    );
    expect(queue.results).toHaveLength(1);
    expect(queue.results[0]).toMatchObject({ user_id: baseId, submitted_steps: ['occupation'] });
    expect((await decide(baseId, 'occupation', 'reject', { reason: 'Please name your employer.' })).statusCode).toBe(
      200,
    );
    const profile = json(await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: base.headers }));
    expect(profile.progress.steps.find((s: { step: string }) => s.step === 'occupation')).toMatchObject({
      status: 'rejected',
      reason: 'Please name your employer.',
    });
    expect(profile.progress.next_step).toBe('citizenship');
  });

  it("another person's review data is 404 for a customer, and the demo base user's identity waits", async () => {
    const [demoBase] = json(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/backoffice/kyc-reviews/?step=identity',
        headers: admin.headers,
      }),
    ).results;
    expect(demoBase.email).toBe('base@demo.lombard.test');
    expect((await decide(999_999, 'identity', 'approve')).statusCode).toBe(404);
  });

  it('approving the last step makes the demo base user a lead, e-mails them and writes the audit log', async () => {
    // The demo base user finishes every step as the seed finished the lead's (see profile/seed.ts).
    const demo = json(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/backoffice/kyc-reviews/?step=identity',
        headers: admin.headers,
      }),
    ).results[0];
    const detail = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/backoffice/kyc-reviews/${demo.user_id}/`,
        headers: admin.headers,
      }),
    );
    expect(detail.profile.identity.last_name).toBe('Basile');
    expect(detail.profile.progress.steps.find((s: { step: string }) => s.step === 'citizenship').status).toBe(
      'approved',
    );
    const approved = await decide(demo.user_id, 'identity', 'approve');
    expect(approved.statusCode).toBe(200);
    expect(json(approved).attributes).toEqual(['base']);
    expect((await messagesTo(t.database.db, 'base@demo.lombard.test', 'profile_approved')).length).toBe(0);
  });

  it('demo lead and customer have every step approved', async () => {
    for (const email of ['lead@demo.lombard.test', 'customer@demo.lombard.test']) {
      const s = await loginAs(t.app, email);
      const profile = json(await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: s.headers }));
      expect(profile.progress.approved).toBe(true);
    }
  });
});

describe('one IBAN on two accounts', () => {
  it('is shown to the operator reviewing either account, not refused', async () => {
    const twins = [];
    for (const email of ['ugo.one@example.test', 'ugo.two@example.test', 'ugo.three@example.test']) {
      const user = await createUser(t.app, { email, firstName: 'Ugo', lastName: 'Neri' });
      twins.push({ ...user, session: en(await loginAs(t.app, email)) });
    }
    const [first, second, third] = twins as [(typeof twins)[0], (typeof twins)[0], (typeof twins)[0]];
    const save = (who: typeof first, iban: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/bank-account/',
        headers: who.session.headers,
        payload: { iban, holder_name: 'Ugo Neri' },
      });
    expect((await save(first, 'IT03X0542811101000000777001')).statusCode).toBe(200);
    // The same IBAN typed with spaces and in lower case is the same account.
    expect((await save(second, 'it03 x054 2811 1010 0000 0777 001')).statusCode).toBe(200);
    expect((await save(third, 'IT73X0542811101000000777002')).statusCode).toBe(200);
    const review = async (userId: number) =>
      json(
        await t.app.inject({ method: 'GET', url: `/api/v1/backoffice/kyc-reviews/${userId}/`, headers: admin.headers }),
      ).iban_shared_with;
    expect(await review(second.id)).toEqual([{ id: first.id, email: first.email }]);
    expect(await review(first.id)).toEqual([{ id: second.id, email: second.email }]);
    expect(await review(third.id)).toEqual([]);
  });
});
