// Investing through HTTP: every rule and its message, the signed order under an insufficient MiFID
// result, payment by bank transfer, settlement at the day's NAV and the lead who becomes a customer.

import { investmentLimitBreach } from '@lombard/shared/money/product-figures';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { deliveredCode } from '../../test/outbox';

let f: MoneyFixture;
let bond: number;
let equity: number;
const BOND = 'obbligazionario-euro-protetto-2031'; // min 5,000, max 1,000,000, risk 2, entry cost 0.50 %
const EQUITY = 'azionario-globale-sostenibile'; // risk 5, no maximum

beforeAll(async () => {
  f = await moneyFixture();
  bond = await f.productId(BOND);
  equity = await f.productId(EQUITY);
});
afterAll(() => f.t.close());

const invest = (who: Investor, productId: number, payload: unknown, key?: string | null) =>
  f.post(who.session, `/api/v1/products/${productId}/invest/`, payload, key);
const cash = async (who: Investor) => (await f.get(who.session, '/api/v1/cash/')).json();

describe('investment rules', () => {
  let investor: Investor;
  beforeAll(async () => {
    investor = await f.investor();
    await f.deposit(investor, '20000.00');
  });

  it('takes exactly the minimum and the maximum: both bounds are included, as the form says', async () => {
    const quote = (amount: string) =>
      f.post(investor.session, `/api/v1/products/${bond}/invest/quote/`, { amount, payment_method: 'bank_transfer' });
    expect((await quote('5000.00')).statusCode).toBe(200);
    expect((await quote('1000000.00')).statusCode).toBe(200);
    expect(investmentLimitBreach('5000.00', { minimum: '5000.00', maximum: '1000000.00' })).toBeNull();
  });

  it('refuses an amount below the minimum, naming it in the request’s language', async () => {
    const res = await invest(investor, bond, { amount: '4999.99', payment_method: 'cash' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INVEST_BELOW_MINIMUM',
      detail: "Unable to invest. The amount must be at least the product's minimum of €5,000.00.",
    });
    const italian = await f.app.inject({
      method: 'POST',
      url: `/api/v1/products/${bond}/invest/`,
      headers: { ...investor.session.headers, 'accept-language': 'it', 'idempotency-key': 'italian-minimum-1' },
      payload: { amount: '100', payment_method: 'cash' },
    });
    expect(italian.json().detail).toContain('5.000,00\u00a0€');
  });

  it('refuses an amount above the maximum', async () => {
    const res = await invest(investor, bond, { amount: '1000000.01', payment_method: 'bank_transfer' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      "Unable to invest. The amount must be at most the product's maximum of €1,000,000.00.",
    );
  });

  it('refuses more than the available cash, naming it', async () => {
    const res = await invest(investor, bond, { amount: '20000.01', payment_method: 'cash' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'INVEST_ABOVE_CASH' });
    expect(res.json().detail).toContain('€20,000.00');
  });

  it('refuses a product no longer on sale', async () => {
    const coupon = await f.productId('monetario-euro-plus');
    // An operator took it off sale (the back office of products does this; here the scene does).
    await f.t.database.db.execute(sql`update products set on_sale = false where id = ${coupon}`);
    const res = await invest(investor, coupon, { amount: '6000', payment_method: 'cash' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Unable to invest. A product no longer on sale cannot be bought.');
  });

  it('quotes the entry cost and the units at the latest NAV', async () => {
    const res = await f.post(investor.session, `/api/v1/products/${bond}/invest/quote/`, {
      amount: '10000',
      payment_method: 'cash',
    });
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({
      amount: '10000.00',
      entry_cost: '50.00',
      net_amount: '9950.00',
      available_cash: '20000.00',
      signature_required: false,
      appropriateness: { score: 3, max_risk: 7, product_risk: 2, sufficient: true },
    });
    expect(Number(quote.estimated_units) * Number(quote.nav)).toBeLessThanOrEqual(9950);
  });

  it('reserves the cash of an order paid from cash', async () => {
    const res = await invest(investor, bond, { amount: '10000', payment_method: 'cash' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'invest',
      status: 'submitted',
      status_name: 'Submitted',
      amount: '10000.00',
      payment_method: 'cash',
      transfer_instructions: null,
    });
    expect(await cash(investor)).toMatchObject({ available: '10000.00', reserved: '10000.00', balance: '20000.00' });
  });
});

describe('an order against the MiFID result', () => {
  let novice: Investor;
  beforeAll(async () => {
    novice = await f.investor({ mifid: false });
    await f.deposit(novice, '8000.00');
  });

  it('needs a signature when no questionnaire covers the product', async () => {
    const res = await invest(novice, equity, { amount: '6000', payment_method: 'cash' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVEST_SIGNATURE_REQUIRED');
  });

  it('is signed with the code sent by SMS, and only for the terms of the document', async () => {
    // The novice has no verified phone yet: one is saved for the scene.
    const { writeTab } = await import('../profile/service');
    await writeTab(f.t.database.db, novice.id, 'phone', { phone: '+393401234567', verified: true });
    const terms = { amount: '6000', payment_method: 'cash' };
    const requested = await f.post(novice.session, `/api/v1/products/${equity}/invest/signature/`, terms);
    expect(requested.statusCode).toBe(200);
    const { document_id: documentId, document_hash: hash } = requested.json();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const code = await deliveredCode(f.t.app, '+393401234567', 'order-signature');

    const pdf = await f.get(novice.session, `/api/v1/signatures/${documentId}/document/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const stranger = await f.investor();
    expect((await f.get(stranger.session, `/api/v1/signatures/${documentId}/document/`)).statusCode).toBe(404);

    const wrong = await invest(novice, equity, {
      ...terms,
      signature: { document_id: documentId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('ONE_TIME_CODE_INVALID');

    const otherTerms = await invest(novice, equity, {
      amount: '7000',
      payment_method: 'cash',
      signature: { document_id: documentId, code },
    });
    expect(otherTerms.statusCode).toBe(400);
    expect(otherTerms.json()).toMatchObject({
      code: 'SIGNATURE_FAILED',
      detail: 'There was an error while signing, please try again.',
    });

    const signed = await invest(novice, equity, { ...terms, signature: { document_id: documentId, code } });
    expect(signed.statusCode).toBe(201);
    expect(signed.json().status).toBe('submitted');
    // The order form signed past the warning is found again among the documents.
    const documents = (await f.get(novice.session, '/api/v1/documents/')).json().results;
    expect(documents.filter((d: { kind: string }) => d.kind === 'order_form')).toHaveLength(1);

    // One signature, one order.
    const reused = await invest(novice, equity, { ...terms, signature: { document_id: documentId, code } });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      code: 'SIGNATURE_USED',
      detail: 'This signed document has already been used. To go ahead again, request a new code and sign again.',
    });
  });
});

describe('paying by bank transfer and settlement', () => {
  it('waits for the transfer, is funded by it (excess to cash) and settles at the day’s NAV', async () => {
    const lead = await f.investor({ profiles: ['lead'] });
    const placed = await invest(lead, bond, { amount: '8000', payment_method: 'bank_transfer' });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order.status).toBe('awaiting_transfer');
    expect(order.reference_code).toMatch(/^RF\d{2}O\d+$/);
    expect(order.transfer_instructions).toMatchObject({
      iban: 'IT85W0306909606100000063251',
      reference_code: order.reference_code,
      amount: '8000.00',
    });

    // Typed by the payer in lower case with spaces, and more than the order.
    const spaced = order.reference_code.toLowerCase().replace(/(.{4})/g, '$1 ');
    const transfer = await f.post(f.admin, '/api/v1/backoffice/transfers/', {
      reference_code: spaced,
      amount: '8250.00',
      value_date: '2026-01-05',
      payer_name: 'Maria Rossi',
    });
    expect(transfer.statusCode).toBe(201);
    expect(transfer.json()).toMatchObject({
      outcome: 'order_funded',
      transaction: { id: order.id, status: 'submitted' },
    });

    const settle = await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id, 999999] });
    expect(settle.statusCode).toBe(200);
    expect(settle.json()).toMatchObject({
      settled: [order.id],
      skipped: [{ id: 999999, reason: 'There is no order with this id.' }],
      detail: '1 order settled.',
    });
    const settled = (await f.get(lead.session, `/api/v1/transactions/${order.id}/`)).json();
    expect(settled).toMatchObject({ status: 'executed', fee: '40.00' });
    // Units = (8,000 − 40) ÷ NAV, rounded down to six decimals.
    expect(Number(settled.units)).toBeCloseTo(7960 / Number(settled.nav), 5);
    expect(Number(settled.units) * Number(settled.nav)).toBeLessThanOrEqual(7960);

    // The lead's first settled investment made them a customer, told by e-mail, audited.
    const me = await f.app.inject({ method: 'GET', url: '/api/account/me/', headers: lead.session.headers });
    expect(me.json().attributes).toContain('customer');
    expect(me.json().attributes).not.toContain('lead');
    const [mail] = await messagesTo(f.t.database.db, lead.email, 'customer_promoted');
    expect(mail).toBeDefined();
    expect((await cash(lead)).available).toBe('250.00');
    const notices = (await f.get(lead.session, '/api/v1/notifications/?kind=order_settled')).json();
    expect(notices.results[0].message).toBe(`Your order ${order.reference_code} has been executed.`);
    const audit = (await f.get(f.admin, `/api/v1/backoffice/audit-log/?object_id=${lead.id}&action=promote`)).json();
    expect(audit.count).toBe(1);

    const wallet = (await f.get(lead.session, '/api/v1/wallet/')).json();
    expect(wallet.positions).toHaveLength(1);
    expect(wallet.positions[0]).toMatchObject({ cost: '7960.00', units: settled.units, weight: '1' });
  });

  it('credits a transfer short of the order to cash and keeps the order waiting', async () => {
    const lead = await f.investor({ profiles: ['lead'] });
    const order = (await invest(lead, bond, { amount: '9000', payment_method: 'bank_transfer' })).json();
    const res = await f.post(f.admin, '/api/v1/backoffice/transfers/', {
      reference_code: order.reference_code,
      amount: '5000.00',
      value_date: '2026-01-05',
      payer_name: 'Maria Rossi',
    });
    expect(res.json()).toMatchObject({ outcome: 'cash_credited', transaction: { type: 'deposit', amount: '5000.00' } });
    expect((await f.get(lead.session, `/api/v1/transactions/${order.id}/`)).json().status).toBe('awaiting_transfer');
  });

  it('refuses an unknown reference', async () => {
    const res = await f.post(f.admin, '/api/v1/backoffice/transfers/', {
      reference_code: 'RF00 NOPE',
      amount: '100.00',
      value_date: '2026-01-05',
      payer_name: 'Someone Else',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('TRANSFER_REFERENCE_UNKNOWN');
  });

  it('rejects an order with a reason and gives the money back', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '6000.00');
    const order = (await invest(investor, bond, { amount: '5500', payment_method: 'cash' })).json();
    const res = await f.post(f.admin, `/api/v1/backoffice/orders/${order.id}/reject/`, {
      reason: 'Product closed today',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'Product closed today' });
    expect(await cash(investor)).toMatchObject({ available: '6000.00', reserved: '0.00' });
    const notices = (await f.get(investor.session, '/api/v1/notifications/?kind=order_rejected')).json();
    expect(notices.results[0].message).toBe(`Your order ${order.reference_code} was rejected: Product closed today`);
    const audit = (await f.get(f.admin, `/api/v1/backoffice/audit-log/?object_id=${order.id}&action=reject`)).json();
    expect(audit.count).toBe(1);
    const again = await f.post(f.admin, `/api/v1/backoffice/orders/${order.id}/reject/`, { reason: 'Twice over' });
    expect(again.statusCode).toBe(409);
  });
});
