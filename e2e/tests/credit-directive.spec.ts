// The consumer-credit directive's duties in the built app (decision 037). The public home shows the
// warning and the representative example in Italian and in English with JavaScript disabled, its figures
// those of the global configuration (the shared calculator at the price list in force). A customer whose
// request the assessment flagged asks a person to review it (a double click sends one request) and an
// operator finds it on the advance with the customer's message; once the advance is paid out, the
// early-repayment confirmation states the compensation (none) and its cap before she confirms.
import { expect, test } from '@playwright/test';
import { setVisitor } from '../support/landing';
import { ADMIN, borrower, DEMO_PASSWORD, signedIn, smsCode } from '../support/people';

interface Example {
  amount: string;
  instalments: number;
  annual_rate: string;
  apr: string;
  quarterly_interest: string;
  total_repayable: string;
}

const money = (value: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', useGrouping: 'always', minimumFractionDigits: 2 })
    .format(value as unknown as number)
    .replace(/[\u00a0\u202f]/g, ' ');
const percent = (value: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(value as unknown as number)
    .replace(/[\u00a0\u202f]/g, ' ');

for (const { locale, numbers, warning, title } of [
  {
    locale: 'it-IT' as const,
    numbers: 'it-IT',
    warning: 'Attenzione: prendere in prestito denaro costa',
    title: 'Esempio rappresentativo',
  },
  {
    locale: 'en-US' as const,
    numbers: 'en-GB',
    warning: 'Borrowing money costs money',
    title: 'Representative example',
  },
]) {
  test(`the public home warns and gives the representative example without JavaScript (${locale})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const config = await (await request.get('/api/get-global-config/')).json();
    const example = config.representative_example as Example;
    const context = await browser.newContext({ locale, javaScriptEnabled: false });
    await setVisitor(context, baseURL!, { locale });
    const page = await context.newPage();
    await page.goto('/home/');
    const box = page.getByTestId('credit-advertising');
    await expect(box.getByTestId('credit-warning')).toHaveText(warning);
    await expect(box.getByTestId('credit-warning')).toBeVisible();
    const text = ((await box.getByTestId('representative-example').textContent()) ?? '').replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    expect(text).toContain(title);
    for (const figure of [
      money(example.amount, numbers),
      percent(example.annual_rate, numbers),
      percent(example.apr, numbers),
      money(example.quarterly_interest, numbers),
      money(example.total_repayable, numbers),
    ]) {
      expect(text).toContain(figure);
    }
    await context.close();
  });
}

test('a flagged request is reviewed by a person on request; early repayment states its compensation', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  // No income declared in her profile: the assessment flags the request.
  const { email, phone, me, admin, lines } = await borrower(request, 'review', { first: 'Marta', last: 'Galli' });
  const advance = await me.post<{ id: number }>('/api/v1/advances/', {
    amount: '6000',
    instalments: 8,
    collateral: [lines.fund],
  });

  const page = await signedIn(browser, baseURL!, email, 'Lombard-e2e-2026!');
  await page.goto(`/customer/loan/${advance.id}/`);
  // The customer area loads its code and the advance first (a busy machine takes its time).
  await expect(page.getByTestId('advance-page')).toBeVisible({ timeout: 60_000 });
  const panel = page.getByTestId('credit-review');
  await expect(panel.getByText(/Our automated assessment flagged this request/)).toBeVisible();
  await panel.getByTestId('credit-review-message').fill('I also receive rent of €900 a month from a flat in Bergamo.');
  await panel.getByTestId('credit-review-submit').dblclick();
  await expect(panel.getByTestId('credit-review-requested')).toBeVisible();
  await expect(panel.getByTestId('credit-review-form')).toHaveCount(0);

  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD);
  await operator.goto(`/customer/backoffice/advances/${advance.id}/`);
  await expect(operator.getByTestId('advance-review')).toBeVisible({ timeout: 60_000 });
  const asked = operator.getByTestId('credit-review-request');
  await expect(asked.getByTestId('credit-review-customer-message')).toHaveText(
    "Customer's message: I also receive rent of €900 a month from a flat in Bergamo.",
  );
  await asked.getByTestId('credit-review-outcome-revised').check();
  await asked
    .getByTestId('credit-review-explanation')
    .fill('With the rent you declared, a year of interest is well within 30 % of your income: the flag is lifted.');
  await asked.getByTestId('credit-review-record').click();
  await expect(asked.getByTestId('credit-review-decided')).toContainText('Assessment revised: flag lifted');

  await page.reload();
  await expect(page.getByTestId('credit-review-outcome')).toContainText('the assessment was revised');

  // Paid out through the usual steps, then an early repayment is quoted in the browser.
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/pre-approve/`);
  await me.post(`/api/v1/advances/${advance.id}/signature/`);
  await me.post(`/api/v1/advances/${advance.id}/sign/`, { code: await smsCode(phone, 'advance-contract') });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/approve/`);
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/disburse/`);
  await page.reload();
  await expect(page.getByTestId('advance-page')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('action-repay').click();
  await page.getByTestId('repay-amount').fill('1000');
  const preview = page.getByTestId('repayment-preview');
  await expect(preview.getByTestId('repay-compensation')).toContainText('€0.00 — no compensation');
  // Two years to run: 1 % of 1,000 € is the cap, below the interest the amount would still bear.
  await expect(preview.getByTestId('repay-compensation-cap')).toContainText(
    'at most 1.0% of the amount repaid early (€10.00) because more than a year remains',
  );
});
