// People of the money journeys, made through the API as people and operators make them, and signed in
// to the browser through the sign-in page. Shared by the advance journeys so each test starts from the
// same kind of customer without repeating how one is made.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from './accounts';
import { outboxMessage, setVisitor, type TestLocale } from './landing';
import { outboxFolder } from './outbox-folder';

export const ADMIN = 'admin@demo.lombard.test';
export const DEMO_PASSWORD = 'Demo-pass-2026';
/** The two bond funds a borrower holds, 12,000 € each. */
export const FUNDS = ['Obbligazionario Euro Protetto 2031', 'Capitale Protetto 2029'] as const;
const PLAN_DOCUMENT = path.join(import.meta.dirname, '..', 'fixtures', 'utility-bill.pdf');

type Multipart = NonNullable<Parameters<APIRequestContext['post']>[1]>['multipart'];

/** JSON calls as one person, with a bearer token; money calls carry their own Idempotency-Key. */
export async function apiAs(request: APIRequestContext, email: string, password: string) {
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
    put: async (url: string, data: unknown) => answer(await request.put(url, { headers, data })),
  };
}

/** The code of the newest SMS of a template sent to a phone. */
export async function smsCode(phone: string, template: string): Promise<string | undefined> {
  return /\b(\d{6})\b/.exec((await outboxMessage(phone, template)).text)?.[1];
}

/** Every SMS of a template sent to a number, oldest first (the outbox files are named in order). */
export async function smsTo(phone: string, template: string): Promise<string[]> {
  const folder = outboxFolder();
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json') && name.includes(template))
    .sort();
  const texts: string[] = [];
  for (const name of names) {
    const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as { recipient: string; text: string };
    if (message.recipient === phone) texts.push(message.text);
  }
  return texts;
}

/**
 * A customer who holds two settled bond funds of 12,000 € (FUNDS), 16,000 € of cash, a verified stock
 * plan of 500 units at 24 € and a verified phone; `lines` names each as a collateral line.
 */
export async function borrower(request: APIRequestContext, label: string, person: { first: string; last: string }) {
  const email = await registeredUser(request, label, { ...person, language: 'en' });
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  let me = await apiAs(request, email, NEW_USER_PASSWORD);
  const { contact: userId } = await me.get<{ contact: number }>('/api/account/me/');
  await admin.patch(`/api/v1/backoffice/users/${userId}/`, { attributes: ['customer'] });
  me = await apiAs(request, email, NEW_USER_PASSWORD);

  // Unique per test run and worker: the time's last digits and the process.
  const phone = `+3934${String(process.pid % 10)}${String(Date.now()).slice(-7)}`;
  await me.post('/api/v1/profile/phone-number/', { phone });
  await me.post('/api/v1/profile/phone-number/verify/', { code: await smsCode(phone, 'phone') });
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
    payer_name: `${person.first} ${person.last}`,
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
  return {
    email,
    phone,
    me,
    admin,
    lines: {
      fund: `position:${productId(FUNDS[0])}`,
      other: `position:${productId(FUNDS[1])}`,
      plan: `stock-plan:${plan.id}`,
    },
  };
}

/**
 * A page of a new browser context, signed in as the web app signs in (the refresh token in the context's
 * httpOnly cookie, the "signed in" marker beside it), cookies chosen, in a language. The page is blank:
 * the test opens the page it is about. Signing in through the form is what auth.spec.ts tests; here it
 * would cost every journey two page loads (the sign-in page and the landing page) for nothing it checks.
 */
export async function signedIn(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  locale: TestLocale = 'en-US',
): Promise<Page> {
  const context = await browser.newContext({ locale });
  await setVisitor(context, baseURL, { locale });
  const login = await context.request.post('/api/account/token/auth/', {
    headers: { 'x-lombard-session': 'cookie' },
    data: { email, password, rememberMe: false },
  });
  expect(login.ok(), `sign-in of ${email}: ${login.status()}`).toBe(true);
  await context.addCookies([{ name: 'lombard_session', value: '0', url: baseURL }]);
  return context.newPage();
}
