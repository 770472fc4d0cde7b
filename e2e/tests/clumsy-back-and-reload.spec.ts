// Confirmations used the way people use them (issue 37): the confirmation page reloaded before confirming,
// the confirm button double-clicked, the browser's back button pressed after it went through, and the
// page reloaded again. Whatever the order, the order, the withdrawal and the advance request each happen
// once, and the page the person lands on says what happened.
import { expect, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { apiAs, borrower, FUNDS, signedIn, smsCode } from '../support/people';

type Customer = Awaited<ReturnType<typeof borrower>>;

/** How many of the customer's orders of a kind the server holds. */
async function orders(me: Customer['me'], kind: 'invest' | 'withdrawal') {
  const { results } = await me.get<{ results: Array<{ type: string }> }>('/api/v1/transactions/?per_page=100');
  return results.filter((t) => t.type === kind).length;
}

/** Back, then the page the browser shows settles: never the spent confirmation with a live button. */
async function backFrom(page: Page, spent: RegExp) {
  await page.goBack();
  await expect(page).not.toHaveURL(spent);
  await page.reload();
  await expect(page).not.toHaveURL(spent);
}

test('an order, a withdrawal and an advance request survive reloads, double-clicks and back, and happen once', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await borrower(request, 'back-reload', { first: 'Chiara', last: 'Rinaldi' });
  const me = await apiAs(request, customer.email, NEW_USER_PASSWORD);
  // A bank account of her own, verified, to withdraw to.
  await me.put('/api/v1/profile/bank-account/', { iban: 'IT60X0542811101000000123456', holder_name: 'Chiara Rinaldi' });
  const { contact: userId } = await me.get<{ contact: number }>('/api/account/me/');
  await customer.admin.post(`/api/v1/backoffice/kyc-reviews/${userId}/steps/bank-account/approve/`);
  const subscriptionsBefore = await orders(me, 'invest');
  const page = await signedIn(browser, baseURL!, customer.email, NEW_USER_PASSWORD);

  // The order: the confirmation reloaded, then confirmed with a double-click.
  await page.goto('/customer/product/');
  await page.getByTestId('product-card').filter({ hasText: FUNDS[1] }).click();
  await page.getByTestId('invest-button').click();
  await page.getByTestId('invest-amount').fill('5000');
  await page.getByTestId('method-cash').click();
  await page.getByTestId('invest-continue').click();
  await expect(page.getByTestId('order-summary')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('order-summary')).toContainText('5,000.00');
  await page.getByTestId('submit-order').dblclick();
  await expect(page).toHaveURL(/\/customer\/transaction\/$/);
  await backFrom(page, /confirm-order/);
  await expect(page.getByTestId('invest-page')).toBeVisible();
  expect(await orders(me, 'invest')).toBe(subscriptionsBefore + 1);

  // The withdrawal: the confirmation reloaded (it keeps the request), confirmed with a double-click.
  await page.goto('/customer/cash/');
  await page.getByTestId('withdrawal-amount').fill('250');
  await page.getByTestId('withdrawal-continue').click();
  await expect(page.getByTestId('confirm-amount')).toContainText('250.00');
  await page.reload();
  await expect(page.getByTestId('confirm-amount')).toContainText('250.00');
  await page.getByTestId('confirm-withdrawal-submit').dblclick();
  // Confirmed with the SMS code that names the amount and the IBAN, with a double-click too.
  await expect(page.getByTestId('withdrawal-confirmation-detail')).toContainText('€250.00');
  const code = await smsCode(customer.phone, 'withdrawal-code');
  await page.getByTestId('withdrawal-confirmation-code').locator('input').first().click();
  await page.keyboard.type(code!);
  await page.getByTestId('withdrawal-confirmation-submit').dblclick();
  await expect(page).toHaveURL(/\/customer\/cash\/$/);
  await backFrom(page, /confirm-cash/);
  expect(await orders(me, 'withdrawal')).toBe(1);

  // The advance request: reloaded on the confirmation, sent with a double-click, back, reload.
  await page.goto('/customer/loan/');
  await page.getByTestId('request-amount').fill('6000');
  await page.getByTestId('request-instalments').fill('10');
  await expect(page.getByTestId('request-preview')).toBeVisible();
  await page.getByTestId('request-continue').click();
  await expect(page.getByTestId('sum-amount')).toContainText('6,000.00');
  await page.reload();
  await expect(page.getByTestId('sum-amount')).toContainText('6,000.00');
  await page.getByTestId('loan-understood').check();
  await page.getByTestId('loan-submit').dblclick();
  await page.waitForURL(/\/customer\/loan\/\d+\/$/);
  await expect(page.getByTestId('advance-status-requestReceived')).toBeVisible();
  await backFrom(page, /confirm-loan/);
  const { results: advances } = await me.get<{ results: unknown[] }>('/api/v1/advances/');
  expect(advances).toHaveLength(1);
  await page.context().close();
});
