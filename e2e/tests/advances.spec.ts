// Cash advances end to end (issue 14), in the built app. A customer of her own (the demo customer's cash
// and positions belong to the money journey, which may run beside this one), made through the API as
// people and operators make one: registered, given the customer profile, phone verified, two bond funds
// bought from cash and settled, a stock plan registered and verified. In the browser she asks for an
// advance against one fund and the stock plan, checks the SECCI's APR against the screen, confirms; the
// operator pre-approves; she signs with the code from the SMS outbox; the operator approves and records
// the disbursement; she sees the cash and the schedule, repays part early after reading the recomputed
// schedule and APR, then all of it, and the collateral is free again.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { outboxMessage } from '../support/landing';
import { pdfText } from '../support/pdf-text';

const ADMIN = 'admin@demo.lombard.test';
const DEMO_PASSWORD = 'Demo-pass-2026';
const FUNDS = ['Obbligazionario Euro Protetto 2031', 'Capitale Protetto 2029'] as const;
const PLAN_DOCUMENT = path.join(import.meta.dirname, '..', 'fixtures', 'utility-bill.pdf');

type Multipart = NonNullable<Parameters<APIRequestContext['post']>[1]>['multipart'];

/** JSON calls as one person, with a bearer token; money calls carry their own Idempotency-Key. */
async function apiAs(request: APIRequestContext, email: string, password: string) {
  const signIn = await request.post('/api/account/token/auth/', { data: { email, password } });
  expect(signIn.ok()).toBe(true);
  const { access } = (await signIn.json()) as { access: string };
  const headers = { authorization: `Bearer ${access}`, 'accept-language': 'en' };
  const answer = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const moving = () => ({ ...headers, 'idempotency-key': randomUUID() });
  return {
    get: async <T>(url: string) => answer<T>(await request.get(url, { headers })),
    post: async <T = unknown>(url: string, data: unknown = {}) =>
      answer<T>(await request.post(url, { headers: moving(), data })),
    upload: async <T>(url: string, multipart: Multipart) =>
      answer<T>(await request.post(url, { headers: moving(), multipart })),
    patch: async (url: string, data: unknown) => answer(await request.patch(url, { headers, data })),
  };
}

/** A customer who holds two settled bond funds, 16,000 € of cash, a verified stock plan and a phone. */
async function borrower(request: APIRequestContext) {
  const email = await registeredUser(request, 'advance', { first: 'Giulia', last: 'Marchetti', language: 'en' });
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  let me = await apiAs(request, email, NEW_USER_PASSWORD);
  const { contact: userId } = await me.get<{ contact: number }>('/api/account/me/');
  await admin.patch(`/api/v1/backoffice/users/${userId}/`, { attributes: ['customer'] });
  me = await apiAs(request, email, NEW_USER_PASSWORD);

  const phone = `+39347${String(Date.now()).slice(-7)}`;
  await me.post('/api/v1/profile/phone-number/', { phone });
  const code = /\b(\d{6})\b/.exec((await outboxMessage(phone, 'phone')).text)?.[1];
  await me.post('/api/v1/profile/phone-number/verify/', { code });
  const { questions } = await me.get<{ questions: Array<{ id: number; answers: Array<{ id: number }> }> }>(
    '/api/v1/mifid/questionnaire/',
  );
  await me.post('/api/v1/mifid/answers/', {
    answers: Object.fromEntries(questions.map((q) => [String(q.id), q.answers.at(-1)?.id])),
  });

  const { deposit_instructions: deposit } = await me.get<{ deposit_instructions: { reference_code: string } }>(
    '/api/v1/cash/',
  );
  await admin.post('/api/v1/backoffice/transfers/', {
    reference_code: deposit.reference_code,
    amount: '40000.00',
    value_date: new Date().toISOString().slice(0, 10),
    payer_name: 'Giulia Marchetti',
  });
  const { results: products } = await me.get<{ results: Array<{ id: number; name: string }> }>(
    '/api/v1/products/?per_page=100&on_sale=True',
  );
  const productId = (name: string) => products.find((p) => p.name === name)?.id;
  const orders: number[] = [];
  for (const name of FUNDS) {
    const order = await me.post<{ id: number }>(`/api/v1/products/${productId(name)}/invest/`, {
      amount: '12000',
      payment_method: 'cash',
    });
    orders.push(order.id);
  }
  const settled = await admin.post<{ settled: number[] }>('/api/v1/backoffice/orders/settle/', { ids: orders });
  expect(settled.settled).toHaveLength(2);

  const plan = await me.upload<{ id: number }>('/api/v1/stock-plans/', {
    company_name: 'Aurora Energia S.p.A.',
    plan_name: 'Piano azionario dipendenti 2024',
    vested_units: '500',
    unit_price: '24.00',
    price_source: 'market_close',
    file: { name: 'piano-2024.pdf', mimeType: 'application/pdf', buffer: await readFile(PLAN_DOCUMENT) },
  });
  await admin.post(`/api/v1/backoffice/stock-plans/${plan.id}/verify/`);
  return { email, phone, lines: { fund: `position:${productId(FUNDS[0])}`, plan: `stock-plan:${plan.id}` } };
}

async function signedIn(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await page.context().addCookies([
    { name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL },
    { name: 'lombard_language', value: 'en-US', url: baseURL },
  ]);
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/customer\//);
  return page;
}

/** The operator takes a decision on the advance's back-office page and sees its new status. */
async function decide(operator: Page, decision: string, status: string) {
  await operator.getByTestId(`decision-${decision}`).click();
  await operator.getByTestId('confirm-button').click();
  await expect(operator.getByTestId('advance-review').getByTestId(`advance-status-${status}`)).toBeVisible();
}

/** The advance's page as the customer opens it again (a booked repayment shows on the next load). */
async function reopen(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000 });
}

test('a customer borrows against a fund and stock units, signs, is paid out, repays early and gets the collateral back', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, phone, lines } = await borrower(request);
  const customer = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD);

  // loan/: the three lines free; she pledges the first fund and the stock plan, not the second fund.
  await customer.goto('/customer/loan/');
  await expect(customer.getByTestId('power-lines').locator('tbody tr')).toHaveCount(3);
  await expect(customer.getByTestId('power-lines')).not.toContainText('Already pledged');
  const picks = customer.getByTestId('request-collateral');
  for (const line of [lines.fund, lines.plan]) await expect(picks.getByTestId(`collateral-${line}`)).toBeChecked();
  await picks.getByRole('checkbox', { name: FUNDS[1] }).uncheck();
  await customer.getByTestId('request-amount').fill('10000');
  await customer.getByTestId('request-instalments').fill('12');
  await expect(customer.getByTestId('request-preview')).toBeVisible();
  await customer.getByTestId('request-continue').click();

  // confirm-loan: the SECCI prints the APR the screen shows.
  await expect(customer.getByTestId('sum-amount')).toHaveText('€10,000.00');
  const apr = (await customer.getByTestId('sum-apr').textContent())?.trim() ?? '';
  expect(apr).toMatch(/^\d+\.\d{2}\s?%$/);
  await expect(customer.getByTestId('loan-collateral')).toContainText(FUNDS[0]);
  await expect(customer.getByTestId('loan-collateral')).toContainText('Aurora Energia');
  await expect(customer.getByTestId('loan-collateral')).not.toContainText(FUNDS[1]);
  const download = customer.waitForEvent('download');
  await customer.getByTestId('secci-download').click();
  const secci = pdfText(await readFile(await (await download).path()));
  expect(secci).toContain('10,000.00');
  expect(secci.replace(/\s/g, '')).toContain(apr.replace(/\s/g, ''));
  await customer.getByTestId('loan-understood').check();
  await customer.getByTestId('loan-submit').click();
  await customer.waitForURL(/\/customer\/loan\/\d+\/$/);
  const advanceId = Number(/\/loan\/(\d+)\/$/.exec(customer.url())?.[1]);
  await expect(customer.getByTestId('advance-status-requestReceived')).toBeVisible();

  // The operator pre-approves: the contract is issued and she can sign it.
  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD);
  await operator.goto('/customer/backoffice/advances/');
  // No income declared: nothing to divide the yearly interest by, so the request waits flagged for review.
  const listed = operator.getByTestId('resource-row').filter({ hasText: 'Giulia Marchetti' });
  await expect(listed.getByTestId(`flagged-${advanceId}`)).toBeVisible();
  await listed.click();
  await operator.waitForURL(new RegExp(`/backoffice/advances/${advanceId}/$`));
  await expect(operator.getByTestId('credit-flagged')).toBeVisible();
  await decide(operator, 'pre-approve', 'readyToSign');

  await customer.reload();
  await expect(customer.getByTestId('advance-status-readyToSign')).toBeVisible();
  await customer.getByTestId('action-sign').click();
  await customer.getByTestId('send-code').click();
  const sms = await outboxMessage(phone, 'advance-contract');
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  await customer.getByTestId('contract-code').locator('input').first().fill(code);
  await customer.getByTestId('sign-contract').click();
  await expect(customer.getByText('Contract signed')).toBeVisible();
  await expect(customer.getByTestId('advance-status-pendingVerification')).toBeVisible();

  // The operator approves and records the disbursement.
  await operator.reload();
  await decide(operator, 'approve', 'moneyOnTheWay');
  await decide(operator, 'disburse', 'active');
  await operator.context().close();

  // The pledged lines are marked on loan/; 16,000 € of cash left after the two funds, plus the advance.
  await customer.goto('/customer/loan/');
  for (const line of [lines.fund, lines.plan]) {
    await expect(customer.getByTestId(`power-line-${line}`)).toContainText('Already pledged');
  }
  await expect(customer.getByTestId('request-collateral').getByRole('checkbox')).toHaveCount(1);
  await customer.goto('/customer/cash/');
  await expect(customer.getByTestId('cash-available')).toHaveText('€26,000.00');
  await customer.goto(`/customer/loan/${advanceId}/`);
  await expect(customer.getByTestId('advance-status-active')).toBeVisible();
  await expect(customer.getByTestId('advance-outstanding')).toHaveText('€10,000.00');
  await expect(customer.getByTestId('advance-schedule')).toContainText('12 quarterly instalments');
  await expect(customer.getByTestId('advance-schedule').getByTestId('instalment-12')).toContainText('€10,');

  // A partial repayment: the recomputed schedule and APR first, then the answer in her language.
  await customer.getByTestId('action-repay').click();
  await customer.getByTestId('repay-amount').fill('4000');
  await expect(customer.getByTestId('repay-after')).toHaveText('€6,000.00');
  await expect(customer.getByTestId('repay-apr')).toHaveText(/^\d+\.\d{2}\s?%$/);
  await expect(customer.getByTestId('repay-schedule').getByTestId('instalment-12')).toContainText('€6,');
  await customer.getByTestId('repay-submit').click();
  // Booked, not yet done: the repayment job does it, and the customer is told then.
  await expect(
    customer.getByText('Your repayment of €4,000.00 is booked: we will tell you when it is done.'),
  ).toBeVisible();
  await reopen(customer, () => expect(customer.getByTestId('advance-outstanding')).toHaveText('€6,000.00'));
  await expect(customer.getByTestId('advance-paid-back')).toHaveText('€4,000.00');

  // Then all of it: the advance ends and the pledged lines come back.
  await customer.getByTestId('action-repay').click();
  await customer.getByTestId('repay-all').click();
  await expect(customer.getByTestId('repay-after')).toHaveText('€0.00');
  await customer.getByTestId('repay-submit').click();
  await expect(
    customer.getByText('Your repayment of €6,000.00 is booked: we will tell you when it is done.'),
  ).toBeVisible();
  await reopen(customer, () => expect(customer.getByTestId('advance-status-repaid')).toBeVisible());

  await customer.goto('/customer/loan/');
  await expect(customer.getByTestId('power-lines').locator('tbody tr')).toHaveCount(3);
  await expect(customer.getByTestId('power-lines')).not.toContainText('Already pledged');
  for (const line of [lines.fund, lines.plan]) await expect(customer.getByTestId(`collateral-${line}`)).toBeChecked();
  await customer.context().close();
});
