// Changing what protects a customer's money, as a person does it in the browser: a new IBAN, a new phone
// number and a new e-mail, each confirmed on a step that shows the new value, with the code the SMS to the
// verified number brings (a wrong one typed once; every send and confirm double-clicked, done once); the
// new number then proves itself with its own code, the new address gets its link. Then the IBAN change's
// confirming step of the demo customer (authenticator app) photographed in Italian and English, light and
// dark, on a phone and a desktop, in e2e/.screenshots/, and scanned by axe each time.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { linkIn, outboxMessage } from '../support/landing';
import { ADMIN, apiAs, DEMO_PASSWORD, signedIn } from '../support/people';
import { photographEveryWay } from '../support/screens';

const FIRST_IBAN = 'IT60X0542811101000000123456';
const NEW_IBAN = 'IT41 S030 6909 6061 0000 0012 345';
/** Another IBAN than the demo customer's (IT41…2345), for her confirming step. */
const DEMO_NEW_IBAN = 'IT60 X054 2811 1010 0000 0123 456';

/** A customer with a verified phone and an approved IBAN, made through the API as onboarding makes them. */
async function customerWithIban(request: APIRequestContext) {
  const person = { first: 'Livia', last: 'Marchetti', language: 'en' as const };
  const email = await registeredUser(request, 'contact-changes', person);
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  let me = await apiAs(request, email, NEW_USER_PASSWORD);
  const { contact: userId } = await me.get<{ contact: number }>('/api/account/me/');
  await admin.patch(`/api/v1/backoffice/users/${userId}/`, { attributes: ['customer'] });
  me = await apiAs(request, email, NEW_USER_PASSWORD);
  const phone = `+39348${String(Date.now()).slice(-7)}`;
  await me.post('/api/v1/profile/phone-number/', { phone });
  const proof = /\b(\d{6})\b/.exec((await outboxMessage(phone, 'phone_verification')).text)?.[1];
  await me.post('/api/v1/profile/phone-number/verify/', { code: proof });
  await me.put('/api/v1/profile/bank-account/', { iban: FIRST_IBAN, holder_name: 'Livia Marchetti' });
  await admin.post(`/api/v1/backoffice/kyc-reviews/${userId}/steps/bank-account/approve/`);
  return { email, phone };
}

/** The six-digit code of the newest SMS of a template to a number. */
const codeTo = async (phone: string, template: string) =>
  /\b(\d{6})\b/.exec((await outboxMessage(phone, template)).text)?.[1] ?? '';
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function typeCode(row: Locator, code: string) {
  await row.locator('input').first().click();
  await row.page().keyboard.type(code);
}

/** Types the code into a confirming step and presses its button. */
async function confirmWith(page: Page, step: string, code: string) {
  await typeCode(page.getByTestId(`${step}-confirmation-code`), code);
  // As an impatient person does: a double-click confirms once.
  await page.getByTestId(`${step}-confirmation-submit`).dblclick();
}

test('a customer changes her IBAN, phone and e-mail, confirming each on a step that shows the new value', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const { email, phone } = await customerWithIban(request);
  const page = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD);

  // The IBAN: the step shows the new one grouped by four; the SMS to the verified number repeats it masked.
  await page.goto('/customer/profile/bank-account/');
  const iban = page.getByTestId('bank-iban');
  await iban.click({ timeout: 60_000 });
  await iban.fill('');
  await page.keyboard.type(NEW_IBAN);
  await page.getByTestId('bank-submit').dblclick();
  await expect(page.getByTestId('iban-change-value')).toHaveText(NEW_IBAN);
  await expect(page.getByTestId('iban-change-confirmation-detail')).toContainText(`ending in ${phone.slice(-3)}`);
  const ibanSms = await outboxMessage(phone, 'iban-change-code');
  expect(ibanSms.text).toContain('IT41 •••• •••• 2345');
  const ibanCode = /\b(\d{6})\b/.exec(ibanSms.text)?.[1] ?? '';
  await confirmWith(page, 'iban-change', wrong(ibanCode));
  await expect(page.getByTestId('iban-change')).toContainText('The code is not correct. You have 4 attempts left.');
  await confirmWith(page, 'iban-change', ibanCode);
  await expect(page.getByTestId('iban-change')).toBeHidden();
  await expect(page.getByText('Data has been saved successfully').first()).toBeVisible();

  // The phone: first the change is confirmed by the code sent to the verified number, then the new number
  // gets its own code; the verified number stays in use until that code is typed.
  const newPhone = `+39347${String(Date.now()).slice(-7)}`;
  await page.goto('/customer/profile/phone-number/');
  const number = page.getByTestId('phone-number');
  await number.click({ timeout: 60_000 });
  await number.fill('');
  await page.keyboard.type(newPhone);
  await expect(page.getByTestId('phone-send-code')).toHaveText('Change number');
  await page.getByTestId('phone-send-code').dblclick();
  await expect(page.getByTestId('phone-change-value')).toHaveText(newPhone);
  await expect(page.getByTestId('phone-change-next')).toContainText('then we text a code to the new number');
  await confirmWith(page, 'phone-change', await codeTo(phone, 'phone-change-code'));
  await expect(page.getByTestId('phone-verified')).toContainText(`${phone} stays in use until you type the code`);
  await typeCode(page.getByTestId('phone-code'), await codeTo(newPhone, 'phone_verification'));
  await page.getByTestId('phone-verify').click();
  await expect(page.getByTestId('phone-verified')).toHaveText(`${newPhone} is verified.`);

  // The e-mail: confirmed with the code sent to the (new) verified number; then the link and the sign-out.
  const newEmail = `moved-${Date.now()}-${process.pid}@example.com`;
  await page.goto('/customer/profile/change-email/');
  await page.getByTestId('change-email-new').click({ timeout: 60_000 });
  await page.keyboard.type(newEmail);
  await page.getByTestId('change-email-confirm').click();
  await page.keyboard.type(newEmail);
  await page.getByTestId('change-email-password').click();
  await page.keyboard.type(NEW_USER_PASSWORD);
  await page.getByTestId('change-email-submit').dblclick();
  await expect(page.getByTestId('email-change-value')).toHaveText(newEmail);
  await confirmWith(page, 'email-change', await codeTo(newPhone, 'email-change-code'));
  await expect(page).toHaveURL(/\/auth\/login\//);
  expect(linkIn(await outboxMessage(newEmail, 'email_change_confirm'))).toContain('/user-account-activation/');
  await page.context().close();
});

test('the IBAN change’s confirming step, photographed and scanned by axe in both languages and themes on a phone and a desktop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const page = await signedIn(browser, baseURL!, 'customer@demo.lombard.test', DEMO_PASSWORD);
  await photographEveryWay(page, baseURL!, {
    name: 'iban-change',
    show: async () => {
      await page.goto('/customer/profile/bank-account/');
      const iban = page.getByTestId('bank-iban');
      await iban.click({ timeout: 60_000 });
      await iban.fill(DEMO_NEW_IBAN);
      await page.getByTestId('bank-submit').click();
      // Asked, not confirmed: the demo customer's IBAN stays as it is.
      await expect(page.getByTestId('iban-change-value')).toHaveText(DEMO_NEW_IBAN);
      await expect(page.getByTestId('iban-change-confirmation-code')).toBeVisible();
    },
    // The step's colours and labels in each language and theme.
    scan: '[data-testid="iban-change"]',
  });
  await page.context().close();
});
