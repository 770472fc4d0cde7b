// The advance calculator on the landing home: right figures for a known input, and the validation
// messages for 0, 1,000,001 and 41 instalments.
import { addMonths } from '@lombard/shared/money/advance-calculator';
import { expect, type Page, test } from '@playwright/test';
import { setVisitor, untilIslandInteractive } from '../support/landing';

function todayIso() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const itDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

// Typing into the calculator while the page is still hydrating is the before-hydration tests' subject;
// these test the figures and messages of a page the visitor has had open for a moment.
async function openCalculator(page: Page) {
  await page.goto('/home/');
  await page.getByTestId('hero-calculate').click();
  await expect(page.getByTestId('advance-calculator')).toBeVisible();
  await untilIslandInteractive(page, page.getByTestId('calculator-amount'));
}

async function enter(page: Page, amount: string, instalments: string) {
  await page.getByTestId('calculator-amount').fill(amount);
  await page.getByTestId('calculator-instalments').fill(instalments);
}

test('50,000 over 8 quarterly instalments: interest, maturity, rates and schedule (English)', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await openCalculator(page);
  await enter(page, '50000', '8');
  // 50,000 × 4.40 % / 4 = 550.00 per quarter; × 8 = 4,400.00. APR by the directive's equation on the dated
  // schedule: between 4.4725 % and 4.4738 % whatever today is (quarters of 89 to 92 days), so 4.47 %.
  await expect(page.getByTestId('calc-quarterly')).toHaveText('€550.00');
  await expect(page.getByTestId('calc-total-interest')).toHaveText('€4,400.00');
  await expect(page.getByTestId('calc-total-repayable')).toHaveText('€54,400.00');
  await expect(page.getByTestId('calc-rate')).toHaveText('4.40%');
  await expect(page.getByTestId('calc-apr')).toHaveText('4.47%');
  const start = todayIso();
  await expect(page.getByTestId('calc-maturity')).toHaveText(usDate(addMonths(start, 24)));

  const schedule = page.getByTestId('calculator-schedule');
  await page.getByTestId('calculator-schedule-toggle').click();
  const rows = schedule.locator('tbody tr');
  await expect(rows).toHaveCount(8);
  for (let n = 1; n <= 8; n++) {
    await expect(
      rows
        .nth(n - 1)
        .locator('td')
        .nth(0),
    ).toHaveText(String(n));
    await expect(
      rows
        .nth(n - 1)
        .locator('td')
        .nth(1),
    ).toHaveText(usDate(addMonths(start, 3 * n)));
  }
  await expect(rows.nth(7).locator('td').last()).toHaveText('€50,550.00');
});

test('the same quote in Italian formats figures the Italian way', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await openCalculator(page);
  await enter(page, '10000', '40');
  // 10,000 × 4.90 % / 4 = 122.50; × 40 = 4,900.00; APR 4.9901 % to 4.9915 % by start date, so 4.99 %; 10 years.
  await expect(page.getByTestId('calc-quarterly')).toHaveText('122,50 €');
  await expect(page.getByTestId('calc-total-interest')).toHaveText('4.900,00 €');
  await expect(page.getByTestId('calc-rate')).toHaveText('4,90%');
  await expect(page.getByTestId('calc-apr')).toHaveText('4,99%');
  await expect(page.getByTestId('calc-maturity')).toHaveText(itDate(addMonths(todayIso(), 120)));
});

test('rejects 0, 1,000,001 and 41 instalments with the range messages', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await openCalculator(page);
  const calculator = page.getByTestId('advance-calculator');
  // The calculator's ceiling is the bank's maximum advance from the configuration (500,000 in the demo).
  const amountMessage = 'Enter an amount between €5,000 and €500,000.';
  const instalmentsMessage = 'Number of instalments: greater than 0, maximum 40.';

  await enter(page, '0', '8');
  await expect(calculator).toContainText(amountMessage);
  await expect(page.getByTestId('calc-quarterly')).toHaveText('—');
  await expect(page.getByTestId('calculator-amount')).toHaveAttribute('aria-invalid', 'true');

  await enter(page, '1000001', '8');
  await expect(calculator).toContainText(amountMessage);

  await enter(page, '500000', '41');
  await expect(calculator).not.toContainText(amountMessage);
  await expect(calculator).toContainText(instalmentsMessage);
  await expect(page.getByTestId('calc-quarterly')).toHaveText('—');

  // Below the minimum advance: "Minimum advance amount is {minimumInvestment}".
  await enter(page, '4000', '4');
  await expect(calculator).toContainText('Minimum advance amount is €5,000.');

  await enter(page, '500000', '40');
  await expect(calculator).not.toContainText(instalmentsMessage);
  await expect(page.getByTestId('calc-quarterly')).toHaveText('€4,875.00');
});

test('the Italian messages', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await openCalculator(page);
  await enter(page, '0', '41');
  const calculator = page.getByTestId('advance-calculator');
  await expect(calculator).toContainText('Inserisci un importo tra 5.000 € e 500.000 €.');
  await expect(calculator).toContainText('Numero di rate: maggiore di 0, massimo 40.');
});

test('an amount typed with its thousands separator is read as the language writes it', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await openCalculator(page);
  const amount = page.getByTestId('calculator-amount');
  // An Italian writes fifty thousand as 50.000: the point groups thousands, the comma starts the cents.
  await amount.fill('');
  await amount.pressSequentially('50.000,5');
  await expect(amount).toHaveValue('50.000,5');
  await page.getByTestId('calculator-instalments').fill('8');
  await expect(page.getByTestId('calc-quarterly')).toHaveText('550,01 €');
});

test('at 375 px in English every schedule column, Total included, is on screen', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.setViewportSize({ width: 375, height: 812 });
  await openCalculator(page);
  // The largest amount the calculator takes: the bank's maximum advance (500,000 in the demo).
  await enter(page, '500000', '40');
  await page.getByTestId('calculator-schedule-toggle').click();
  const schedule = page.getByTestId('calculator-schedule');
  await expect(schedule.locator('tbody tr')).toHaveCount(40);
  // The widest figure is on the last row (the principal comes back with the last instalment).
  const total = schedule.locator('tbody tr').last().locator('td').last();
  await expect(total).toHaveText(/^€50\d,\d{3}\.\d{2}$/);
  // Horizontally inside the phone's width: nothing cut off, nothing to scroll sideways for.
  for (const cell of [schedule.getByRole('columnheader', { name: 'Total' }), total]) {
    const box = await cell.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
});
