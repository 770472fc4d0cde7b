// Every status change of an advance reaches the customer in the app too, next to the e-mail: one
// notification per change, linking to the advance, in the customer's language; a rejection says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance, BOND, FIXTURE_PHONE } from '../../test/active-advance';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { writeTab } from '../profile/service';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

interface Notice {
  id: number;
  kind: string;
  title: string;
  message: string;
  link: string | null;
}

async function advanceNotices(who: Investor, language = 'en'): Promise<Notice[]> {
  const res = await f.app.inject({
    method: 'GET',
    url: '/api/v1/notifications/?per_page=50',
    headers: { ...who.session.headers, 'accept-language': language },
  });
  return (res.json().results as Notice[])
    .filter((notice) => notice.kind.startsWith('advance_'))
    .sort((a, b) => a.id - b.id);
}

/** A customer holding the bond (settled), with a verified phone and a declared income. */
async function holder(language?: 'it') {
  const who = await f.investor();
  if (language)
    await f.app.inject({
      method: 'PATCH',
      url: '/api/account/user/change-language/',
      headers: who.session.headers,
      payload: { language },
    });
  await f.deposit(who, '30000.00');
  const bond = await f.productId(BOND);
  const order = (
    await f.post(who.session, `/api/v1/products/${bond}/invest/`, { amount: '30000.00', payment_method: 'cash' })
  ).json();
  await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
  await writeTab(f.t.database.db, who.id, 'phone', { phone: FIXTURE_PHONE, verified: true });
  await writeTab(f.t.database.db, who.id, 'occupation', { occupation: 'employee', income_band: 'band_3' });
  const request = { amount: '8000', instalments: 4, collateral: [`position:${bond}`] };
  const id = (await f.post(who.session, '/api/v1/advances/', request)).json().id as number;
  return { who, id };
}

describe('in-app notifications of an advance', () => {
  it('tell the customer of each status from the request to the payout, linking to the advance', async () => {
    const a = await activeAdvance(f, { amount: '20000.00' });
    const notices = await advanceNotices(a.investor);
    expect(notices.map((notice) => notice.title)).toEqual([
      'Your advance: Request received',
      'Your advance: Ready to be signed',
      'Your advance: Pending verification',
      'Your advance: Money on the way',
      'Your advance: Active',
    ]);
    expect(notices.at(-1)).toMatchObject({
      kind: 'advance_status_changed',
      message: `Your advance request ${a.id} of €20,000.00 is now: Active.`,
      link: `/customer/loan/${a.id}/`,
    });
  });

  it('say why a request was rejected', async () => {
    const { who, id } = await holder();
    await f.post(f.admin, `/api/v1/backoffice/advances/${id}/reject/`, { reason: 'The income declared is too low.' });
    const rejected = (await advanceNotices(who)).at(-1);
    expect(rejected).toMatchObject({
      kind: 'advance_rejected',
      title: 'Advance request rejected',
      message: `Your advance request ${id} of €8,000.00 was rejected: The income declared is too low. Your collateral is free again.`,
    });
  });

  it('speak Italian to an Italian customer, cancellation included', async () => {
    const { who, id } = await holder('it');
    expect((await f.post(who.session, `/api/v1/advances/${id}/cancel/`, undefined, null)).statusCode).toBe(200);
    const notices = await advanceNotices(who, 'it');
    expect(notices.map((notice) => notice.title)).toEqual([
      'Il tuo anticipo: Richiesta ricevuta',
      'Il tuo anticipo: Annullato',
    ]);
    expect(notices[1]!.message.replace(/\s/g, ' ')).toBe(
      `La tua richiesta di anticipo ${id} di 8.000,00 € ora è: Annullato.`,
    );
  });
});
