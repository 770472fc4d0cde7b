// The statement of an advance, asked for by the customer at any time: its amortisation table as it stands
// and the figures its ledger entries add up to (paid out, repaid, outstanding, interest paid to date).
import { DOCUMENTS_PATH, documentFileDownloadPath } from '@lombard/shared/document-paths';
import { quarterOf } from '@lombard/shared/money/advance-settlement';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../lib/format';
import { activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { asPrinted, pdfText } from '../../test/pdf-text';
import { scheduleInterestRun } from './interest-job';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const money = (value: Decimal.Value) => asPrinted(formatMoney(value, 'en'));

/** Σ of one account's lines over the entries of the advance and of its repayments, straight from the books. */
async function ledgerSum(advanceId: number, accountKind: string, entryKinds: string[]) {
  const result = await f.app.database.db.execute(sql`
    select coalesce(sum(l.amount), 0)::text as total
    from journal_lines l
    join journal_entries e on e.id = l.entry_id
    join ledger_accounts a on a.id = l.account_id
    where a.kind = ${accountKind} and e.kind in ${entryKinds}
      and (e.reference = ${`advances:${advanceId}`}
        or e.reference in (select 'advance_repayments:' || id from advance_repayments where advance_id = ${advanceId}))`);
  return new Decimal((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
}

describe('advance statement on request', () => {
  it('shows the table as it stands and the ledger’s figures, filed once a day among the documents', async () => {
    f.clock.now = new Date();
    const { investor, id, payout } = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '1000.00' });
    const first = quarterOf(payout, 1).dueDate;
    f.clock.now = new Date(`${first}T09:00:00Z`);
    await scheduleInterestRun(f.app.database.db, f.clock.now);
    await f.app.jobs.drain();

    const asked = await f.post(investor.session, `/api/v1/advances/${id}/statement/`);
    expect(asked.statusCode, asked.body).toBe(201);
    const item = asked.json() as DocumentItem;
    expect(item).toMatchObject({ kind: 'advance_statement', origin: 'issued', status: 'active', issued_on: first });
    const file = item.files[0]!;
    expect(file.name).toBe(`advance-${id}-statement-${first}.pdf`);
    const download = await f.get(investor.session, documentFileDownloadPath(item.id, file.id));
    const text = await pdfText(download.rawPayload);

    const paidOut = await ledgerSum(id, 'customer.advance', ['advance.disburse']);
    const repaid = (
      await ledgerSum(id, 'customer.advance', ['advance.instalment', 'advance.repayment', 'advance.withdrawal'])
    ).neg();
    const interest = await ledgerSum(id, 'platform.interest', ['advance.instalment', 'advance.repayment']);
    expect(paidOut.toFixed(2)).toBe('20000.00');
    expect(interest.gt(0)).toBe(true);
    expect(text).toContain(`Statement of advance no. ${id}`);
    expect(text).toMatch(new RegExp(`Amount paid out\\n${money(paidOut).replace(/[.$]/g, '\\$&')}`));
    expect(text).toMatch(
      new RegExp(`Principal outstanding\\n${money(paidOut.minus(repaid)).replace(/[.$]/g, '\\$&')}`),
    );
    expect(text).toMatch(new RegExp(`Interest paid to date\\n${money(interest).replace(/[.$]/g, '\\$&')}`));
    expect(text).toContain(`Paid on ${formatDate(first, 'en')}`);
    expect(text.match(/^Outstanding$/gm)).toHaveLength(3);

    // Asked again the same day: the earlier one is replaced, one current statement of that day remains.
    expect((await f.post(investor.session, `/api/v1/advances/${id}/statement/`)).statusCode).toBe(201);
    const statements = ((await f.get(investor.session, DOCUMENTS_PATH)).json().results as DocumentItem[]).filter(
      (d) => d.kind === 'advance_statement',
    );
    expect(statements.map((d) => d.status).sort()).toEqual(['active', 'superseded']);

    // Someone else's advance is not found.
    const other = await f.investor();
    expect((await f.post(other.session, `/api/v1/advances/${id}/statement/`)).statusCode).toBe(404);
  });
});
