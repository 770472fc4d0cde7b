// The quarterly interest run, driven by the app's clock: instalments collected from cash through the
// ledger, overdue when cash is short (told once), collected on a later run, principal at maturity.
import { quarterOf } from '@lombard/shared/money/advance-settlement';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceInstalments } from '../../db/schema/advances';
import { messagesTo } from '../../lib/outbox';
import { activeAdvance, advanceRow, spendCashTo } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { ADVANCE_INTEREST_JOB, scheduleInterestRun } from './interest-job';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const at = (date: string) => new Date(`${date}T09:00:00Z`);
const run = async (date: string) => {
  f.clock.now = at(date);
  await scheduleInterestRun(f.app.database.db, f.clock.now);
  await f.app.jobs.drain();
};
const instalments = async (id: number) =>
  f.app.database.db
    .select()
    .from(advanceInstalments)
    .where(eq(advanceInstalments.advanceId, id))
    .orderBy(advanceInstalments.number);
const cash = async (session: Parameters<MoneyFixture['get']>[0]) => (await f.get(session, '/api/v1/cash/')).json();
const ledgerOk = async () => (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok;

describe('quarterly interest job', () => {
  it('runs once a day and collects each instalment on its due date, the last one with the principal', async () => {
    f.clock.now = new Date();
    const { investor, id, payout } = await activeAdvance(f, { amount: '20000.00', instalments: 2, cash: '1000.00' });
    expect(f.app.jobs.has(ADVANCE_INTEREST_JOB)).toBe(true);
    // 20,000 at 4.90 % a year: 245.00 a quarter.
    const before = await cash(investor.session);
    const first = quarterOf(payout, 1).dueDate;
    const dayBefore = new Date(at(first).getTime() - 86_400_000).toISOString().slice(0, 10);
    await run(dayBefore);
    expect((await instalments(id))[0]!.state).toBe('scheduled');

    await run(first);
    const [one] = await instalments(id);
    expect(one).toMatchObject({ state: 'paid', interest: '245.00', principal: '0.00' });
    expect((await cash(investor.session)).available).toBe((Number(before.available) - 245).toFixed(2));
    // Asked again the same day: already queued, nothing more is taken.
    expect(await scheduleInterestRun(f.app.database.db, f.clock.now)).toBe(false);

    await run(quarterOf(payout, 2).dueDate);
    const [, two] = await instalments(id);
    expect(two).toMatchObject({ state: 'paid', interest: '245.00', principal: '20000.00' });
    expect(await advanceRow(f, id)).toMatchObject({ status: 6, outstanding: '0.00' });
    expect((await cash(investor.session)).available).toBe((Number(before.available) - 490 - 20000).toFixed(2));
    const emails = await messagesTo(f.app.database.db, investor.email, 'advance_repaid');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`Advance ${id} is fully repaid`);
    expect(await ledgerOk()).toBe(true);
  });

  it('marks an instalment overdue when cash is short, tells the customer once, and collects it when cash arrives', async () => {
    f.clock.now = new Date();
    const { investor, id, payout } = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    await spendCashTo(f, investor, '100.00');
    // The run of the due date itself served the advance above; a run a day late collects it the same way.
    const day = (n: number) =>
      new Date(at(quarterOf(payout, 1).dueDate).getTime() + n * 86_400_000).toISOString().slice(0, 10);
    await run(day(1));
    expect((await instalments(id))[0]).toMatchObject({ state: 'overdue', interest: '245.00' });
    await run(day(2));
    expect((await instalments(id))[0]!.state).toBe('overdue');
    const notices = (await f.get(investor.session, '/api/v1/notifications/')).json();
    const overdue = notices.results.filter((n: { kind: string }) => n.kind === 'instalment_overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0].title).toBe('Instalment overdue');
    expect(await messagesTo(f.app.database.db, investor.email, 'advance_overdue')).toHaveLength(1);
    const operators = (
      await f.get(f.admin, `/api/v1/backoffice/advance-instalments/?state=overdue&advance=${id}`)
    ).json();
    expect(operators.count).toBe(1);
    expect(operators.results[0]).toMatchObject({ number: 1, total: '245.00', user: { id: investor.id } });

    await f.deposit(investor, '500.00');
    await run(day(3));
    expect((await instalments(id))[0]!.state).toBe('paid');
    expect((await cash(investor.session)).available).toBe('355.00');
    expect(await ledgerOk()).toBe(true);
  });
});
