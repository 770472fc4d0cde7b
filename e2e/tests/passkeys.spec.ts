// Passkeys in Chromium with its virtual authenticator (DevTools WebAuthn domain): a customer adds a
// passkey in the settings (password, then the SMS code, then the device), signs out, signs in with the
// passkey alone, signs an advance contract with it — the screen naming the act and its amount — and,
// her MiFID answers no longer covering the riskiest fund, confirms an order past the warning with it.
// WebAuthn wants a secure context on a domain: the pages are opened on localhost (the server's public URL
// and relying party), not on 127.0.0.1, which no passkey can belong to.
import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { setVisitor } from '../support/landing';
import { ADMIN, apiAs, borrower, DEMO_PASSWORD, smsCode } from '../support/people';

test('a customer adds a passkey, signs in with it, signs an advance contract and an order past the MiFID warning with it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const site = baseURL!.replace('127.0.0.1', 'localhost');
  const { email, phone, me, lines } = await borrower(request, 'passkey', { first: 'Marco', last: 'Bellini' });
  const advance = await me.post<{ id: number }>('/api/v1/advances/', {
    amount: '10000',
    instalments: 12,
    collateral: [lines.fund, lines.plan],
  });
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/pre-approve/`);

  const context = await browser.newContext({ locale: 'en-US' });
  await setVisitor(context, site, { locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  // Signed in with the password, she adds a passkey in the settings.
  await page.goto(`${site}/auth/login/`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(NEW_USER_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.goto(`${site}/customer/setting/`);
  await page.getByTestId('passkey-add').click({ timeout: 60_000 });
  await page.getByTestId('passkey-name').fill('Laptop di Marco');
  await page.getByTestId('passkey-password').fill(NEW_USER_PASSWORD);
  await page.getByTestId('passkey-continue').click();
  await expect(page.getByTestId('passkey-code')).toBeVisible();
  let code: string | undefined;
  await expect(async () => {
    code = await smsCode(phone, 'passkey-enrolment');
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('passkey-code').locator('input').first().click();
  await page.keyboard.type(code!);
  await page.getByTestId('passkey-continue').click();
  const list = page.getByTestId('passkey-list');
  await expect(list).toContainText('Laptop di Marco');
  await expect(list).toContainText('never used');
  // The device holds one discoverable passkey for this site, which sign-in will find without an address.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // She signs out and back in with the passkey alone: no e-mail, no password.
  await page.goto(`${site}/auth/logout/`);
  await page.waitForURL(/\/auth\/login\/|\/$/);
  await page.goto(`${site}/auth/login/`);
  await page.getByTestId('login-passkey').click({ timeout: 60_000 });
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));

  // The contract is confirmed with the passkey: the screen names the act and its amount, no SMS is sent.
  await page.goto(`${site}/customer/loan/${advance.id}/`);
  await page.getByTestId('action-sign').click();
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('sign-detail')).toContainText('€10,000.00');
  await expect(page.getByTestId('sign-detail')).toContainText('passkey');
  await page.getByTestId('contract-passkey-confirm').click();
  await expect(page.getByText('Contract signed')).toBeVisible();
  await expect(page.getByTestId('advance-status-pendingVerification')).toBeVisible();

  // Her MiFID answers, taken again with the most prudent ones, no longer cover the riskiest fund: the order
  // goes past the warning, confirmed with the passkey.
  const { questions } = await me.get<{ questions: Array<{ id: number; answers: Array<{ id: number }> }> }>(
    '/api/v1/mifid/questionnaire/',
  );
  await me.post('/api/v1/mifid/answers/', {
    answers: Object.fromEntries(questions.map((q) => [String(q.id), q.answers[0]?.id])),
  });
  const { results: products } = await me.get<{
    results: Array<{ id: number; risk_indicator: number; min_investment: string }>;
  }>('/api/v1/products/?per_page=100&on_sale=True');
  // She holds €16,000 in cash after buying her collateral: the riskiest fund she can buy at its minimum.
  const risky = products
    .filter((p) => Number(p.min_investment) <= 15_000)
    .sort((a, b) => b.risk_indicator - a.risk_indicator)[0]!;
  const amount = Math.max(Number(risky.min_investment), 1000);
  await page.goto(`${site}/customer/product/${risky.id}/confirm-order/?amount=${amount}&payment_method=cash`);
  await expect(page.getByTestId('mifid-warning')).toBeVisible();
  await page.getByTestId('mifid-understood').check();
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('order-passkey')).toBeVisible();
  const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);
  await expect(page.getByTestId('signature-panel')).toContainText(euros);
  await page.getByTestId('order-passkey-confirm').click();
  await page.waitForURL(/\/customer\/transaction\/$/);
  await context.close();
});
