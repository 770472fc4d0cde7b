// Profile onboarding end to end (issue 12): the demo `base` user (citizenship approved, identity waiting
// for review) completes every profile tab with valid data (uploading real PDF and PNG files, verifying
// the phone with the SMS code from the outbox), sees the reviewed steps as submitted, an operator approves
// them in the back-office KYC review, and after a reload the person has the lead menu. This promotes the
// demo base user: no other test relies on it being `base` (they register their own).
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { outboxMessage } from '../support/landing';

const BASE_USER = 'base@demo.lombard.test';
const ADMIN = 'admin@demo.lombard.test';
const DEMO_PASSWORD = 'Demo-pass-2026';
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
// Bianca Basile's account in the demo data: her IBAN's holder is her account name.
const IBAN = 'IT60 X054 2811 1010 0000 0123 456';
const REVIEWED = ['citizenship', 'identity', 'addresses', 'kyc', 'occupation', 'bank-account'] as const;

async function withConsent(page: Page, baseURL: string) {
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await page.context().addCookies([{ name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL }]);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/customer\//);
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a tab as a person does: from the profile's tab list, without loading the app again. */
async function openTab(page: Page, tab: string) {
  if (new URL(page.url()).pathname.startsWith('/customer/profile/'))
    await page.getByTestId(`profile-tab-button-${tab}`).click();
  else await page.goto(`/customer/profile/${tab}/`);
  await expect(page.getByTestId(`profile-tab-${tab}`)).toBeVisible();
}

/** Saves a tab: the server accepts it and the step waits for review (or stays approved, saved unchanged). */
async function saved(page: Page, tab: string, submit: string, status: 'submitted' | 'approved' = 'submitted') {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/v1/profile/${tab}/`),
  );
  await page.getByTestId(submit).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId(`tab-status-${tab}`)).toHaveAttribute('data-status', status);
}

async function operatorApprovesEverything(browser: Browser, baseURL: string) {
  const operator = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await withConsent(operator, baseURL);
  await logIn(operator, ADMIN, DEMO_PASSWORD);
  await operator.goto('/customer/backoffice/kyc-reviews/');
  await operator.getByTestId('kyc-search').fill(BASE_USER);
  await operator.getByTestId(`kyc-row-${BASE_USER}`).getByTestId('kyc-open').click();
  for (const step of REVIEWED) {
    await operator.getByTestId(`kyc-approve-${step}`).click();
    await expect(operator.getByTestId(`kyc-step-${step}`)).toHaveAttribute('data-status', 'approved');
  }
  await expect(operator.getByTestId('kyc-profile-lead')).toBeVisible();
  await operator.context().close();
}

test('the demo base user completes the profile, an operator approves it, she becomes a lead', async ({
  page,
  browser,
  baseURL,
}) => {
  // Nine tabs, four uploads, a phone code and an operator's six approvals: about a minute alone, more
  // beside another browser on a busy machine.
  test.setTimeout(180_000);
  await withConsent(page, baseURL as string);
  await logIn(page, BASE_USER, DEMO_PASSWORD);
  // Her account speaks Italian; the texts below are the English ones.
  // The header's menu (the phone drawer has its own, hidden at this width).
  await page.getByTestId('language-menu').filter({ visible: true }).click();
  await page.getByTestId('language-en-US').filter({ visible: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);

  // Citizenship was approved: saved again as it was, it stays approved; a change sends it back to review.
  await openTab(page, 'citizenship');
  await expect(page.getByTestId('tab-status-citizenship')).toHaveAttribute('data-status', 'approved');
  await saved(page, 'citizenship', 'citizenship-submit', 'approved');
  const days = page.getByTestId('citizenship-presence-days');
  await days.click({ clickCount: 3 });
  await page.keyboard.type('12');
  await saved(page, 'citizenship', 'citizenship-submit');

  // Identity waits for review with her seeded data; a tax code that does not fit says which entry.
  await openTab(page, 'identity');
  await expect(page.getByTestId('tab-status-identity')).toHaveAttribute('data-status', 'submitted');
  await page.getByTestId('identity-sex-M').check();
  await page.getByTestId('identity-submit').click();
  await expect(page.getByText('The tax code does not match the sex you entered.')).toBeVisible();
  await page.getByTestId('identity-sex-F').check();
  await page.getByTestId('identity-birth-place').fill('Bologna');
  await saved(page, 'identity', 'identity-submit');

  await openTab(page, 'addresses');
  await pick(page, 'residence-province', 'Bologna (BO)');
  await page.getByTestId('residence-city').fill('Bologna');
  await page.getByTestId('residence-post-code').fill('40121');
  await page.getByTestId('residence-street').fill('Via dell’Indipendenza 21');
  await saved(page, 'addresses', 'addresses-submit');

  await openTab(page, 'phone-number');
  const phone = `+39333${String(Date.now()).slice(-7)}`;
  await page.getByTestId('phone-number').fill(phone);
  await page.getByTestId('phone-send-code').click();
  const sms = await outboxMessage(phone, 'phone');
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  await page.getByTestId('phone-code').locator('input').first().fill(code);
  await page.getByTestId('phone-verify').click();
  await expect(page.getByText('Phone number verified')).toBeVisible();
  await expect(page.getByTestId('tab-status-phone-number')).toHaveAttribute('data-status', 'approved');

  await openTab(page, 'kyc');
  await pick(page, 'kyc-identity-type', 'Passport');
  await page.getByTestId('kyc-identity-number').fill('YA1234567');
  await page.getByTestId('kyc-identity-issued-on').fill('2022-03-01');
  await page.getByTestId('kyc-identity-expires-on').fill('2032-02-28');
  await page.getByTestId('kyc-identity-front-input').setInputFiles(path.join(FIXTURES, 'identity-front.png'));
  await page.getByTestId('kyc-identity-submit').click();
  await expect(page.getByTestId('kyc-on-file-identity_document')).toBeVisible();
  await pick(page, 'kyc-address-type', 'Utility bill');
  const lastMonth = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId('kyc-address-issued-on').fill(lastMonth);
  await page.getByTestId('kyc-address-file-input').setInputFiles(path.join(FIXTURES, 'utility-bill.pdf'));
  await page.getByTestId('kyc-address-submit').click();
  await expect(page.getByTestId('tab-status-kyc')).toHaveAttribute('data-status', 'submitted');

  await openTab(page, 'occupation');
  await pick(page, 'occupation-occupation', 'Employee');
  await pick(page, 'occupation-sector', 'Information technology');
  await page.getByTestId('occupation-employer').fill('Aurora Energia S.p.A.');
  await pick(page, 'occupation-income-band', '€50,001 – €100,000');
  await pick(page, 'occupation-source-of-funds', 'Salary');
  await saved(page, 'occupation', 'occupation-submit');

  await openTab(page, 'bank-account');
  await page.getByTestId('bank-iban').fill(IBAN);
  await saved(page, 'bank-account', 'bank-submit');

  await openTab(page, 'mifid');
  await page.getByTestId('mifid-submit').click();
  await expect(page.getByTestId('mifid-incomplete')).toHaveText(
    'You did not answer all the questions, please review the questionnaire.',
  );
  const questions = page.locator('[data-testid^="mifid-question-"]');
  for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).getByRole('radio').last().check();
  await page.getByTestId('mifid-submit').click();
  await expect(page.getByText('Answers saved')).toBeVisible();
  await expect(page.getByTestId('mifid-result')).toBeVisible();

  await page.goto('/customer/profile/');
  for (const step of REVIEWED)
    await expect(page.getByTestId(`progress-step-${step}`)).toHaveAttribute('data-status', 'submitted');
  for (const step of ['phone-number', 'mifid'])
    await expect(page.getByTestId(`progress-step-${step}`)).toHaveAttribute('data-status', 'approved');

  await operatorApprovesEverything(browser, baseURL as string);

  await page.reload();
  const menu = page.getByTestId('main-navigation');
  for (const item of ['Home', 'Portfolio', 'Transactions', 'Documents'])
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
});
