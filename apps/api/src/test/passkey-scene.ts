// Borrowers for the tests of acts confirmed with a factor: the bond held, a verified phone, an income; and
// one with a passkey enrolled through the real step-up (password, then the SMS code) and registration.
import { expect } from 'vitest';
import { writeTab } from '../modules/profile/service';
import { TEST_PASSWORD } from './auth';
import type { Investor, MoneyFixture } from './money';
import { codeIn, delivered } from './outbox';
import { type SoftPasskey, softPasskey } from './webauthn';

let phones = 0;

export interface PasskeyBorrower {
  investor: Investor;
  phone: string;
  passkey: SoftPasskey;
}

/** Steps up with the password and the SMS code, then registers `passkey` under `name`. */
export async function enrolPasskey(f: MoneyFixture, investor: Investor, phone: string, passkey: SoftPasskey) {
  const asked = await f.post(investor.session, '/api/v1/profile/passkeys/options/', { password: TEST_PASSWORD }, null);
  expect(asked.json()).toMatchObject({ code_factor: 'sms', options: null });
  const [sms] = await delivered(f.t.app, phone, 'passkey-enrolment');
  const body = { password: TEST_PASSWORD, code: codeIn(sms!) };
  const ready = await f.post(investor.session, '/api/v1/profile/passkeys/options/', body, null);
  expect(ready.statusCode).toBe(200);
  const response = passkey.register(ready.json().options);
  return f.post(investor.session, '/api/v1/profile/passkeys/', { name: 'Telefono di lavoro', response }, null);
}

/** A customer holding 60,000 € of the bond, with `phone` verified and an income, and no advance yet. */
export async function bondBorrower(f: MoneyFixture, bond: number, phone: string): Promise<Investor> {
  const investor = await f.investor();
  await f.deposit(investor, '60000.00');
  const order = (
    await f.post(investor.session, `/api/v1/products/${bond}/invest/`, { amount: '60000', payment_method: 'cash' })
  ).json();
  await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
  const db = f.t.database.db;
  await writeTab(db, investor.id, 'phone', { phone, verified: true });
  await writeTab(db, investor.id, 'occupation', { occupation: 'employee', income_band: 'band_3' });
  return investor;
}

export async function passkeyBorrower(f: MoneyFixture, bond: number): Promise<PasskeyBorrower> {
  phones += 1;
  const phone = `+39341${String(3_000_000 + phones * 41 + (process.pid % 1000) * 997).padStart(7, '0')}`;
  const investor = await bondBorrower(f, bond, phone);
  const passkey = softPasskey({ rpId: f.t.app.config.webauthn.rpId, origin: f.t.app.config.webauthn.origin });
  expect((await enrolPasskey(f, investor, phone, passkey)).statusCode).toBe(201);
  return { investor, phone, passkey };
}

/** An advance of the borrower, pre-approved: its contract waits for the signature. */
export async function issuedAdvance(f: MoneyFixture, who: { investor: Investor }, bond: number): Promise<number> {
  const res = await f.post(who.investor.session, '/api/v1/advances/', {
    amount: '10000',
    instalments: 4,
    collateral: [`position:${bond}`],
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  expect((await f.post(f.admin, `/api/v1/backoffice/advances/${id}/pre-approve/`)).statusCode).toBe(200);
  return id;
}
