// One-time codes and amounts used the way people use them (issue 37): "send me the code" double-clicked,
// wrong codes typed to the limit, amounts triple-clicked and retyped, double-clicked, pasted, in Italian
// and in English, on the public calculator and in the customer area. Real mouse and keyboard, no fill().
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { hydrate, setVisitor, type TestLocale, untilIslandInteractive } from '../support/landing';
import { signedIn, smsTo } from '../support/people';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** The codes sent so far, oldest first, once at least `count` have arrived. */
async function codesSent(phone: string, count: number): Promise<string[]> {
  await expect.poll(async () => (await smsTo(phone, 'phone_verification')).length).toBeGreaterThanOrEqual(count);
  return (await smsTo(phone, 'phone_verification')).map(codeIn);
}

/** Types a code digit by digit into the row of digits, as a person does. */
async function typeCode(row: Locator, code: string) {
  await row.locator('input').first().click();
  await row.page().keyboard.type(code);
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

test.describe('one-time codes', () => {
  test('a double-click sends one code, wrong codes say the tries left, and the last says when to ask again', async ({
    browser,
    baseURL,
    request,
  }: {
    browser: Browser;
    baseURL?: string;
    request: APIRequestContext;
  }) => {
    test.setTimeout(300_000);
    const email = await registeredUser(request, 'clumsy-phone');
    const page = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD, 'it-IT');
    await page.goto('/customer/profile/phone-number/');
    const phone = `+39333${String(Date.now()).slice(-7)}`;
    await page.getByTestId('phone-number').click();
    await page.keyboard.type(phone);
    await page.getByTestId('phone-send-code').dblclick();
    const row = page.getByTestId('phone-code');
    await expect(row).toBeVisible();

    // The first SMS's code is the one that works: nothing replaced it.
    const [first] = await codesSent(phone, 1);
    const field = page.getByTestId('phone-code-form');
    const said: string[] = [];
    for (let left = 4; left >= 1; left--) {
      await typeCode(row, wrong(first!));
      await page.getByTestId('phone-verify').click();
      const message = left === 1 ? 'Ti resta 1 tentativo.' : `Ti restano ${left} tentativi.`;
      await expect(field).toContainText(`Il codice non è corretto. ${message}`);
      said.push(message);
    }
    await expect(field).not.toContainText('ONE_TIME_CODE');
    await typeCode(row, wrong(first!));
    await page.getByTestId('phone-verify').click();
    await expect(field).toContainText("era l'ultimo tentativo per questo codice. Richiedi un nuovo codice.");
    await expect(page.locator('body')).not.toContainText("Contatta l'assistenza");

    // Two more codes, each spent on wrong tries: then the wait is said, from the server's Retry-After.
    for (const sends of [2, 3]) {
      await page.getByTestId('phone-send-code').dblclick();
      const codes = await codesSent(phone, sends);
      for (let i = 0; i < 5; i++) {
        await typeCode(row, wrong(codes.at(-1)!));
        const answered = page.waitForResponse((r) => r.url().endsWith('/phone-number/verify/'));
        await page.getByTestId('phone-verify').click();
        await answered;
      }
    }
    await expect(field).toContainText(/Potrai richiedere un nuovo codice tra (59|60) minuti\./);
    const refused = page.waitForResponse((r) => r.url().endsWith('/phone-number/') && r.status() === 429);
    await page.getByTestId('phone-send-code').click();
    const wait = Number((await refused).headers()['retry-after']);
    expect(wait).toBeGreaterThan(58 * 60);
    await expect(
      page.getByText(/Hai richiesto il numero massimo di codici in un'ora\. Potrai richiedere/),
    ).toBeVisible();
    expect(await smsTo(phone, 'phone_verification')).toHaveLength(3);
    await page.context().close();
  });

  test('the code of a double-clicked "send me the code" verifies the phone', async ({ browser, baseURL, request }) => {
    test.setTimeout(180_000);
    const email = await registeredUser(request, 'clumsy-phone-ok');
    const page = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD, 'en-US');
    await page.goto('/customer/profile/phone-number/');
    const phone = `+39334${String(Date.now()).slice(-7)}`;
    await page.getByTestId('phone-number').click();
    await page.keyboard.type(phone);
    await page.getByTestId('phone-send-code').dblclick();
    const [first] = await codesSent(phone, 1);
    await typeCode(page.getByTestId('phone-code'), first!);
    await page.getByTestId('phone-verify').click();
    await expect(page.getByTestId('tab-status-phone-number')).toHaveAttribute('data-status', 'approved');
    expect(await smsTo(phone, 'phone_verification')).toHaveLength(1);
    await page.context().close();
  });
});

/** Triple-clicks the field, types over it, and checks what the person sees. */
async function retype(field: Locator, typed: string, shown: string) {
  await field.click({ clickCount: 3 });
  await field.page().keyboard.type(typed);
  await expect(field).toHaveValue(shown);
}

/** The amount checks every formatted field must pass, in the language's own writing. */
async function clumsyAmount(page: Page, field: Locator, locale: TestLocale) {
  const it = locale === 'it-IT';
  await retype(field, '25000', it ? '25.000' : '25,000');
  await retype(field, '1234,5', it ? '1.234,5' : '12,345');
  // A double-click selects what is there, and typing replaces it.
  await field.dblclick();
  await page.keyboard.type('7000');
  await expect(field).toHaveValue(it ? '7.000' : '7,000');
  // The caret stays where the person put it: at the start, a 1 makes 17.000.
  await page.keyboard.press('Home');
  await page.keyboard.type('1');
  await expect(field).toHaveValue(it ? '17.000' : '17,000');
  // Pasted over a selection, an amount written with the euro sign keeps its digits.
  await page.evaluate((text) => navigator.clipboard.writeText(text), it ? '30.000 €' : '€30,000');
  await field.click({ clickCount: 3 });
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(it ? '30.000' : '30,000');
  // Letters are not an amount: nothing of them is shown.
  await field.click({ clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.keyboard.type('abc');
  await expect(field).toHaveValue('');
}

for (const locale of ['it-IT', 'en-US'] as const) {
  test(`the home calculator's amount is retyped, double-clicked and pasted over (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await setVisitor(context, baseURL!, { locale });
    await page.goto('/home/');
    await hydrate(page);
    const amount = page.getByTestId('calculator-amount');
    await amount.scrollIntoViewIfNeeded();
    await untilIslandInteractive(page, amount);
    await expect(amount).toHaveValue(locale === 'it-IT' ? '50.000' : '50,000');
    await clumsyAmount(page, amount, locale);
    // And the figures follow what was typed last: 25.000 over 8 quarters at 4.90 %.
    await retype(amount, '25000', locale === 'it-IT' ? '25.000' : '25,000');
    await expect(page.getByTestId('calc-quarterly')).toHaveText(locale === 'it-IT' ? '306,25 €' : '€306.25');
  });
}

// The demo customer's account speaks Italian: the English writing is the calculator's, the same component.
test('the withdrawal amount of the customer area behaves as every amount field', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, baseURL!, 'customer@demo.lombard.test', 'Demo-pass-2026', 'it-IT');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/customer/cash/');
  const amount = page.getByTestId('withdrawal-amount');
  await expect(amount).toBeVisible({ timeout: 60_000 });
  await amount.click();
  await page.keyboard.type('2500');
  await expect(amount).toHaveValue('2.500');
  await clumsyAmount(page, amount, 'it-IT');
  await page.context().close();
});
