// The customer's own data in the built app (issue 40). In Italian: a customer asks for a copy of her data in
// the settings, waits until the page offers it, downloads it once (a ZIP with her data and its README), and
// a second download, from another tab still showing the button, is refused with a clear message. In English
// for the customer and Italian for the operator: a customer with no money asks to close her account, an
// operator completes it on the closure queue (the page scanned by axe with the request on it, the
// confirmation double-clicked), and the customer can no longer sign in.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { axeScan, WCAG_21_AA } from '../support/axe';
import { setVisitor } from '../support/landing';
import { ADMIN, DEMO_PASSWORD, signedIn } from '../support/people';
import { zipEntries } from '../support/zip';

test('a copy of my data, prepared, downloaded once, then refused', async ({ browser, baseURL, request }) => {
  test.setTimeout(150_000);
  const email = await registeredUser(request, 'data-copy', { first: 'Chiara', last: 'Gallo', language: 'it' });
  const page = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD, 'it-IT');
  await page.goto('/customer/setting/');
  // The app starts slowly on a busy machine: the first thing shown gets the time the other journeys give it.
  await expect(page.getByRole('heading', { name: 'I tuoi dati' })).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('data-export-request').click();
  await expect(page.getByText('Stiamo preparando la copia: ti avviseremo quando sarà pronta.')).toBeVisible();
  // Prepared by a job; the page asks again while it waits and offers the download once it is ready.
  const download = page.getByTestId('data-export-download');
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText(/La copia è pronta: si può scaricare una sola volta, entro il \d{2}\/\d{2}\/\d{4}/),
  ).toBeVisible();

  // Another tab opened before the download still shows the button.
  const other = await page.context().newPage();
  await other.goto('/customer/setting/');
  await expect(other.getByTestId('data-export-download')).toBeVisible({ timeout: 60_000 });

  const saved = page.waitForEvent('download');
  await download.click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^lombard-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = zipEntries(await readFile((await file.path())!));
  for (const name of ['README.md', 'profile.json', 'orders.json', 'ledger.json', 'consents.json', 'sign-ins.json']) {
    expect([...entries.keys()]).toContain(name);
  }
  const profile = JSON.parse(entries.get('profile.json')!.toString('utf8'));
  expect(profile.account.email).toBe(email);
  expect(entries.get('README.md')!.toString('utf8')).toContain('profile.json');
  await expect(
    page.getByText("Hai già scaricato l'ultima copia. Puoi chiederne una nuova una volta al giorno."),
  ).toBeVisible();
  await expect(page.getByTestId('data-export-download')).toHaveCount(0);

  // The stale tab tries again: refused, and told why.
  await other.getByTestId('data-export-download').click();
  await expect(
    other.getByText('Questa copia dei tuoi dati non è più disponibile: è già stata scaricata oppure è scaduta.', {
      exact: false,
    }),
  ).toBeVisible();
  await page.context().close();
});

test('a customer with no money asks to close; an operator completes it; sign-in ends', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const email = await registeredUser(request, 'closure', { first: 'Laura', last: 'Mancini', language: 'en' });
  const customer = await signedIn(browser, baseURL!, email, NEW_USER_PASSWORD, 'en-US');
  await customer.goto('/customer/setting/');
  await customer.getByTestId('closure-request').click({ timeout: 60_000 });
  const ask = customer.getByRole('dialog', { name: 'Close your account?' });
  await expect(ask).toContainText('What we keep and why');
  await ask.getByLabel('Reason (optional)').fill('Moving to Lisbon');
  await ask.getByTestId('closure-confirm').click();
  await expect(
    customer.getByText('You asked to close your account: an operator will complete it and confirm.'),
  ).toBeVisible();
  await customer.context().close();

  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD, 'it-IT');
  await operator.goto('/customer/backoffice/');
  await operator.getByTestId('backoffice-section-closures').click({ timeout: 60_000 });
  await expect(operator.getByRole('heading', { level: 1, name: 'Chiusure conto' })).toBeVisible();
  const request_ = operator.getByRole('listitem').filter({ hasText: email });
  await expect(request_).toContainText('Laura Mancini');
  await expect(request_).toContainText('Moving to Lisbon');
  await expect(request_).toContainText('Non resta nulla: si può chiudere');

  const scan = await axeScan(operator).withTags(WCAG_21_AA).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await request_.getByRole('button', { name: 'Completa la chiusura' }).click();
  const confirm = operator.getByRole('dialog', { name: 'Completare questa chiusura?' });
  await expect(confirm).toContainText('Il conto di Laura Mancini sarà chiuso');
  await confirm.getByRole('button', { name: 'Completa la chiusura' }).dblclick();
  await expect(operator.getByText('Conto chiuso. Il cliente non può più accedere.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(operator.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  const closed = operator.getByRole('region', { name: 'Completate di recente' }).getByRole('listitem').first();
  await expect(closed).toContainText('Conto chiuso n.');
  await expect(closed).toContainText('Dati identificativi conservati fino al');
  await operator.context().close();

  // The customer comes back: the sign-in page refuses her, in her language.
  const context = await browser.newContext({ locale: 'en-US' });
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(email, { timeout: 60_000 });
  await page.getByTestId('login-password').fill(NEW_USER_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Unable to log in with the e-mail and password provided.')).toBeVisible();
  await context.close();
});
