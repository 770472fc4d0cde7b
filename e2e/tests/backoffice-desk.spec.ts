// The operator's back office as a person uses it (issue 37, point 17): each section is a link — opened by
// its address, kept by a reload, opened in a new tab by a middle click; a transfer recorded for a waiting
// investment is listed under incoming transfers; a withdrawal's confirmation shows the IBAN it pays to and a
// double-click pays it once; a double-click on Approve approves an advance once, and a second operator who
// approves it too reads, in Italian, why it is no longer possible. People of their own, made through the API.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { outboxMessage } from '../support/landing';

const ADMIN = 'admin@demo.lombard.test';
const DEMO_PASSWORD = 'Demo-pass-2026';
const IBAN = 'IT60X0542811101000000123456';

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
    put: async (url: string, data: unknown) => answer(await request.put(url, { headers, data })),
    patch: async (url: string, data: unknown) => answer(await request.patch(url, { headers, data })),
  };
}

/** A registered person made a customer by the operator, with a MiFID result and cash on deposit. */
async function customer(request: APIRequestContext, label: string, person: { first: string; last: string }) {
  const email = await registeredUser(request, label, { ...person, language: 'en' });
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  let me = await apiAs(request, email, NEW_USER_PASSWORD);
  const { contact: userId } = await me.get<{ contact: number }>('/api/account/me/');
  await admin.patch(`/api/v1/backoffice/users/${userId}/`, { attributes: ['customer'] });
  me = await apiAs(request, email, NEW_USER_PASSWORD);
  const { questions } = await me.get<{ questions: Array<{ id: number; answers: Array<{ id: number }> }> }>(
    '/api/v1/mifid/questionnaire/',
  );
  await me.post('/api/v1/mifid/answers/', {
    answers: Object.fromEntries(questions.map((q) => [String(q.id), q.answers.at(-1)?.id])),
  });
  const deposit = async (amount: string) => {
    const cash = await me.get<{ deposit_instructions: { reference_code: string } }>('/api/v1/cash/');
    await admin.post('/api/v1/backoffice/transfers/', {
      reference_code: cash.deposit_instructions.reference_code,
      amount,
      value_date: new Date().toISOString().slice(0, 10),
      payer_name: `${person.first} ${person.last}`,
    });
  };
  const productId = async (name: string) => {
    const { results } = await me.get<{ results: Array<{ id: number; name: string }> }>(
      '/api/v1/products/?per_page=100',
    );
    return results.find((p) => p.name === name)!.id;
  };
  return { email, userId, me, admin, deposit, productId };
}

/** A second operator, who reads the app in Italian (signing in takes the account's language). */
async function italianOperator(request: APIRequestContext): Promise<string> {
  const email = await registeredUser(request, 'operator', { first: 'Paola', last: 'Neri', language: 'it' });
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  const { contact } = await (await apiAs(request, email, NEW_USER_PASSWORD)).get<{ contact: number }>(
    '/api/account/me/',
  );
  await admin.patch(`/api/v1/backoffice/users/${contact}/`, { attributes: ['admin'] });
  return email;
}

async function signedIn(
  browser: Browser,
  baseURL: string,
  as: { email: string; password: string; language: 'en-US' | 'it-IT' } = {
    email: ADMIN,
    password: DEMO_PASSWORD,
    language: 'en-US',
  },
): Promise<Page> {
  const language = as.language;
  const page = await (await browser.newContext({ locale: language })).newPage();
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await page.context().addCookies([
    { name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL },
    { name: 'lombard_language', value: language, url: baseURL },
  ]);
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(as.email);
  await page.getByTestId('login-password').fill(as.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/customer\//);
  return page;
}

/** The POST requests a page sends to paths matching `path`, counted as they leave. */
function countPosts(page: Page, path: RegExp) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname)) sent.push(request.url());
  });
  return sent;
}

test('each back-office section is a link: opened by its address, kept by a reload, opened in a new tab', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL!);
  await page.goto('/customer/backoffice/transfers/');
  const sections = page.getByRole('navigation', { name: 'Back-office sections' });
  await expect(page.getByRole('heading', { level: 1, name: 'Incoming transfers' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Incoming transfers' })).toHaveAttribute('aria-current', 'page');
  // Links with an address each, not tabs.
  await expect(page.getByRole('tab')).toHaveCount(0);
  const links = sections.getByRole('link');
  expect(await links.count()).toBeGreaterThanOrEqual(12);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('href', /^\/customer\/backoffice\/[a-z-]+\/$/);
  }
  await expect(sections.locator('[aria-current="page"]')).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Incoming transfers' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Incoming transfers' })).toHaveAttribute('aria-current', 'page');

  // A middle click opens the section in a new tab, and this one stays where it is.
  const withdrawals = sections.getByRole('link', { name: 'Withdrawals' });
  await expect(withdrawals).toHaveAttribute('href', '/customer/backoffice/withdrawals/');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), withdrawals.click({ button: 'middle' })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/customer/backoffice/withdrawals/');
  await expect(tab.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await expect(
    tab.getByRole('navigation', { name: 'Back-office sections' }).getByRole('link', { name: 'Withdrawals' }),
  ).toHaveAttribute('aria-current', 'page');
  expect(new URL(page.url()).pathname).toBe('/customer/backoffice/transfers/');

  // A plain click moves this tab, and the mark with it.
  await sections.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/customer\/backoffice\/orders\/$/);
  await expect(sections.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Incoming transfers' })).not.toHaveAttribute('aria-current');
  await page.context().close();
});

test('a transfer recorded for a waiting investment is listed under incoming transfers', async ({
  browser,
  baseURL,
  request,
}) => {
  const { me, productId } = await customer(request, 'transfer', { first: 'Marta', last: 'Galli' });
  const order = await me.post<{ reference_code: string; status: string }>(
    `/api/v1/products/${await productId('Obbligazionario Italia 2028')}/invest/`,
    { amount: '7500', payment_method: 'bank_transfer' },
  );
  expect(order.status).toBe('awaiting_transfer');

  const page = await signedIn(browser, baseURL!);
  await page.goto('/customer/backoffice/transfers/');
  await page.getByTestId('record-transfer').click();
  await page.getByTestId('transfer-reference').fill(order.reference_code);
  await page.getByTestId('transfer-amount').fill('7500');
  await page.getByTestId('transfer-payer').fill('Marta Galli');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-outcome')).toContainText('The waiting investment has been funded');

  // The list shows it, newest value date first: today's, with the payer and the reference quoted.
  const row = page.getByTestId('resource-row').filter({ hasText: order.reference_code });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('desk-payer')).toContainText('Marta Galli');
  await expect(row).toContainText('€7,500.00');
  await page.goto(`/customer/backoffice/transfers/?search=${order.reference_code}`);
  await expect(page.getByTestId('resource-row')).toHaveCount(1);
  await expect(page.getByTestId('resource-row')).toContainText('Investment');
  await page.context().close();
});

test("a withdrawal's confirmation shows the IBAN it pays to; a double-click pays it out once", async ({
  browser,
  baseURL,
  request,
}) => {
  const person = { first: 'Bruno', last: 'Conti' };
  const { me, admin, userId, email, deposit } = await customer(request, 'payout', person);
  await me.put('/api/v1/profile/bank-account/', { iban: IBAN, holder_name: 'Bruno Conti' });
  await admin.post(`/api/v1/backoffice/kyc-reviews/${userId}/steps/bank-account/approve/`);
  await deposit('900.00');
  // Each withdrawal is confirmed with the customer's factor, here an SMS code that names its amount.
  const phone = `+3934${String(process.pid % 10)}${String(Date.now()).slice(-7)}`;
  await me.post('/api/v1/profile/phone-number/', { phone });
  await me.post('/api/v1/profile/phone-number/verify/', {
    code: /\b(\d{6})\b/.exec((await outboxMessage(phone, 'phone')).text)?.[1],
  });
  const withdraw = async (amount: string) => {
    const asked = await me.post<{ signature_id: number }>('/api/v1/cash/withdrawals/', { amount });
    const sms = await outboxMessage(phone, 'withdrawal-code', (m) => m.text.includes(`€${amount}.00`));
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
    return me.post<{ id: number }>('/api/v1/cash/withdrawals/', {
      amount,
      confirmation: { signature_id: asked.signature_id, code },
    });
  };
  const first = await withdraw('300');
  const second = await withdraw('200');

  const page = await signedIn(browser, baseURL!);
  // A second operator, in Italian, has the same list open.
  const other = await signedIn(browser, baseURL!, {
    email: await italianOperator(request),
    password: NEW_USER_PASSWORD,
    language: 'it-IT',
  });
  for (const operator of [page, other]) {
    await operator.goto(`/customer/backoffice/withdrawals/?search=${encodeURIComponent(email)}`);
    await expect(operator.getByTestId('resource-row')).toHaveCount(2);
  }

  const sent = countPosts(page, new RegExp(`/withdrawals/${first.id}/execute/$`));
  await page.getByTestId(`execute-${first.id}`).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Pay €300.00 to Bruno Conti?');
  await expect(dialog.getByTestId('payout-iban')).toHaveText('IT60 X054 2811 1010 0000 0123 456');
  await expect(dialog).toContainText('Account holder');
  await dialog.getByTestId('confirm-button').dblclick();
  await expect(page.getByText('Withdrawal executed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const paid = page.getByTestId('resource-row').filter({ has: page.getByText('€300.00') });
  await expect(paid.getByTestId('status-executed')).toBeVisible();
  expect(sent).toHaveLength(1);

  // The first operator pays the second one; the other, whose list still offers it, is told it is done.
  await page.getByTestId(`execute-${second.id}`).click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
  await expect(page.getByTestId(`execute-${second.id}`)).toBeHidden();
  await other.getByTestId(`execute-${second.id}`).click();
  await other.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
  await expect(
    other.getByText('Questa operazione non è più in attesa: è già stata eseguita, rifiutata o annullata.'),
  ).toBeVisible();
  // Its list is read again: the withdrawal shows as executed, with nothing left to do.
  await other.getByTestId('confirm-dialog').getByRole('button', { name: 'Annulla' }).click();
  await expect(other.getByTestId(`execute-${second.id}`)).toBeHidden();
  await page.context().close();
  await other.context().close();
});

test('a double-click on Approve approves an advance once; a second operator approving too is told why not', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const { me, admin, deposit, productId } = await customer(request, 'approve', { first: 'Irene', last: 'Sala' });
  const phone = `+39349${String(Date.now()).slice(-7)}`;
  await me.post('/api/v1/profile/phone-number/', { phone });
  const phoneCode = /\b(\d{6})\b/.exec((await outboxMessage(phone, 'phone')).text)?.[1];
  await me.post('/api/v1/profile/phone-number/verify/', { code: phoneCode });
  await deposit('15000.00');
  const fund = await productId('Obbligazionario Euro Protetto 2031');
  const order = await me.post<{ id: number }>(`/api/v1/products/${fund}/invest/`, {
    amount: '12000',
    payment_method: 'cash',
  });
  await admin.post('/api/v1/backoffice/orders/settle/', { ids: [order.id] });
  const advance = await me.post<{ id: number }>('/api/v1/advances/', {
    amount: '5000',
    instalments: 8,
    collateral: [`position:${fund}`],
  });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/pre-approve/`);
  await me.post(`/api/v1/advances/${advance.id}/signature/`);
  const code = /\b(\d{6})\b/.exec((await outboxMessage(phone, 'advance-contract')).text)?.[1];
  await me.post(`/api/v1/advances/${advance.id}/sign/`, { code });

  const page = await signedIn(browser, baseURL!);
  const other = await signedIn(browser, baseURL!, {
    email: await italianOperator(request),
    password: NEW_USER_PASSWORD,
    language: 'it-IT',
  });
  for (const operator of [page, other]) {
    await operator.goto(`/customer/backoffice/advances/${advance.id}/`);
    await expect(operator.getByTestId('advance-status-pendingVerification').first()).toBeVisible();
  }

  const sent = countPosts(page, new RegExp(`/advances/${advance.id}/approve/$`));
  await page.getByTestId('decision-approve').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-button').dblclick();
  await expect(page.getByTestId('advance-review').getByTestId('advance-status-moneyOnTheWay')).toBeVisible();
  expect(sent).toHaveLength(1);

  // The other operator's page still offers Approve: the refusal is shown in their language, not swallowed,
  // and the page is read again.
  await other.getByTestId('decision-approve').click();
  await other.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
  await expect(other.getByText(/l'operazione ora non è possibile/)).toBeVisible();
  await other.getByTestId('confirm-dialog').getByRole('button', { name: 'Annulla' }).click();
  await expect(other.getByTestId('advance-review').getByTestId('advance-status-moneyOnTheWay')).toBeVisible();
  await expect(other.getByTestId('decision-approve')).toBeHidden();
  await page.context().close();
  await other.context().close();
});
