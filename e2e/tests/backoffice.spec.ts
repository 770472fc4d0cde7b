// The back-office end to end (issue 4): an operator lists users — sorts, filters, pages, reloads —
// selects every filtered user across pages minus two, exports them, is notified and downloads a real
// XLSX with exactly those rows; then blocks a user of this test, who can no longer sign in.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { registeredUser as registeredPerson } from '../support/accounts';

const ADMIN = 'admin@demo.lombard.test';
const DEMO_PASSWORD = 'Demo-pass-2026';
const PASSWORD = 'Lombard-e2e-2026!';

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie bar belongs to another feature: decide it up front so it covers no button here.
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await context.addCookies([
    { name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL as string },
    { name: 'lombard_language', value: 'en-US', url: baseURL as string },
  ]);
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/customer\//);
}

/** The total of "1–10 of 68", once the list has finished loading. */
async function total(page: Page): Promise<number> {
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  const text = (await page.getByTestId('range').textContent()) ?? '';
  return Number(/(\d[\d,.]*)\s*$/.exec(text)?.[1]?.replace(/[,.]/g, ''));
}

async function pickOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An activated account registered through the API, its activation link read from the outbox. */
const registeredUser = (request: APIRequestContext) =>
  registeredPerson(request, 'bo', { first: 'Ottavia', last: 'Blocchi', language: 'en' });

const signIn = (request: APIRequestContext, email: string) =>
  request.post('/api/account/token/auth/', { data: { email, password: PASSWORD, rememberMe: false } });

test('an operator sorts, filters and pages users, exports all of them but two, and downloads the XLSX', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, ADMIN, DEMO_PASSWORD);
  await page.getByTestId('nav-backoffice').click();
  await expect(page).toHaveURL(/\/customer\/backoffice\/users\/$/);
  const rows = page.getByTestId('resource-row');
  await expect(rows).toHaveCount(10);
  expect(await total(page)).toBeGreaterThanOrEqual(60);

  // Sorting by the header: ascending, then descending, kept in the URL.
  await page.getByTestId('sort-email').click();
  await expect(page).toHaveURL(/order_by__=email/);
  await expect(page.getByRole('columnheader', { name: /User/ })).toHaveAttribute('aria-sort', 'ascending');
  const ascendingFirst = await rows.first().getByTestId('open-row').textContent();
  await page.getByTestId('sort-email').click();
  await expect(page).toHaveURL(/order_by__=-email/);
  await expect(rows.first().getByTestId('open-row')).not.toHaveText(ascendingFirst ?? '');

  // A filter goes to the URL and back to page 1.
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('range')).toHaveText(/^11–20 of /);
  await pickOption(page, 'filter-profile', 'Customer');
  await expect(page).toHaveURL(/profile=customer/);
  await expect(page).not.toHaveURL(/page=2/);
  // The URL changes before the table refetches: until the filtered list arrives the table still shows
  // page 2 of every user ("11–20 of …"), so wait for the first page before reading its total.
  await expect(page.getByTestId('range')).toHaveText(/^1–10 of /);
  const customers = await total(page);
  expect(customers).toBeGreaterThan(10);

  // Smaller pages, the second one, and a reload that keeps everything.
  await pickOption(page, 'per-page', '5');
  await expect(rows).toHaveCount(5);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(rows).toHaveCount(5);
  await expect(page).toHaveURL(/profile=customer/);
  await expect(page.getByTestId('range')).toHaveText(new RegExp(`^6–10 of ${customers}$`));

  // Every filtered user across pages, minus two on this page.
  await page.getByTestId('page-checkbox').check();
  await page.getByTestId('select-all-results').click();
  await expect(page.getByTestId('selection-size')).toHaveText(`All ${customers} results selected`);
  const excluded = [
    (await rows.nth(0).getByTestId('open-row').textContent()) ?? '',
    (await rows.nth(1).getByTestId('open-row').textContent()) ?? '',
  ];
  await rows.nth(0).getByTestId('row-checkbox').uncheck();
  await rows.nth(1).getByTestId('row-checkbox').uncheck();
  await expect(page.getByTestId('selection-size')).toHaveText(`All ${customers - 2} results selected`);

  const before = Number(await page.getByTestId('notification-count').getAttribute('data-count'));
  await page.getByTestId('bulk-export').click();
  await expect(
    page.getByText('Operation in progress, you will receive a notification when it is completed'),
  ).toBeVisible();

  // The job runs in the background; the bell shows its notification.
  await expect
    .poll(async () => Number(await page.getByTestId('notification-count').getAttribute('data-count')), {
      timeout: 30_000,
    })
    .toBeGreaterThan(before);
  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').filter({ hasText: 'Your export is ready' }).first();
  await expect(item).toBeVisible();
  const downloading = page.waitForEvent('download');
  await item.click();
  const download = await downloading;
  // Stamped in the browser's zone, and named after it (the same zone as every time in the sheet).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(download.suggestedFilename()).toBe(
    `users-${download.suggestedFilename().slice(6, 23)}-${zone.replace(/[^A-Za-z0-9]+/g, '-')}.xlsx`,
  );
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}-\d{6}-/);
  await expect(page.getByText('Attachment download successfully')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path()) as string);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(2).value).toBe('E-mail');
  expect(sheet.rowCount - 1).toBe(customers - 2);
  const exported = Array.from({ length: sheet.rowCount - 1 }, (_, i) => String(sheet.getRow(i + 2).getCell(2).value));
  expect(exported.every((email) => email.length > 3)).toBe(true);
  // The two unticked rows show a name; their e-mails are under it. Neither is in the file.
  for (const label of excluded) {
    const email = /\S+@\S+/.exec(label)?.[0];
    expect(email).toBeTruthy();
    expect(exported).not.toContain(email);
  }
  expect(sheet.getRow(2).getCell(11).value).toBeInstanceOf(Date);
});

test('an operator blocks a user, who then cannot sign in; unblocking lets them back', async ({ page, request }) => {
  const email = await registeredUser(request);
  expect((await signIn(request, email)).status()).toBe(200);

  await logIn(page, ADMIN, DEMO_PASSWORD);
  await page.goto('/customer/backoffice/users/');
  await page.getByTestId('filter-search').fill(email);
  await expect(page).toHaveURL(/search=/);
  const rows = page.getByTestId('resource-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId('open-row').click();
  const drawer = page.getByTestId('user-drawer');
  await expect(drawer.getByTestId('user-email')).toHaveText(email);
  await drawer.getByTestId('drawer-block').click();
  await page.getByTestId('confirm-button').click();
  await expect(drawer.getByTestId('user-status')).toHaveText('Blocked');
  await expect(page.getByText('Data has been saved successfully')).toBeVisible();
  await expect(rows.first().getByTestId('user-status')).toHaveText('Blocked');

  // With the right password, a blocked user is told the account is disabled (never before it).
  const refused = await signIn(request, email);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('ACCOUNT_DISABLED');

  await drawer.getByTestId('drawer-unblock').click();
  await expect(drawer.getByTestId('user-status')).toHaveText('Active');
  expect((await signIn(request, email)).status()).toBe(200);

  // The user's audit trail shows both changes, newest first.
  await drawer.getByRole('link', { name: "See this user's audit trail" }).click();
  await expect(page).toHaveURL(/object_type=backoffice\.users&object_id=\d+/);
  const entries = page.getByTestId('resource-row');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Enabled');
  await expect(entries.nth(1)).toContainText('Disabled');
  await expect(entries.nth(0)).toContainText(ADMIN);
});
