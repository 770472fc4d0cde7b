// A new person's first steps (issue 37): after the first sign-in the funds page asks them to complete the
// profile; an invest address says why they cannot invest yet and where to go, instead of a refusal from
// the server; the activation link opened again says the account is already active and offers sign-in.
import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { linkIn, outboxMessage } from '../support/landing';

test.beforeEach(async ({ context, baseURL }) => {
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await context.addCookies([{ name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL as string }]);
});

test('a base user is asked to complete the profile, and an invest address explains why it cannot be used yet', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await registeredUser(request, 'first-steps');
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(NEW_USER_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/customer\/product\//);
  await expect(page.getByTestId('complete-profile-funds')).toContainText('Completa il tuo profilo');

  const refusals: number[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusals.push(response.status());
  });
  await page.goto('/customer/product/1/confirm-order/?amount=25000.00&payment_method=bank_transfer');
  await expect(page.getByTestId('complete-profile-invest')).toContainText('Non puoi ancora investire');
  await page.goto('/customer/product/1/invest/');
  await expect(page.getByTestId('complete-profile-invest')).toBeVisible();
  await expect(page.getByTestId('invest-continue')).toBeDisabled();
  await page.getByTestId('complete-profile-link').click();
  await page.waitForURL(/\/customer\/profile\//);
  // No toast of a refusal anywhere on the way: nothing asked the server for what it would refuse.
  expect(refusals).toEqual([]);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test('the activation link opened again says the account is already active and offers sign-in', async ({
  page,
  request,
}) => {
  const email = await registeredUser(request, 'reactivate');
  const message = await outboxMessage(email, 'account_activation');
  await page.goto(new URL(linkIn(message)).pathname);
  await expect(page.getByTestId('activation-already-active')).toContainText('già attivo');
  await expect(page.getByText('Errore durante la verifica')).toHaveCount(0);
  await page.getByTestId('activation-login').click();
  await page.waitForURL(/\/auth\/login\//);
});
