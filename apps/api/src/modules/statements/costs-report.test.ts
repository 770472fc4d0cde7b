// The yearly job: each customer's costs and charges report (ex post) and a statement of each advance that
// ran in the year, once however often it runs; the report's euros and percentages are the ledger's.
import { DOCUMENTS_PATH, documentFileDownloadPath } from '@lombard/shared/document-paths';
import { quarterOf } from '@lombard/shared/money/advance-settlement';
import { calendarDate } from '@lombard/shared/money/business-days';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, formatPercent } from '../../lib/format';
import { enqueueJob } from '../../lib/jobs/queue';
import { activeAdvance } from '../../test/active-advance';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { delivered } from '../../test/outbox';
import { asPrinted, pdfText } from '../../test/pdf-text';
import { scheduleInterestRun } from '../advances/service';
import { YEARLY_STATEMENTS_JOB } from './jobs';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const money = (value: Decimal.Value) => asPrinted(formatMoney(value, 'en'));
const percent = (value: Decimal.Value) => asPrinted(formatPercent(value, 'en'));
const documents = async (who: Investor, kind: string) =>
  ((await f.get(who.session, DOCUMENTS_PATH)).json().results as DocumentItem[]).filter((d) => d.kind === kind);
const textOf = async (who: Investor, item: DocumentItem) =>
  pdfText((await f.get(who.session, documentFileDownloadPath(item.id, item.files[0]!.id))).rawPayload);

/** Σ of a platform account's lines over the customer's entries of some kinds, straight from the books. */
async function booked(userId: number, account: string, entryKinds: string[]) {
  const result = await f.app.database.db.execute(sql`
    select coalesce(sum(l.amount), 0)::text as total
    from journal_lines l
    join journal_entries e on e.id = l.entry_id
    join ledger_accounts a on a.id = l.account_id
    where e.user_id = ${userId} and a.kind = ${account} and e.kind in ${entryKinds}`);
  return new Decimal((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
}

describe('yearly costs and charges report', () => {
  it('states the entry costs and the interest paid in euros and percent, once per year', async () => {
    // Everything is booked today (entries are dated when posted): the report of this year holds it all.
    const today = calendarDate(new Date());
    const year = Number(today.slice(0, 4));
    f.clock.now = new Date();
    const { investor, id, payout } = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '12000.00' });
    const coupon = await f.productId('cedola-trimestrale-europa');
    const order = (
      await f.post(investor.session, `/api/v1/products/${coupon}/invest/`, { amount: '11000', payment_method: 'cash' })
    ).json();
    await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
    f.clock.now = new Date(`${quarterOf(payout, 1).dueDate}T09:00:00Z`);
    await scheduleInterestRun(f.app.database.db, f.clock.now);
    await f.app.jobs.drain();

    f.clock.now = new Date(`${year + 1}-01-02T09:00:00Z`);
    await enqueueJob(f.app.database.db, YEARLY_STATEMENTS_JOB, { year });
    await enqueueJob(f.app.database.db, YEARLY_STATEMENTS_JOB, { year });
    await f.app.jobs.drain();

    const reports = await documents(investor, 'costs_report');
    expect(reports).toHaveLength(1);
    expect(reports[0]!.files[0]!.name).toBe(`costs-and-charges-${year}.pdf`);
    expect(await delivered(f.app, investor.email, 'statement_costs_report')).toHaveLength(1);
    const text = await textOf(investor, reports[0]!);

    const fees = await booked(investor.id, 'platform.fees', ['invest.settle']);
    const subscribed = (await booked(investor.id, 'customer.cash_reserved', ['invest.settle'])).neg();
    const interest = await booked(investor.id, 'platform.interest', ['advance.instalment', 'advance.repayment']);
    expect(fees.gt(0)).toBe(true);
    expect(interest.gt(0)).toBe(true);
    // 20,000 owed from today to the year's end, nothing before: the average over the year's days.
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    const days = day(`${year}-12-31`) + 1 - day(today);
    const average = new Decimal(20000).mul(days).div(day(`${year}-12-31`) + 1 - day(`${year}-01-01`));
    const line = (...cells: string[]) => cells.join('\n');
    expect(text).toContain(
      line('Entry costs of your subscriptions', money(fees), percent(fees.div(subscribed)), money(subscribed)),
    );
    expect(text).toContain(
      line(
        'Interest paid on advances',
        money(interest),
        percent(interest.div(average.toDecimalPlaces(2))),
        money(average.toDecimalPlaces(2)),
      ),
    );
    expect(text).toContain(line('Total costs and charges', money(fees.plus(interest))));

    // And the advance's statement of the year, once.
    const yearly = await documents(investor, 'advance_statement');
    expect(yearly).toHaveLength(1);
    const advanceText = await textOf(investor, yearly[0]!);
    expect(advanceText).toContain(`Statement of advance no. ${id}`);
    expect(advanceText).toContain(line('Interest paid to date', money(interest)));
  });

  it('is not issued for a year that ended before the customer’s first entry in the books', async () => {
    f.clock.now = new Date();
    const investor = await f.investor();
    await f.deposit(investor, '500.00');
    const year = Number(calendarDate(new Date()).slice(0, 4)) - 1;
    await enqueueJob(f.app.database.db, YEARLY_STATEMENTS_JOB, { year });
    await f.app.jobs.drain();
    expect(await documents(investor, 'costs_report')).toEqual([]);
    expect(await delivered(f.app, investor.email, 'statement_costs_report')).toEqual([]);
  });
});
