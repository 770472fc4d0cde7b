// Setting up the authenticator app in the browser: the server's QR code and the key to type by hand, the
// app's first code (computed here as an app would, from the key on screen), the recovery codes shown once;
// every state of the section passes axe. The confirmation of an order with the app is in the API tests.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { axeScan, WCAG_21_AA } from '../support/axe';
import { signedIn } from '../support/people';

test('a customer sets up the authenticator app and keeps the recovery codes', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const email = await registeredUser(request, 'authenticator');
  const page = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD);
  await page.goto('/customer/setting/');
  await page.getByTestId('authenticator-start').click({ timeout: 60_000 });
  const key = page.getByTestId('authenticator-secret');
  await expect(key).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect((await axeScan(page).withTags(WCAG_21_AA).analyze()).violations).toEqual([]);

  const secret = (await key.textContent())!.replaceAll(' ', '');
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  await page.getByTestId('authenticator-first-code').locator('input').first().click();
  await page.keyboard.type(code);
  await page.getByTestId('authenticator-confirm').click();
  const codes = page.getByTestId('authenticator-recovery-codes');
  await expect(codes.locator('code')).toHaveCount(10);
  expect((await axeScan(page).withTags(WCAG_21_AA).analyze()).violations).toEqual([]);
  await page.getByTestId('authenticator-recovery-done').click();
  await expect(codes).toBeHidden();
  await expect(page.getByTestId('authenticator-disable')).toBeVisible();
  // Shown once: after a reload the section says the app is set up, and no code is on screen.
  await page.reload();
  await expect(page.getByTestId('authenticator-disable')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('authenticator-recovery-codes')).toHaveCount(0);
  await page.context().close();
});
