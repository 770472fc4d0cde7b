// The life of an advance used as a customer uses it (issue 37, points 8, 9, 10, 11 and 16), in the built app.
// A customer of her own holds two funds and a verified stock plan, made through the API; her advance is
// requested, pre-approved, signed with the SMS code, approved and paid out through the API too. In the
// browser she swaps the pledged fund for part of the other one (double-clicking the buttons that send the
// code and sign: one SMS, one swap), reads the timeline in Italian after switching language, finds the
// signed deed among her documents; another withdraws within 14 days, reads what will be taken from her cash
// before confirming (double-click: one withdrawal) and sees the advance and its contract as withdrawn.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { outboxMessage } from '../support/landing';

const ADMIN = 'admin@demo.lombard.test';
const DEMO_PASSWORD = 'Demo-pass-2026';
const FUNDS = ['Obbligazionario Euro Protetto 2031', 'Capitale Protetto 2029'] as const;
const PLAN_DOCUMENT = path.join(import.meta.dirname, '..', 'fixtures', 'utility-bill.pdf');

type Multipart = NonNullable<Parameters<APIRequestContext['post']>[1]>['multipart'];

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

/**
 * A customer with two settled funds of 12,000 €, a verified stock plan and a phone, and an active advance of
 * 6,000 € pledging the first fund, paid out today.
 */
async function borrowerWithAdvance(request: APIRequestContext) {
  const email = await registeredUser(request, 'swap', { first: 'Elena', last: 'Ferri', language: 'en' });
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  let me = await apiAs(request, email, NEW_USER_PASSWORD);
  const { contact: userId } = await me.get<{ contact: number }>('/api/account/me/');
  await admin.patch(`/api/v1/backoffice/users/${userId}/`, { attributes: ['customer'] });
  me = await apiAs(request, email, NEW_USER_PASSWORD);
  const phone = `+39348${String(Date.now()).slice(-7)}`;
  await me.post('/api/v1/profile/phone-number/', { phone });
  const phoneCode = /\b(\d{6})\b/.exec((await outboxMessage(phone, 'phone')).text)?.[1];
  await me.post('/api/v1/profile/phone-number/verify/', { code: phoneCode });
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
    payer_name: 'Elena Ferri',
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
  await admin.post('/api/v1/backoffice/orders/settle/', { ids: orders });
  const plan = await me.upload<{ id: number }>('/api/v1/stock-plans/', {
    company_name: 'Aurora Energia S.p.A.',
    plan_name: 'Piano azionario dipendenti 2024',
    vested_units: '500',
    unit_price: '24.00',
    price_source: 'market_close',
    file: { name: 'piano-2024.pdf', mimeType: 'application/pdf', buffer: await readFile(PLAN_DOCUMENT) },
  });
  await admin.post(`/api/v1/backoffice/stock-plans/${plan.id}/verify/`, {});
  const fund = `position:${productId(FUNDS[0])}`;
  const other = `position:${productId(FUNDS[1])}`;
  const advance = await me.post<{ id: number }>('/api/v1/advances/', {
    amount: '6000',
    instalments: 8,
    collateral: [fund],
  });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/pre-approve/`);
  await me.post(`/api/v1/advances/${advance.id}/signature/`);
  const code = /\b(\d{6})\b/.exec((await outboxMessage(phone, 'advance-contract')).text)?.[1];
  await me.post(`/api/v1/advances/${advance.id}/sign/`, { code });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/approve/`);
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/disburse/`);
  return { email, phone, id: advance.id, fund, other, plan: `stock-plan:${plan.id}` };
}

async function signedIn(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await page.context().addCookies([
    { name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL },
    { name: 'lombard_language', value: 'en-US', url: baseURL },
  ]);
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(NEW_USER_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/customer\//);
  return page;
}

/** How many SMS of a template went to a phone. */
async function smsCount(phone: string, template: string) {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let count = 0;
  for (const name of (await readdir(folder)).filter((n) => n.endsWith('.json') && n.includes(template))) {
    if (JSON.parse(await readFile(path.join(folder, name), 'utf8')).recipient === phone) count++;
  }
  return count;
}

test('a swap pledges only part of another fund, once, and its deed and words follow her', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const b = await borrowerWithAdvance(request);
  const page = await signedIn(browser, baseURL!, b.email);
  await page.goto(`/customer/loan/${b.id}/`);
  await expect(page.getByTestId('advance-status-active')).toBeVisible();

  await page.getByTestId('action-swap').click();
  await page.getByTestId(`swap-give-back-${b.fund}`).check();
  await page.getByTestId(`swap-pledge-${b.other}`).check();
  // What will be pledged, before any code: 6,000 € owed, part of the other fund.
  await expect(page.getByTestId('swap-amounts')).toContainText('The new collateral must secure €6,000.00');
  await expect(page.getByTestId(`swap-pledges-${b.other}`)).toContainText(/units, securing €6,000\.\d\d$/);
  await expect(page.getByTestId(`swap-pledges-${b.other}`)).toContainText(' of ');

  await page.getByTestId('swap-send-code').dblclick();
  const sms = await outboxMessage(b.phone, 'advance-swap');
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  await page.getByTestId('swap-panel').getByRole('textbox').first().pressSequentially(code);
  await page.getByTestId('swap-submit').dblclick();
  await expect(page.getByText('The collateral has been swapped.')).toBeVisible();
  expect(await smsCount(b.phone, 'advance-swap')).toBe(1);
  const collateral = page.getByTestId('advance-collateral');
  await expect(collateral).toContainText(FUNDS[1]);
  await expect(page.getByTestId('advance-timeline')).toContainText(
    'You swapped collateral: the new collateral secures €6,000.00.',
  );

  // Switching language rewords the history at once.
  await page.getByTestId('language-menu').filter({ visible: true }).click();
  await page.getByTestId('language-it-IT').click();
  await expect(page.getByTestId('advance-timeline')).toContainText(
    'Hai sostituito le garanzie: le nuove coprono 6.000,00 €.',
  );
  await expect(page.getByTestId('advance-timeline')).not.toContainText('You swapped');

  // The signed deed is among her documents, its type in words.
  await page.goto('/customer/document/');
  await expect(page.getByTestId('documents-table')).toContainText('Atto di sostituzione delle garanzie');
  await expect(page.getByTestId('documents-table')).toContainText('Contratto di anticipo');
  await expect(page.getByTestId('documents-table')).not.toContainText('advance_contract');
  await expect(page.getByTestId('documents-table')).not.toContainText('collateral_swap');
  await page.context().close();
});

test('a withdrawal says what it takes from cash, happens once, and the advance and contract read withdrawn', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const b = await borrowerWithAdvance(request);
  const page = await signedIn(browser, baseURL!, b.email);
  await page.goto(`/customer/loan/${b.id}/`);
  await expect(page.getByTestId('advance-figures')).toContainText('You can withdraw until');
  await page.getByTestId('action-withdraw').click();
  await page.getByTestId('withdraw').click();
  // Paid out today: the principal and the interest to today, named before she confirms.
  await expect(page.getByTestId('withdraw-confirm-message')).toHaveText(
    /^We take €6,000\.\d\d from your cash: €6,000\.00 of principal and €\d+\.\d\d of interest accrued to today\./,
  );
  await page.getByTestId('confirm-button').dblclick();
  await expect(page.getByTestId('advance-status-withdrawn')).toBeVisible();
  await expect(page.getByTestId('advance-status-repaid')).toHaveCount(0);
  await expect(page.getByTestId('advance-figures')).not.toContainText('You can withdraw until');
  await expect(page.getByTestId('action-withdraw')).toHaveCount(0);
  await expect(page.getByTestId('advance-timeline')).toContainText('You withdrew from the contract and repaid €6,000.');
  // Once: 40,000 − 24,000 invested + 6,000 paid out − 6,000.xx paid back.
  await page.goto('/customer/cash/');
  await expect(page.getByTestId('cash-available')).toHaveText(/^€15,99\d\.\d\d$|^€16,000\.00$/);

  await page.goto('/customer/document/');
  const contract = page.getByTestId('resource-row').filter({ hasText: 'Advance contract' });
  await expect(contract).toHaveCount(1);
  await expect(contract).toContainText('Withdrawn');
  await expect(contract).not.toContainText('Valid');
  await page.context().close();
});

test('the amount hint follows the ticked lines and the message names the maximum', async ({
  browser,
  baseURL,
  request,
}) => {
  const b = await borrowerWithAdvance(request);
  const page = await signedIn(browser, baseURL!, b.email);
  // An active advance is not a request in progress: she may ask for another against her free lines.
  await page.goto('/customer/loan/');
  const form = page.getByTestId('request-form');
  const plan = form.getByTestId(`collateral-${b.plan}`);
  const other = form.getByTestId(`collateral-${b.other}`);
  await expect(plan).toBeChecked();
  await expect(other).toBeChecked();
  const hint = () => form.getByText(/^From €5,000 to /);
  const both = (await hint().textContent()) ?? '';
  await other.uncheck();
  // The stock plan alone: 500 × 24 € × 30 % = 3,600 €, below the minimum.
  await expect(form).toContainText('Your collateral does not yet allow the minimum advance of €5,000.');
  await other.check();
  await plan.uncheck();
  await expect(hint()).not.toHaveText(both);
  const max = /to (€[\d,.]+)$/.exec((await hint().textContent()) ?? '')?.[1] ?? '';
  await page.getByTestId('request-amount').pressSequentially('900000');
  await expect(form).toContainText(`You have exceeded the maximum applicable advance amount of ${max}.`);
  await page.context().close();
});
