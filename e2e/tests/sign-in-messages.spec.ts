// Messages a person can act on (issue 10): the strength meter on registration, the wait after too many
// wrong passwords, and "not confirmed yet" with a button that sends the activation link again.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { outboxFolder } from '../support/outbox-folder';

const PASSWORD = 'Lombard-e2e-2026!';
let counter = 0;
const uniqueEmail = (label: string) => `e2e-signin-${label}-${Date.now()}-${process.pid}-${++counter}@example.com`;

/** How many e-mails of a template the outbox has written to an address. */
async function outboxCount(email: string, template: string): Promise<number> {
  const folder = outboxFolder();
  const names = (await readdir(folder).catch(() => [] as string[])).filter(
    (n) => n.endsWith('.json') && n.includes(template),
  );
  let count = 0;
  for (const name of names) {
    const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as { recipient: string };
    if (message.recipient === email) count += 1;
  }
  return count;
}

test.beforeEach(async ({ context, baseURL }) => {
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await context.addCookies([{ name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL as string }]);
});

async function logIn(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('the registration form rates the password while typing and refuses one too easy to guess', async ({ page }) => {
  await page.goto('/auth/register-account/');
  await page.getByTestId('register-first-name').fill('Giulia');
  await page.getByTestId('register-last-name').fill('Marino');
  await page.getByTestId('register-email').fill(uniqueEmail('meter'));
  const meter = page.getByTestId('register-password-strength');
  await page.getByTestId('register-password').fill('Lombard2026');
  await expect(meter).toContainText('troppo facile da indovinare');
  await page.getByTestId('register-password-confirm').fill('Lombard2026');
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-privacy').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(/^Questa password è troppo facile da indovinare/)).toBeVisible();

  await page.getByTestId('register-password').fill(PASSWORD);
  await expect(meter).not.toContainText('troppo facile da indovinare');
  await expect(meter).toContainText('Robustezza:');
});

test('after too many wrong passwords the login page says when to try again', async ({ page, request }) => {
  const email = uniqueEmail('throttled');
  for (let i = 0; i < 4; i++) {
    const res = await request.post('/api/account/token/auth/', { data: { email, password: `wrong-${i}` } });
    expect(res.status()).toBe(401);
  }
  await page.goto('/auth/login/');
  await logIn(page, email, 'wrong-again');
  const alert = page.getByTestId('login-throttled');
  await expect(alert).toContainText(
    "Hai superato il numero massimo di tentativi. Contatta l'assistenza. Potrai riprovare tra 1 minuto",
  );
  await expect(alert.getByRole('link', { name: 'Reimposta la password' })).toBeVisible();
});

test('the right password on an account not confirmed yet offers to send the link again', async ({ page, request }) => {
  const email = uniqueEmail('pending');
  const registered = await request.post('/api/account/registration/', {
    data: {
      email,
      password: PASSWORD,
      password_confirm: PASSWORD,
      first_name: 'Pia',
      last_name: 'Conti',
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    },
  });
  expect(registered.ok()).toBe(true);
  await expect.poll(() => outboxCount(email, 'account_activation'), { timeout: 15_000 }).toBe(1);

  await page.goto('/auth/login/');
  await logIn(page, email, PASSWORD);
  await expect(page.getByTestId('login-not-activated')).toContainText(
    'non hai ancora confermato il tuo indirizzo email',
  );
  await page.getByTestId('login-resend').click();
  await expect(page.getByTestId('login-resend-done')).toHaveText(
    "Se l'indirizzo appartiene a un account ancora da attivare, gli abbiamo inviato un nuovo link di attivazione.",
  );
  await expect.poll(() => outboxCount(email, 'account_activation'), { timeout: 15_000 }).toBe(2);
});
