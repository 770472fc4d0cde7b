// The operator's settings as a person edits them, in Italian: a rate typed wrong is refused under its
// field and nothing is saved; a price list dated in the future is added, saved with a double-click (one
// change in the audit log), kept by a reload and shown as scheduled, then removed again. Only a future
// price list is touched: the tests running beside this one see the same rates and limits throughout.
import { expect, test } from '@playwright/test';
import { ADMIN, apiAs, DEMO_PASSWORD, signedIn } from '../support/people';

const SETTINGS = '/customer/backoffice/settings/';
const FUTURE = '2999-01-01';

test('an operator schedules a price list, clumsily, and takes it back', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const admin = await apiAs(request, ADMIN, DEMO_PASSWORD);
  const audited = async () =>
    (await admin.get<{ count: number }>('/api/v1/backoffice/audit-log/?object_type=settings&per_page=1')).count;
  const before = await audited();

  const page = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD, 'it-IT');
  await page.goto(SETTINGS);
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Sezioni del back-office' });
  await expect(sections.getByRole('link', { name: 'Impostazioni' })).toHaveAttribute('aria-current', 'page');
  const current = page.getByTestId('settings-schedule-0');
  await expect(current.getByText('In vigore', { exact: true })).toBeVisible();
  await expect(current.getByRole('textbox', { name: 'Tasso annuo' }).first()).toHaveValue('4,90');

  // A new price list starts as a copy of the latest one; its date and first rate are typed over.
  await page.getByRole('button', { name: 'Nuovo listino' }).click();
  const added = page.getByTestId('settings-schedule-1');
  await added.getByRole('textbox', { name: 'In vigore dal' }).fill(FUTURE);
  const rate = added.getByRole('textbox', { name: 'Tasso annuo' }).first();
  await rate.click({ clickCount: 3 });
  await page.keyboard.type('90');
  await rate.blur();
  await expect(added.getByText('Inserisci un tasso annuo maggiore di 0 e fino al 25%.')).toBeVisible();
  await page.getByTestId('settings-save').click();
  expect(await audited()).toBe(before);

  await rate.click({ clickCount: 3 });
  await page.keyboard.type('3,75');
  await expect(added.getByText('Inserisci un tasso annuo maggiore di 0 e fino al 25%.')).toHaveCount(0);
  await page.getByTestId('settings-save').dblclick();
  await expect(page.getByText('Impostazioni salvate. I clienti le vedono da adesso.').first()).toBeVisible();
  await expect.poll(audited).toBe(before + 1);

  await page.reload();
  const scheduled = page.getByTestId('settings-schedule-1');
  await expect(scheduled.getByText('Programmato')).toBeVisible();
  await expect(scheduled.getByRole('textbox', { name: 'In vigore dal' })).toHaveValue(FUTURE);
  await expect(scheduled.getByRole('textbox', { name: 'Tasso annuo' }).first()).toHaveValue('3,75');
  // Customers still get today's rates.
  const config = await (await request.get('/api/get-global-config/')).json();
  expect(config.advance_rate_bands.bands[0].annual_rate).toBe('0.0490');

  await scheduled.getByRole('button', { name: 'Rimuovi listino' }).click();
  await page.getByTestId('settings-save').click();
  await expect.poll(audited).toBe(before + 2);
  await expect(page.getByTestId('settings-schedule-1')).toHaveCount(0);
  const saved = await admin.get<{ rate_schedules: unknown[] }>('/api/v1/backoffice/settings/');
  expect(saved.rate_schedules).toHaveLength(1);
  await page.context().close();
});
