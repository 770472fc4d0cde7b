// The life of an advance used as a customer uses it (issue 37, points 8, 9, 10, 11 and 16), in the built app.
// A customer of her own holds two funds and a verified stock plan, made through the API; her advance is
// requested, pre-approved, signed with the SMS code, approved and paid out through the API too. In the
// browser she swaps the pledged fund for part of the other one (double-clicking the buttons that send the
// code and sign: one SMS, one swap), reads the timeline in Italian after switching language, finds the
// signed deed among her documents; another withdraws within 14 days, reads what will be taken from her cash
// before confirming (double-click: one withdrawal) and sees the advance and its contract as withdrawn.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { outboxMessage } from '../support/landing';
import { borrower, FUNDS, signedIn, smsCode, smsTo } from '../support/people';

/**
 * A customer with two settled funds of 12,000 €, a verified stock plan and a phone, and an active advance of
 * 6,000 € pledging the first fund, paid out today.
 */
async function borrowerWithAdvance(request: APIRequestContext) {
  const { email, phone, me, admin, lines } = await borrower(request, 'swap', { first: 'Elena', last: 'Ferri' });
  const advance = await me.post<{ id: number }>('/api/v1/advances/', {
    amount: '6000',
    instalments: 8,
    collateral: [lines.fund],
  });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/pre-approve/`);
  await me.post(`/api/v1/advances/${advance.id}/signature/`);
  await me.post(`/api/v1/advances/${advance.id}/sign/`, { code: await smsCode(phone, 'advance-contract') });
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/approve/`);
  await admin.post(`/api/v1/backoffice/advances/${advance.id}/disburse/`);
  return { email, phone, id: advance.id, ...lines };
}

/** How many SMS of a template went to a phone. */
const smsCount = async (phone: string, template: string) => (await smsTo(phone, template)).length;

test('a swap pledges only part of another fund, once, and its deed and words follow her', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const b = await borrowerWithAdvance(request);
  const page = await signedIn(browser, baseURL!, b.email, NEW_USER_PASSWORD);
  await page.goto(`/customer/loan/${b.id}/`);
  await expect(page.getByTestId('advance-status-active')).toBeVisible();

  await page.getByTestId('action-swap').click();
  await page.getByTestId(`swap-give-back-${b.fund}`).check();
  await page.getByTestId(`swap-pledge-${b.other}`).check();
  // What will be pledged, before any code: 6,000 € owed, part of the other fund.
  await expect(page.getByTestId('swap-amounts')).toContainText('The new collateral must secure €6,000.00');
  await expect(page.getByTestId(`swap-pledges-${b.other}`)).toContainText(/units, securing €6,000\.\d\d$/);
  await expect(page.getByTestId(`swap-pledges-${b.other}`)).toContainText(' of ');

  await page.getByTestId('swap-send-code').dblclick();
  const sms = await outboxMessage(b.phone, 'advance-swap');
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  await page.getByTestId('swap-panel').getByRole('textbox').first().pressSequentially(code);
  await page.getByTestId('swap-submit').dblclick();
  await expect(page.getByText('The collateral has been swapped.')).toBeVisible();
  expect(await smsCount(b.phone, 'advance-swap')).toBe(1);
  const collateral = page.getByTestId('advance-collateral');
  await expect(collateral).toContainText(FUNDS[1]);
  await expect(page.getByTestId('advance-timeline')).toContainText(
    'You swapped collateral: the new collateral secures €6,000.00.',
  );

  // Switching language rewords the history at once.
  await page.getByTestId('language-menu').filter({ visible: true }).click();
  await page.getByTestId('language-it-IT').filter({ visible: true }).click();
  await expect(page.getByTestId('advance-timeline')).toContainText(
    'Hai sostituito le garanzie: le nuove coprono 6.000,00 €.',
  );
  await expect(page.getByTestId('advance-timeline')).not.toContainText('You swapped');

  // The signed deed is among her documents, its type in words.
  await page.goto('/customer/document/');
  await expect(page.getByTestId('documents-table')).toContainText('Atto di sostituzione delle garanzie');
  await expect(page.getByTestId('documents-table')).toContainText('Contratto di anticipo');
  await expect(page.getByTestId('documents-table')).not.toContainText('advance_contract');
  await expect(page.getByTestId('documents-table')).not.toContainText('collateral_swap');
  await page.context().close();
});

test('a withdrawal says what it takes from cash, happens once, and the advance and contract read withdrawn', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const b = await borrowerWithAdvance(request);
  const page = await signedIn(browser, baseURL!, b.email, NEW_USER_PASSWORD);
  await page.goto(`/customer/loan/${b.id}/`);
  await expect(page.getByTestId('advance-figures')).toContainText('You can withdraw until');
  await page.getByTestId('action-withdraw').click();
  await page.getByTestId('withdraw').click();
  // Paid out today: the principal and the interest to today, named before she confirms.
  await expect(page.getByTestId('withdraw-confirm-message')).toHaveText(
    /^We take €6,000\.\d\d from your cash: €6,000\.00 of principal and €\d+\.\d\d of interest accrued to today\./,
  );
  await page.getByTestId('confirm-button').dblclick();
  await expect(page.getByTestId('advance-status-withdrawn')).toBeVisible();
  await expect(page.getByTestId('advance-status-repaid')).toHaveCount(0);
  await expect(page.getByTestId('advance-figures')).not.toContainText('You can withdraw until');
  await expect(page.getByTestId('action-withdraw')).toHaveCount(0);
  await expect(page.getByTestId('advance-timeline')).toContainText('You withdrew from the contract and repaid €6,000.');
  // Once: 40,000 − 24,000 invested + 6,000 paid out − 6,000.xx paid back.
  await page.goto('/customer/cash/');
  await expect(page.getByTestId('cash-available')).toHaveText(/^€15,99\d\.\d\d$|^€16,000\.00$/);

  await page.goto('/customer/document/');
  const contract = page.getByTestId('resource-row').filter({ hasText: 'Advance contract' });
  await expect(contract).toHaveCount(1);
  await expect(contract).toContainText('Withdrawn');
  await expect(contract).not.toContainText('Valid');
  await page.context().close();
});

test('the amount hint follows the ticked lines and the message names the maximum', async ({
  browser,
  baseURL,
  request,
}) => {
  const b = await borrowerWithAdvance(request);
  const page = await signedIn(browser, baseURL!, b.email, NEW_USER_PASSWORD);
  // An active advance is not a request in progress: she may ask for another against her free lines.
  await page.goto('/customer/loan/');
  const form = page.getByTestId('request-form');
  const plan = form.getByTestId(`collateral-${b.plan}`);
  const other = form.getByTestId(`collateral-${b.other}`);
  await expect(plan).toBeChecked();
  await expect(other).toBeChecked();
  const hint = () => form.getByText(/^From €5,000 to /);
  const both = (await hint().textContent()) ?? '';
  await other.uncheck();
  // The stock plan alone: 500 × 24 € × 30 % = 3,600 €, below the minimum.
  await expect(form).toContainText('Your collateral does not yet allow the minimum advance of €5,000.');
  await other.check();
  await plan.uncheck();
  await expect(hint()).not.toHaveText(both);
  const max = /to (€[\d,.]+)$/.exec((await hint().textContent()) ?? '')?.[1] ?? '';
  await page.getByTestId('request-amount').pressSequentially('900000');
  await expect(form).toContainText(`You have exceeded the maximum applicable advance amount of ${max}.`);
  await page.context().close();
});
