// Cash advances end to end (issue 14), in the built app. A customer of her own (the demo customer's cash
// and positions belong to the money journey, which may run beside this one), made through the API as
// people and operators make one: registered, given the customer profile, phone verified, two bond funds
// bought from cash and settled, a stock plan registered and verified. In the browser she asks for an
// advance against one fund and the stock plan, checks the SECCI's APR against the screen, confirms; the
// operator pre-approves; she signs with the code from the SMS outbox; the operator approves and records
// the disbursement; she sees the cash and the schedule, repays part early after reading the recomputed
// schedule and APR, then all of it, and the collateral is free again.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { outboxMessage } from '../support/landing';
import { pdfText } from '../support/pdf-text';
import { ADMIN, borrower, DEMO_PASSWORD, FUNDS, signedIn } from '../support/people';

/** The operator takes a decision on the advance's back-office page and sees its new status. */
async function decide(operator: Page, decision: string, status: string) {
  await operator.getByTestId(`decision-${decision}`).click();
  await operator.getByTestId('confirm-button').click();
  await expect(operator.getByTestId('advance-review').getByTestId(`advance-status-${status}`)).toBeVisible();
}

/** The advance's page as the customer opens it again (a booked repayment shows on the next load). */
async function reopen(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000 });
}

test('a customer borrows against a fund and stock units, signs, is paid out, repays early and gets the collateral back', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const { email, phone, lines } = await borrower(request, 'advance', { first: 'Giulia', last: 'Marchetti' });
  const customer = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD);

  // loan/: the three lines free; she pledges the first fund and the stock plan, not the second fund.
  await customer.goto('/customer/loan/');
  await expect(customer.getByTestId('power-lines').locator('tbody tr')).toHaveCount(3);
  await expect(customer.getByTestId('power-lines')).not.toContainText('Already pledged');
  const picks = customer.getByTestId('request-collateral');
  for (const line of [lines.fund, lines.plan]) await expect(picks.getByTestId(`collateral-${line}`)).toBeChecked();
  await picks.getByRole('checkbox', { name: FUNDS[1] }).uncheck();
  await customer.getByTestId('request-amount').fill('10000');
  await customer.getByTestId('request-instalments').fill('12');
  await expect(customer.getByTestId('request-preview')).toBeVisible();
  await customer.getByTestId('request-continue').click();

  // confirm-loan: the SECCI prints the APR the screen shows.
  await expect(customer.getByTestId('sum-amount')).toHaveText('€10,000.00');
  const apr = (await customer.getByTestId('sum-apr').textContent())?.trim() ?? '';
  expect(apr).toMatch(/^\d+\.\d{2}\s?%$/);
  await expect(customer.getByTestId('loan-collateral')).toContainText(FUNDS[0]);
  await expect(customer.getByTestId('loan-collateral')).toContainText('Aurora Energia');
  await expect(customer.getByTestId('loan-collateral')).not.toContainText(FUNDS[1]);
  const download = customer.waitForEvent('download');
  await customer.getByTestId('secci-download').click();
  const secci = pdfText(await readFile(await (await download).path()));
  expect(secci).toContain('10,000.00');
  expect(secci.replace(/\s/g, '')).toContain(apr.replace(/\s/g, ''));
  await customer.getByTestId('loan-understood').check();
  await customer.getByTestId('loan-submit').click();
  await customer.waitForURL(/\/customer\/loan\/\d+\/$/);
  const advanceId = Number(/\/loan\/(\d+)\/$/.exec(customer.url())?.[1]);
  await expect(customer.getByTestId('advance-status-requestReceived')).toBeVisible();

  // The operator pre-approves: the contract is issued and she can sign it.
  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD);
  await operator.goto('/customer/backoffice/advances/');
  // No income declared: nothing to divide the yearly interest by, so the request waits flagged for review.
  const listed = operator.getByTestId('resource-row').filter({ hasText: 'Giulia Marchetti' });
  await expect(listed.getByTestId(`flagged-${advanceId}`)).toBeVisible();
  await listed.click();
  await operator.waitForURL(new RegExp(`/backoffice/advances/${advanceId}/$`));
  await expect(operator.getByTestId('credit-flagged')).toBeVisible();
  await decide(operator, 'pre-approve', 'readyToSign');

  await customer.reload();
  await expect(customer.getByTestId('advance-status-readyToSign')).toBeVisible();
  await customer.getByTestId('action-sign').click();
  await customer.getByTestId('send-code').click();
  const sms = await outboxMessage(phone, 'advance-contract');
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  await customer.getByTestId('contract-code').locator('input').first().fill(code);
  await customer.getByTestId('sign-contract').click();
  await expect(customer.getByText('Contract signed')).toBeVisible();
  await expect(customer.getByTestId('advance-status-pendingVerification')).toBeVisible();

  // The operator approves and records the disbursement.
  await operator.reload();
  await decide(operator, 'approve', 'moneyOnTheWay');
  await decide(operator, 'disburse', 'active');
  await operator.context().close();

  // The pledged lines are marked on loan/; 16,000 € of cash left after the two funds, plus the advance.
  await customer.goto('/customer/loan/');
  for (const line of [lines.fund, lines.plan]) {
    await expect(customer.getByTestId(`power-line-${line}`)).toContainText('Already pledged');
  }
  await expect(customer.getByTestId('request-collateral').getByRole('checkbox')).toHaveCount(1);
  await customer.goto('/customer/cash/');
  await expect(customer.getByTestId('cash-available')).toHaveText('€26,000.00');
  await customer.goto(`/customer/loan/${advanceId}/`);
  await expect(customer.getByTestId('advance-status-active')).toBeVisible();
  await expect(customer.getByTestId('advance-outstanding')).toHaveText('€10,000.00');
  await expect(customer.getByTestId('advance-schedule')).toContainText('12 quarterly instalments');
  await expect(customer.getByTestId('advance-schedule').getByTestId('instalment-12')).toContainText('€10,');

  // A partial repayment: the recomputed schedule and APR first, then the answer in her language.
  await customer.getByTestId('action-repay').click();
  await customer.getByTestId('repay-amount').fill('4000');
  await expect(customer.getByTestId('repay-after')).toHaveText('€6,000.00');
  await expect(customer.getByTestId('repay-apr')).toHaveText(/^\d+\.\d{2}\s?%$/);
  await expect(customer.getByTestId('repay-schedule').getByTestId('instalment-12')).toContainText('€6,');
  await customer.getByTestId('repay-submit').click();
  // Booked, not yet done: the repayment job does it, and the customer is told then.
  await expect(
    customer.getByText('Your repayment of €4,000.00 is booked: we will tell you when it is done.'),
  ).toBeVisible();
  await reopen(customer, () => expect(customer.getByTestId('advance-outstanding')).toHaveText('€6,000.00'));
  await expect(customer.getByTestId('advance-paid-back')).toHaveText('€4,000.00');

  // Then all of it: the advance ends and the pledged lines come back.
  await customer.getByTestId('action-repay').click();
  await customer.getByTestId('repay-all').click();
  await expect(customer.getByTestId('repay-after')).toHaveText('€0.00');
  await customer.getByTestId('repay-submit').click();
  await expect(
    customer.getByText('Your repayment of €6,000.00 is booked: we will tell you when it is done.'),
  ).toBeVisible();
  await reopen(customer, () => expect(customer.getByTestId('advance-status-repaid')).toBeVisible());

  await customer.goto('/customer/loan/');
  await expect(customer.getByTestId('power-lines').locator('tbody tr')).toHaveCount(3);
  await expect(customer.getByTestId('power-lines')).not.toContainText('Already pledged');
  for (const line of [lines.fund, lines.plan]) await expect(customer.getByTestId(`collateral-${line}`)).toBeChecked();
  await customer.context().close();
});
