// Deciding whether to borrow in the built app: the demo customer, who has an active advance, compares
// borrowing with selling for a cash need she types clumsily, reads both columns and the estimate's
// disclaimer, opens the APR's explanation, sees her net worth with the advance as a debt on the home, and
// the countdown of her 14 days to withdraw on the advance's page.
import { expect, test } from '@playwright/test';
import { axeScan, WCAG_21_AA } from '../support/axe';
import { DEMO_PASSWORD, signedIn } from '../support/people';

const CUSTOMER = 'customer@demo.lombard.test';

test('the demo customer compares borrowing with selling and sees her net worth with the advance as a debt', async ({
  browser,
  baseURL,
}) => {
  // Three screens and an accessibility scan: on a busy two-core machine this journey needs more than the default.
  test.slow();
  const page = await signedIn(browser, baseURL!, CUSTOMER, DEMO_PASSWORD);

  // The home: assets, the advance as a debt and net worth, over time and after a forced sale.
  await page.goto('/customer/home/');
  // The first page starts the app: on a busy machine that is slower than any later step.
  await expect(page.getByTestId('home-overview')).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId('net-worth-card');
  await expect(card.getByTestId('net-worth-liability')).toHaveText(/^−€[\d,]+\.\d{2}$/);
  await expect(card.getByTestId('net-worth-total')).toHaveText(await page.getByTestId('home-net').innerText());
  // Her 1,200 Vela Robotics plan shares at 18.40 € count among her assets, on the home too.
  await expect(card.getByTestId('net-worth-composition')).toContainText('stock plans €22,080.00');
  await expect(page.getByTestId('home-stock-plans')).toContainText('€22,080.00');
  await expect(card.getByRole('img', { name: /Net worth from/ })).toBeVisible();
  await expect(card.getByTestId('net-worth-forced-sale')).toContainText("After a forced sale at today's prices");

  // From the advances section to the comparison.
  await page.getByRole('navigation', { name: 'Customer area' }).getByRole('link', { name: 'Advance' }).click();
  // Once the section has drawn its lines and the request form, the link below them stays where it is.
  await expect(page.getByTestId('request-form')).toBeVisible();
  await page.getByTestId('borrow-or-sell-link').click();
  await expect(page).toHaveURL(/\/customer\/loan\/borrow-or-sell\/$/);
  await expect(page.getByRole('heading', { name: 'Borrow or sell?', level: 1 })).toBeVisible();

  // A first amount, then the customer changes her mind: triple-click selects it, typing replaces it.
  const amount = page.getByRole('textbox', { name: 'Cash you need' });
  await amount.fill('50000');
  await amount.click({ clickCount: 3 });
  await page.keyboard.type('5000');
  await expect(amount).toHaveValue('5,000');
  const quarters = page.getByRole('textbox', { name: /instalments/i });
  await quarters.click({ clickCount: 3 });
  await page.keyboard.type('8');
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/amount=5000\.00&term=8/);

  const borrow = page.getByTestId('borrow-column');
  const sell = page.getByTestId('sell-column');
  await expect(borrow.getByRole('heading', { name: 'Borrow' })).toBeVisible();
  await expect(borrow.getByTestId('borrow-total')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(sell.getByRole('heading', { name: 'Sell' })).toBeVisible();
  await expect(sell.getByTestId('sell-total')).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(sell).toContainText('Capital gains tax (estimate)');
  await expect(page.getByTestId('borrow-or-sell-verdict')).toContainText(
    /Over 8 quarters, (borrowing|selling) costs €/,
  );
  await expect(page.getByTestId('borrow-or-sell-table').locator('tbody tr')).toHaveCount(6);
  await expect(page.getByTestId('borrow-or-sell-disclaimer')).toContainText('An estimate, not tax advice');

  // The comparison with its figures passes the WCAG 2.1 AA rules.
  const { violations } = await axeScan(page)
    .include('[data-testid="borrow-or-sell-page"]')
    .withTags(WCAG_21_AA)
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Tapping the APR shows the flows it is computed from and the equation it solves.
  await borrow.getByTestId('apr-open').click();
  const dialog = page.getByRole('dialog', { name: 'How the APR is worked out' });
  await expect(dialog.getByTestId('apr-formula')).toContainText('(1 + X)');
  const flows = dialog.getByTestId('apr-flows').locator('tbody tr');
  await expect(flows).toHaveCount(9);
  await expect(flows.first()).toContainText('Payout to you');
  await expect(flows.last()).toContainText('Instalment 8: interest');
  await expect(dialog.getByTestId('apr-check')).toContainText(/what you receive is worth €5,000\.00/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Her advance was signed eight days ago: its page counts down the days left to withdraw and what that costs today.
  await page.goto('/customer/home/');
  await page.getByTestId('home-advance-card').getByRole('link', { name: 'Open the advance' }).click();
  const countdown = page.getByTestId('withdrawal-countdown');
  await expect(countdown.getByTestId('withdrawal-days')).toHaveText(
    /^\d+ days? left to withdraw: until \d{2}\/\d{2}\/\d{4}\.$/,
  );
  await expect(countdown.getByTestId('withdrawal-due')).toContainText(
    /Withdrawing today you would repay €8,0\d\d\.\d{2}: the principal €8,000\.00/,
  );
  await expect(page.getByTestId('advance-figures').getByTestId('apr-open')).toBeVisible();
  await page.context().close();
});
