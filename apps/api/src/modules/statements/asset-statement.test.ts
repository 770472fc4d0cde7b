// The quarterly statement of assets: issued by the quarterly job once per customer and quarter however
// often it runs, and reconciled with the ledger: the cash part with the cash statement the app shows for
// the same days (opening + movements = closing), the funds with their ledger units, pledged ones marked.

import { DOCUMENTS_PATH, documentFileDownloadPath } from '@lombard/shared/document-paths';
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays, isWeekday } from '@lombard/shared/money/calendar-days';
import { positionValue } from '@lombard/shared/money/valuation';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import type { CashStatement } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client';
import { formatDate, formatDecimal, formatMoney } from '../../lib/format';
import { enqueueJob } from '../../lib/jobs/queue';
import { activeAdvance } from '../../test/active-advance';
import { loginAs } from '../../test/auth';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { delivered } from '../../test/outbox';
import { asPrinted, pdfText } from '../../test/pdf-text';
import { verifiedStockPlan } from '../../test/stock-plan';
import { withdrawConfirmed } from '../../test/withdrawals';
import { customerBalances } from '../ledger/service';
import { navOn } from '../products/service';
import { issueAssetStatement } from './asset-statement';
import { QUARTERLY_STATEMENTS_JOB, scheduleQuarterlyStatements } from './jobs';
import { quarter as calendarQuarter, quarterOfDay } from './quarters';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const money = (value: Decimal.Value) => asPrinted(formatMoney(value, 'en'));
const statements = async (who: Investor) =>
  ((await f.get(who.session, DOCUMENTS_PATH)).json().results as DocumentItem[]).filter(
    (d) => d.kind === 'asset_statement',
  );
const textOf = async (who: Investor, item: DocumentItem) =>
  pdfText((await f.get(who.session, documentFileDownloadPath(item.id, item.files[0]!.id))).rawPayload);

describe('quarterly statement of assets', () => {
  it('is issued once by the quarterly job, and reconciles with the cash statement and the ledger', async () => {
    // Entries are dated when posted (today): the quarter of today holds them all. The job runs after it.
    const quarter = quarterOfDay(calendarDate(new Date()));
    f.clock.now = new Date();
    const { investor, bond } = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '1000.00' });
    await withdrawConfirmed(f, investor, '250.00');

    f.clock.now = new Date(new Date(`${quarter.to}T12:00:00Z`).getTime() + 86_400_000);
    await enqueueJob(f.app.database.db, QUARTERLY_STATEMENTS_JOB, { quarter: quarter.label });
    await enqueueJob(f.app.database.db, QUARTERLY_STATEMENTS_JOB, { quarter: quarter.label });
    await f.app.jobs.drain();

    const [item, ...more] = await statements(investor);
    expect(more).toEqual([]);
    expect(item).toMatchObject({ origin: 'issued', type: 'asset_statement', status: 'active' });
    expect(item!.files[0]!.name).toBe(`statement-of-assets-${quarter.label}.pdf`);
    expect(await delivered(f.app, investor.email, 'statement_asset_statement')).toHaveLength(1);
    const text = await textOf(investor, item!);
    expect(text).toContain(`Statement of assets — ${quarter.label}`);

    // Cash: the app's cash statement for the same days, line by line, and opening + movements = closing.
    const cash = (
      await f.get(investor.session, `/api/v1/cash/movements/?from=${quarter.from}&to=${quarter.to}`)
    ).json() as CashStatement;
    const lines = [...cash.movements].reverse();
    expect(lines.length).toBeGreaterThan(2);
    const sum = lines.reduce((total, line) => total.plus(line.amount), new Decimal(cash.opening_balance));
    expect(sum.toFixed(2)).toBe(cash.closing_balance);
    expect(cash.closing_balance).toBe((await f.get(investor.session, '/api/v1/cash/')).json().balance);
    const cashPart = text.slice(text.indexOf('Cash: every movement of the period'));
    let at = 0;
    for (const line of lines) {
      // Each movement in order: its amount, then the running balance.
      const found = cashPart.indexOf(`${money(line.amount)}\n${money(line.balance)}`, at);
      expect(found, `${line.kind_name} ${line.amount}`).toBeGreaterThan(at - 1);
      at = found;
    }
    expect(cashPart).toContain(`${money(cash.opening_balance)}`);
    expect(cashPart).toMatch(
      new RegExp(`Cash on [^\\n]+\\n${money(cash.closing_balance).replace(/[.$]/g, '\\$&')}\\n`),
    );

    // Funds: the ledger's units (free, reserved and pledged), pledged ones marked, valued at the NAV.
    const position = (await customerBalances(f.app.database.db, investor.id)).positions.get(bond)!;
    const held = position.units.plus(position.reservedUnits).plus(position.pledgedUnits);
    expect(position.pledgedUnits.gt(0)).toBe(true);
    const nav = (await navOn(f.app.database.db, bond, quarter.to))!;
    const units = formatDecimal(held, 'en', 6);
    expect(text).toContain(units);
    // The pledged units in their own column, right after the units held.
    expect(text).toContain(`${formatDecimal(held, 'en', 6)}\n${formatDecimal(position.pledgedUnits, 'en', 6)}\n`);
    expect(text).toContain(money(positionValue(held, nav.nav)));
    // Units: opening 0, movements = closing.
    expect(text).toContain(`0.000000\n${units}\n${units}`);
  });

  it('lists the company stock plan shares held, valued at the price on record that day with its day and source', async () => {
    f.clock.now = new Date();
    const { investor } = await activeAdvance(f, { amount: '5000.00', instalments: 4 });
    const planId = await verifiedStockPlan(f, investor);
    const verifiedOn = calendarDate(f.clock.now);
    // The operator records the share's price on the next working day from the verification (the same day
    // on a weekday, which replaces the verified 30.00): the statement values the shares at it.
    let day = verifiedOn;
    while (!isWeekday(day)) day = addDays(day, 1);
    f.clock.now = new Date(`${day}T12:00:00Z`);
    const recorded = await f.post(f.admin, `/api/v1/backoffice/stock-plans/${planId}/prices/`, {
      day,
      price: '27.5',
      source: 'employer_valuation',
    });
    expect(recorded.statusCode).toBeLessThan(300);
    const quarter = quarterOfDay(day);

    const filed = await inTransaction(f.app.database.db, (tx) =>
      issueAssetStatement(
        tx,
        f.app.files,
        { publicUrl: '', supportEmail: '' },
        { userId: investor.id, quarter, today: day, replace: true },
      ),
    );
    f.clock.now = new Date();
    expect(filed).not.toBeNull();
    const [item] = await statements(investor);
    const text = await textOf(investor, item!);
    const plan = (await customerBalances(f.app.database.db, investor.id)).planUnits.get(planId)!;
    const held = plan.free.plus(plan.pledged);
    expect(held.toFixed(6)).toBe('1000.000000');
    const plansPart = text.slice(text.indexOf('Your company stock plan shares'), text.indexOf('Units: opening'));
    expect(plansPart).toContain('Acme Industries S.p.A. · RSU 2024');
    expect(plansPart).toContain(formatDecimal(held, 'en', 6));
    expect(plansPart).toContain(money(positionValue(held, '27.50')));
    // The price on record, with its day and source.
    expect(plansPart.replace(/\s+/g, ' ')).toContain(
      `Acme Industries S.p.A. · RSU 2024: 27.5000 € on ${formatDate(day, 'en')} (employer valuation)`,
    );
    // The plan's shares reconcile like a fund's units: none before the quarter, the verification, 1,000.
    const units = formatDecimal(held, 'en', 6);
    const opening = quarter.from > verifiedOn ? units : '0.000000';
    expect(text).toContain(`${opening}\n${opening === units ? '0.000000' : units}\n${units}`);
    if (opening !== units) expect(text).toContain('Stock plan verified');
    // The summary's holdings include the plan: funds + plan shares.
    expect(text).toContain(money(positionValue(held, '27.50')));
  });

  it('is not issued for a quarter in which the customer held nothing and nothing moved', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '100.00');
    const filed = await inTransaction(f.app.database.db, (tx) =>
      issueAssetStatement(
        tx,
        f.app.files,
        { publicUrl: '', supportEmail: '' },
        {
          userId: investor.id,
          quarter: calendarQuarter(2020, 1),
          today: '2020-04-02',
        },
      ),
    );
    expect(filed).toBeNull();
    expect(await statements(investor)).toEqual([]);
  });

  it('is queued once per ended quarter, however many instances ask', async () => {
    const now = new Date('2027-04-02T08:00:00Z');
    expect(await scheduleQuarterlyStatements(f.app.database.db, now)).toBe(true);
    expect(await scheduleQuarterlyStatements(f.app.database.db, now)).toBe(false);
  });

  it('is in the demo customer’s documents', async () => {
    const customer: Investor = { id: 0, email: '', session: await loginAs(f.app, 'customer@demo.lombard.test') };
    const [item] = await statements(customer);
    expect(item).toBeDefined();
    const text = await textOf(customer, item!);
    expect(text).toContain('Rendicontazione patrimoniale');
    // Her verified stock plan is a holding of its own, beside the funds.
    expect(text).toContain('Le tue azioni da piani aziendali');
    const cash = (await f.get(customer.session, '/api/v1/cash/')).json().balance as string;
    expect(text).toContain(asPrinted(formatMoney(cash, 'it')));
  });
});
