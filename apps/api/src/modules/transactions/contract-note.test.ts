// A contract note for every executed order, on the day it is executed: filed once among the customer's
// documents, downloadable, announced by an e-mail without the PDF, and saying what the ledger booked.
import { DOCUMENTS_PATH, documentFileDownloadPath } from '@lombard/shared/document-paths';
import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDecimal, formatMoney } from '../../lib/format';
import { enqueueJob } from '../../lib/jobs/queue';
import { loginAs } from '../../test/auth';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { delivered } from '../../test/outbox';
import { asPrinted, pdfText } from '../../test/pdf-text';
import { entryOf } from '../ledger/service';
import { CONTRACT_NOTE_JOB } from './contract-note';

let f: MoneyFixture;
let coupon: number;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  f = await moneyFixture();
  coupon = await f.productId('cedola-trimestrale-europa'); // min 10,000, held at least 90 days
});
afterAll(() => f.t.close());

const notes = async (who: Investor) =>
  ((await f.get(who.session, DOCUMENTS_PATH)).json().results as DocumentItem[]).filter(
    (d) => d.kind === 'contract_note',
  );

async function noteText(who: Investor, document: DocumentItem) {
  const file = document.files[0]!;
  const res = await f.get(who.session, documentFileDownloadPath(document.id, file.id));
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  return pdfText(res.rawPayload);
}

/** Every figure of the note, as the customer reads it in their language, against the order's ledger entry. */
async function expectLedgerFigures(text: string, language: Language, id: number, kind: string) {
  const money = (value: Decimal.Value) => asPrinted(formatMoney(value, language));
  const entry = (await entryOf(f.app.database.db, `transactions:${id}`, kind))!;
  const sum = (account: string) =>
    entry.lines.filter((l) => l.kind === account).reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const row = (await f.app.database.db.execute(
    sql`select t.nav::text as nav, t.nav_date::text as nav_date, t.reference_code, p.name, p.isin, t.executed_at
        from transactions t join products p on p.id = t.product_id where t.id = ${id}`,
  )) as unknown as { rows: Array<Record<string, string>> };
  const order = row.rows[0]!;
  expect(text).toContain(order.name!);
  expect(text).toContain(order.isin!);
  expect(text).toContain(order.reference_code!);
  expect(text).toContain(formatDecimal(order.nav!, language, 6));
  expect(text).toContain(formatDate(order.nav_date!, language));
  expect(text).toContain(formatDate(calendarDate(new Date(order.executed_at!)), language));
  if (kind === 'invest.settle') {
    const paid = sum('customer.cash_reserved').neg();
    const fee = sum('platform.fees');
    expect(text).toContain(formatDecimal(sum('customer.units'), language, 6));
    expect(text).toContain(money(paid));
    expect(text).toContain(money(fee));
    expect(text).toContain(money(sum('customer.position_cost')));
    expect(fee.gt(0)).toBe(true);
  } else {
    expect(text).toContain(formatDecimal(sum('customer.units_reserved').neg(), language, 6));
    expect(text).toContain(money(sum('customer.cash')));
  }
}

describe('contract notes', () => {
  it('are in the demo customer’s documents for each seeded order, with no job left waiting', async () => {
    const customer: Investor = { id: 0, email: '', session: await loginAs(f.app, 'customer@demo.lombard.test') };
    const seeded = await notes(customer);
    expect(seeded).toHaveLength(5);
    const text = await noteText(customer, seeded.at(-1)!);
    expect(text).toContain('Nota eseguito — sottoscrizione');
    const waiting = await f.app.database.db.execute(
      sql`select count(*)::int as n from jobs where name = ${CONTRACT_NOTE_JOB} and status = 'pending'`,
    );
    expect((waiting as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
  it('are issued for a subscription and a redemption, once each, with the figures of the ledger', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '11000.00');
    const order = (
      await f.post(investor.session, `/api/v1/products/${coupon}/invest/`, { amount: '11000', payment_method: 'cash' })
    ).json();
    const settled = await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
    expect(settled.json().settled).toEqual([order.id]);
    await f.app.jobs.drain();

    const [subscription, ...others] = await notes(investor);
    expect(others).toEqual([]);
    expect(subscription).toMatchObject({ origin: 'issued', type: 'contract_note', status: 'active' });
    expect(subscription!.issued_on).toBe(calendarDate(f.clock.now));
    const text = await noteText(investor, subscription!);
    expect(text).toContain('Contract note — subscription');
    await expectLedgerFigures(text, 'en', order.id, 'invest.settle');

    const [mail] = await delivered(f.app, investor.email, 'statement_contract_note');
    expect(mail!.subject).toContain('contract note for Cedola');
    expect(mail!.text).toContain('/customer/document/');
    expect(JSON.stringify(mail!.meta)).not.toMatch(/attachment|%PDF/i);

    // The job run again (a retry after a lost lease) files nothing more and sends nothing more.
    await enqueueJob(f.app.database.db, CONTRACT_NOTE_JOB, { transactionId: order.id });
    await f.app.jobs.drain();
    expect(await notes(investor)).toHaveLength(1);
    expect(await delivered(f.app, investor.email, 'statement_contract_note')).toHaveLength(1);

    // A redemption, read by a customer who switched to Italian.
    const switched = await f.app.inject({
      method: 'PATCH',
      url: '/api/account/user/change-language/',
      headers: investor.session.headers,
      payload: { language: 'it' },
    });
    expect(switched.statusCode).toBe(200);
    const start = f.clock.now;
    try {
      f.clock.now = new Date(start.getTime() + 91 * DAY_MS);
      const sold = (await f.post(investor.session, `/api/v1/products/${coupon}/disinvest/`, { units: '10' })).json();
      f.clock.now = new Date(`${sold.execute_on}T10:00:00Z`);
      const done = (await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [sold.id] })).json();
      expect(done.settled).toEqual([sold.id]);
      await f.app.jobs.drain();
      const [redemption] = await notes(investor);
      const italian = await noteText(investor, redemption!);
      expect(italian).toContain('Nota eseguito — rimborso');
      expect(redemption!.files[0]!.name).toBe(`nota-eseguito-${sold.reference_code}.pdf`);
      await expectLedgerFigures(italian, 'it', sold.id, 'disinvest.execute');
      expect(await notes(investor)).toHaveLength(2);
    } finally {
      f.clock.now = start;
    }
  });
});
