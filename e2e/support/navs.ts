// An operator recording a fund's NAV in the back office's product form, as the journeys that move the demo's
// prices do (the `prices` project of playwright.config.ts): the form of one fund, its latest NAV, a new one.
import { expect, type Locator, type Page } from '@playwright/test';

/** The latest working day up to today: the day an operator may record a NAV for. */
export function navDay(): string {
  const day = new Date();
  while ([0, 6].includes(day.getDay())) day.setDate(day.getDate() - 1);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The NAV form of a fund, opened from the back office's product list by an operator's page. */
export async function navForm(operator: Page, fund: string): Promise<Locator> {
  await operator.goto('/customer/backoffice/products/');
  await operator
    .getByRole('button', { name: new RegExp(fund) })
    .first()
    .click();
  return operator.getByTestId('admin-nav-form');
}

const newestRow = (form: Locator) => form.getByTestId('admin-recent-navs').locator('tbody tr').first();

/** The newest NAV the form lists, as a plain decimal string. */
export async function latestNav(form: Locator): Promise<string> {
  return (await newestRow(form).locator('td').last().innerText()).replace(/,/g, '');
}

/** Records `nav` for the latest working day and waits until the form lists it (the operator's page is in English). */
export async function recordNav(form: Locator, nav: string) {
  await form.getByLabel('Day').fill(navDay());
  await form.getByTestId('admin-nav-value').fill(nav);
  await form.getByTestId('admin-nav-save').click();
  await expect(newestRow(form)).toContainText(Number(nav).toLocaleString('en-US', { minimumFractionDigits: 6 }));
}
