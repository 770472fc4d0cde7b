// Staged alerts in the built app (docs/decisions/038): the demo customer ranks her remedies in settings;
// an operator records a lower NAV of the equity fund pledged to her advance in the back office, so that
// her loan crosses the warning before the margin-call limit; she sees the warning on her advance page and
// among her notifications. The advance page in the warning state passes the WCAG 2.1 AA rules.
import { expect, test } from '@playwright/test';
import { axeScan, WCAG_21_AA } from '../support/axe';
import { latestNav, navForm, recordNav } from '../support/navs';
import { ADMIN, DEMO_PASSWORD, signedIn } from '../support/people';

const CUSTOMER = 'customer@demo.lombard.test';
const EQUITY = 'Azionario Globale Sostenibile';

test('a lower NAV crosses the warning: the customer who ranked her remedies is warned', async ({
  browser,
  baseURL,
}) => {
  // Two people, three screens and a background check: longer than one journey's default.
  test.setTimeout(240_000);
  const customer = await signedIn(browser, baseURL!, CUSTOMER, DEMO_PASSWORD);

  // She puts selling pledged units before pledging more, with the buttons (no dragging).
  await customer.goto('/customer/setting/');
  const methods = customer.getByTestId('ranking-methods').getByRole('listitem');
  await expect(methods).toHaveCount(3);
  await expect(methods.nth(2)).toContainText('Sell pledged units');
  await customer.getByRole('button', { name: 'Move Sell pledged units up' }).click();
  await expect(methods.nth(1)).toContainText('Sell pledged units');
  await customer.getByTestId('ranking-save').click();
  await expect(customer.getByText('Ranking saved.')).toBeVisible();
  await customer.reload();
  await expect(customer.getByTestId('ranking-methods').getByRole('listitem').nth(1)).toContainText(
    'Sell pledged units',
  );

  await customer.goto('/customer/home/');
  await customer.getByTestId('home-advance-card').getByRole('link', { name: 'Open the advance' }).click();
  await expect(customer).toHaveURL(/\/customer\/loan\/\d+\/$/);
  const panel = customer.getByTestId('margin-alert');
  await expect(panel.getByTestId('alert-stage')).toHaveText('All clear');

  // The operator records the equity fund at 35 % of its last NAV: its share of the limit falls, the
  // company shares' holds, and the 8,000 € owed come to about 93 % of what the collateral secures
  // (past the warning at 90 %, short of the call).
  const operator = await signedIn(browser, baseURL!, ADMIN, DEMO_PASSWORD);
  const form = await navForm(operator, EQUITY);
  const before = await latestNav(form);
  await recordNav(form, (Number(before) * 0.35).toFixed(6));

  // The check runs after the NAVs are recorded: she sees the warning once it has.
  await expect(async () => {
    await customer.reload();
    const stage = customer.getByTestId('alert-stage');
    await stage.waitFor();
    await expect(stage).toHaveText('Warning', { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
  await expect(panel).toContainText('past the warning');
  await expect(panel.getByTestId('debt-advice')).toContainText('debt-advice desks of consumer associations');

  const { violations } = await axeScan(customer).withTags(WCAG_21_AA).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await customer.goto('/customer/notifications/');
  await expect(customer.getByText('Your advance is close to its limit').first()).toBeVisible();

  // Back to the NAV it had, for the other journeys on this data set.
  await recordNav(form, before);
  await customer.context().close();
  await operator.context().close();
});
