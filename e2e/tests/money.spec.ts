// Money end to end (issue 13), in the built app: the demo lead invests by bank transfer, the operator
// records the transfer and settles the order, and the lead — now a customer — finds the position in the
// portfolio, the transactions and the home page; the demo customer's disinvestment past the holding period
// credits cash once executed; a withdrawal reaches the back office and is executed. Both people are demo
// accounts no other browser test changes money for.
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, DEMO_PASSWORD, signedIn } from '../support/people';

/** The demo customer's authenticator secret, as the README publishes it. */
const DEMO_AUTHENTICATOR_SECRET = 'LOMBARDDEMOTOTPSECRETKEY23456723';

const LEAD = 'lead@demo.lombard.test';
const CUSTOMER = 'customer@demo.lombard.test';

/** The API's answer to a money request the page makes, to read what it says (reference, status). */
const answerTo = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));

/**
 * Confirms the back-office dialog that just opened. By its own button: a button found by name could be
 * the one that opened the dialog, if the dialog has not rendered yet, and the dialog's overlay then
 * takes every click meant for it.
 */
async function confirmDialog(page: Page) {
  await page.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
}

/** Ticks the back-office row that shows `text` and runs a bulk action on it. */
async function bulkOn(page: Page, text: string, action: string) {
  const row = page.getByTestId('resource-row').filter({ hasText: text });
  await row.getByTestId('row-checkbox').check();
  await page.getByTestId(`bulk-${action}`).click();
}

test.describe.configure({ mode: 'serial' });

test('a lead invests by bank transfer; the operator records the transfer and settles; the position shows everywhere', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const lead = await signedIn(browser, baseURL!, LEAD, DEMO_PASSWORD);
  // A product the demo lead does not hold and is not already waiting to pay for.
  await lead.goto('/customer/product/');
  const card = lead.getByTestId('product-card').filter({ hasText: 'Monetario Euro Plus' });
  await card.click();
  await lead.getByTestId('invest-button').click();
  await lead.getByTestId('invest-amount').fill('6000');
  await lead.getByTestId('method-transfer').click();
  await lead.getByTestId('invest-continue').click();
  await expect(lead.getByTestId('order-summary')).toBeVisible();
  const submitted = answerTo(lead, 'POST', /\/invest\/$/);
  await lead.getByTestId('submit-order').click();
  const order = await (await submitted).json();
  expect(order.status).toBe('awaiting_transfer');
  const instructions = lead.getByTestId('transfer-instructions');
  await expect(instructions).toContainText(order.reference_code);

  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD);
  await operator.goto('/customer/backoffice/transfers/');
  await operator.getByTestId('record-transfer').click();
  await operator.getByTestId('transfer-reference').fill(order.reference_code);
  await operator.getByTestId('transfer-amount').fill('6000');
  await operator.getByTestId('transfer-payer').fill('Luca Lombardi');
  await operator.getByTestId('transfer-submit').click();
  await expect(operator.getByTestId('transfer-outcome')).toBeVisible();

  // The orders waiting to be settled: those other tests placed and settled do not push it off page one.
  await operator.goto('/customer/backoffice/orders/?status=submitted');
  await bulkOn(operator, order.reference_code, 'settle');
  const settled = answerTo(operator, 'POST', /\/backoffice\/orders\/settle\/$/);
  await confirmDialog(operator);
  expect((await (await settled).json()).settled).toEqual([order.id]);

  // Settled: the lead became a customer; the position is in the portfolio, the list and the home page.
  await lead.goto('/customer/wallet/');
  const position = lead.getByTestId(`position-${order.product.id}`).filter({ visible: true });
  await expect(position).toContainText('Monetario Euro Plus');
  await lead.goto('/customer/transaction/');
  await expect(
    lead.getByTestId('resource-row').filter({ hasText: order.reference_code }).getByTestId('status-executed'),
  ).toBeVisible();
  await lead.goto('/customer/home/');
  await expect(lead.getByTestId('home-recent')).toContainText('Monetario Euro Plus');
  await expect(
    lead
      .getByTestId('nav-cash')
      .or(lead.getByRole('link', { name: 'Cash' }))
      .first(),
  ).toBeVisible();
  await lead.context().close();
  await operator.context().close();
});

test('a disinvestment after the holding period credits cash once executed, and a withdrawal is paid out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const customer = await signedIn(browser, baseURL!, CUSTOMER, DEMO_PASSWORD);
  /** The cash summary the cash page loads. */
  const cash = async () => {
    const answer = answerTo(customer, 'GET', /\/api\/v1\/cash\/$/);
    await customer.goto('/customer/cash/');
    return (await (await answer).json()) as { available: string };
  };

  // Cedola Trimestrale Europa: held since the summer, its 90-day holding period is over.
  await customer.goto('/customer/wallet/');
  const holding = customer.getByTestId('positions-table').getByRole('row').filter({ hasText: 'Cedola Trimestrale' });
  await holding.getByRole('link', { name: /disinvest/i }).click();
  await customer.getByTestId('disinvest-units').fill('10');
  const disinvested = answerTo(customer, 'POST', /\/disinvest\/$/);
  await customer.getByTestId('disinvest-submit').click();
  const sale = await (await disinvested).json();
  expect(sale.status).toBe('submitted');

  // The withdrawal: 100 € to the verified IBAN, through confirm-cash, confirmed with the demo customer's
  // authenticator app (its code computed here from the secret the README publishes, as the app would).
  const before = Number((await cash()).available);
  await customer.getByTestId('withdrawal-amount').fill('100');
  await customer.getByTestId('withdrawal-continue').click();
  await customer.getByTestId('confirm-withdrawal-submit').click();
  const detail = customer.getByTestId('withdrawal-confirmation-detail');
  await expect(detail).toContainText('€100.00');
  await expect(detail).toContainText('IT41 •••• •••• 2345');
  await expect(customer.getByText('Code from your authenticator app', { exact: true })).toBeVisible();
  const code = await generate({ secret: DEMO_AUTHENTICATOR_SECRET, epoch: Math.floor(Date.now() / 1000) });
  await customer.getByTestId('withdrawal-confirmation-code').locator('input').first().click();
  await customer.keyboard.type(code);
  const withdrawn = answerTo(customer, 'POST', /\/cash\/withdrawals\/$/);
  await customer.getByTestId('withdrawal-confirmation-submit').click();
  const withdrawal = await (await withdrawn).json();
  expect(withdrawal.status).toBe('submitted');

  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD);
  await operator.goto('/customer/backoffice/orders/?status=submitted');
  // Today's sale executes on the next working day, at that day's NAV: the operator is told it waits.
  // The one the customer placed last week is due: settling it credits the proceeds to cash.
  const due = operator
    .getByTestId('resource-row')
    .filter({ hasText: 'Corporate Bond Euro Semestrale' })
    .filter({ hasText: /disinvest/i });
  const dueReference = ((await due.first().textContent()) ?? '').match(/RF\d{2}O\d+/)?.[0] ?? '';
  expect(dueReference).not.toBe('');
  await due.first().getByTestId('row-checkbox').check();
  await operator
    .getByTestId('resource-row')
    .filter({ hasText: sale.reference_code })
    .getByTestId('row-checkbox')
    .check();
  const settled = answerTo(operator, 'POST', /\/backoffice\/orders\/settle\/$/);
  await operator.getByTestId('bulk-settle').click();
  await confirmDialog(operator);
  const outcome = await (await settled).json();
  expect(outcome.settled).toHaveLength(1);
  expect(outcome.skipped.map((s: { id: number }) => s.id)).toEqual([sale.id]);
  await expect(operator.getByText(outcome.skipped[0].reason)).toBeVisible();

  await operator.goto('/customer/backoffice/withdrawals/');
  await operator.getByTestId(`execute-${withdrawal.id}`).click();
  const executed = answerTo(operator, 'POST', new RegExp(`/withdrawals/${withdrawal.id}/execute/$`));
  await confirmDialog(operator);
  expect((await (await executed).json()).status).toBe('executed');

  // The customer's cash: the sale's proceeds in, the 100 € out; both in the history and the list.
  const listed = answerTo(customer, 'GET', /\/api\/v1\/transactions\/$/);
  await customer.goto('/customer/transaction/');
  const list = (await (await listed).json()) as { results: Array<{ reference_code: string; amount: string }> };
  const soldRow = customer.getByTestId('resource-row').filter({ hasText: dueReference });
  await expect(soldRow.getByTestId('status-executed')).toBeVisible();
  const amount = Number(list.results.find((row) => row.reference_code === dueReference)?.amount);
  expect(amount).toBeGreaterThan(0);
  const after = Number((await cash()).available);
  expect(after).toBeCloseTo(before - 100 + amount, 2);
  // The newest cash movement, from the ledger: the withdrawal paid out (the ledger holds only what is done).
  await expect(customer.getByTestId('cash-history-row').first()).toHaveAttribute('data-kind', 'withdrawal.execute');
  await customer.context().close();
  await operator.context().close();
});
