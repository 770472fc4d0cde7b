// A customer who opens an approved tab and saves it again without changing anything keeps the approval: an
// operator already checked it. A real change goes back to review, as before.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { loginAs, type Session } from '../../test/auth';

let t: TestApp;
let customer: Session;
beforeAll(async () => {
  t = await createTestApp();
  customer = await loginAs(t.app, 'customer@demo.lombard.test');
});
afterAll(() => t.close());

const profile = async () =>
  JSON.parse((await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: customer.headers })).body);
const statusOf = async (step: string) =>
  (await profile()).progress.steps.find((s: { step: string }) => s.step === step).status;
const put = (tab: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/profile/${tab}/`, headers: customer.headers, payload });

it('saving an approved tab unchanged keeps it approved; a change sends it back to review', async () => {
  const before = await profile();
  expect(await statusOf('citizenship')).toBe('approved');
  expect(await statusOf('bank-account')).toBe('approved');

  const same = await put('citizenship', before.citizenship);
  expect(same.statusCode, same.body).toBe(200);
  expect(await statusOf('citizenship')).toBe('approved');
  // As the form sends it: the IBAN grouped by four, as the customer sees it.
  const { iban, holder_name } = before.bank_account;
  const sameIban = await put('bank-account', { iban: iban.replace(/(.{4})/g, '$1 ').trim(), holder_name });
  expect(sameIban.statusCode, sameIban.body).toBe(200);
  expect(await statusOf('bank-account')).toBe('approved');

  const changed = await put('citizenship', { ...before.citizenship, us_presence_days: 12 });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(await statusOf('citizenship')).toBe('submitted');
});
