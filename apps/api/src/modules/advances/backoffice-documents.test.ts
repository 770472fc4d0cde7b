// The back office reads an advance's documents from its own routes: the operator opens the SECCI and
// the contract of any customer's advance; a customer cannot use those routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { writeTab } from '../profile/service';

let f: MoneyFixture;
let who: Investor;
let id: number;

beforeAll(async () => {
  f = await moneyFixture();
  const money = await f.productId('monetario-euro-plus');
  who = await f.investor();
  await f.deposit(who, '20000.00');
  const order = (
    await f.post(who.session, `/api/v1/products/${money}/invest/`, { amount: '20000.00', payment_method: 'cash' })
  ).json();
  await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
  await writeTab(f.t.database.db, who.id, 'occupation', { occupation: 'employee', income_band: 'band_3' });
  const body = { amount: '8000', instalments: 8, collateral: [`position:${money}`] };
  id = (await f.post(who.session, '/api/v1/advances/', body)).json().id;
});
afterAll(() => f.t.close());

describe('the back-office documents of an advance', () => {
  it('give the operator the SECCI of a customer request, as a PDF in the operator language', async () => {
    const res = await f.app.inject({
      method: 'GET',
      url: `/api/v1/backoffice/advances/${id}/secci/`,
      headers: { ...f.admin.headers, 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('SECCI%20anticipo');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('give the operator the contract once issued, and refuse both to the customer', async () => {
    expect((await f.get(f.admin, `/api/v1/backoffice/advances/${id}/contract/`)).statusCode).toBe(404);
    await f.post(f.admin, `/api/v1/backoffice/advances/${id}/pre-approve/`);
    const contract = await f.get(f.admin, `/api/v1/backoffice/advances/${id}/contract/`);
    expect(contract.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await f.get(who.session, `/api/v1/backoffice/advances/${id}/secci/`)).statusCode).toBe(403);
    expect((await f.get(who.session, `/api/v1/backoffice/advances/${id}/contract/`)).statusCode).toBe(403);
  });
});
