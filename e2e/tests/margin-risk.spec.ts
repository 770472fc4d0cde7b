// The borrower's edge in the built app: the demo customer, whose seeded advance pledges an equity fund and
// company shares, sees her loan-to-value against its limit as a gauge on the home and on the advance page,
// the company shares marked as the weak line, and replays the 2008–09 crisis on her own collateral: a
// margin call would have opened, with what repaying would have cured it — historical, not a forecast; and
// before borrowing again, the same replay on the amount she types into the request form.
import { expect, test } from '@playwright/test';
import { axeScan, WCAG_21_AA } from '../support/axe';
import { DEMO_PASSWORD, signedIn } from '../support/people';

const CUSTOMER = 'customer@demo.lombard.test';

test('the demo customer sees the gauge and replays 2008 on her collateral', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, CUSTOMER, DEMO_PASSWORD);

  await page.goto('/customer/home/');
  const card = page.getByTestId('home-advance-card');
  await expect(card.getByRole('meter', { name: 'Loan-to-value' })).toBeVisible();
  await expect(card.getByTestId('risk-fall')).toContainText('would open a margin call');

  await card.getByRole('link', { name: 'Open the advance' }).click();
  await expect(page).toHaveURL(/\/customer\/loan\/\d+\/$/);
  const gauge = page.getByTestId('risk-panel').getByRole('meter', { name: 'Loan-to-value' });
  await expect(gauge).toBeVisible();
  // About 8,000 € owed on some 32,000 € of collateral; a call opens above about 36 %.
  const now = Number(await gauge.getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThan(15);
  expect(now).toBeLessThan(40);
  await expect(gauge).toHaveAttribute('aria-valuetext', /a margin call opens above \d+\.\d%/);

  // The company shares fall alone sooner, for how far single shares have fallen: the weak line.
  const lines = page.getByTestId('risk-lines');
  await expect(lines.locator('tbody tr')).toHaveCount(2);
  const weak = lines.locator('tr[data-weak]');
  await expect(weak).toHaveCount(1);
  await expect(weak).toContainText('Vela Robotics');
  await expect(weak).toContainText('Weak line');

  // 2008–09 on her collateral: the fund as world shares (−57 %), the shares as large European ones (−60 %).
  const replay = page.getByTestId('crisis-replay');
  await expect(replay.getByTestId('crisis-historical')).toContainText('not a forecast');
  await replay.getByText('2008–09', { exact: true }).click();
  await expect(replay.getByTestId('crisis-drawdowns')).toContainText('Company shares: −60%');
  await expect(replay.getByTestId('crisis-result-verdict')).toContainText(
    /A margin call would have opened around \d{2}\/\d{2}\/200[89]/,
  );
  await expect(replay.getByTestId('crisis-result-repay')).toContainText(/repay €[\d,]+\.\d{2}/);

  // A fall of her own: 10 % everywhere opens no call.
  const slider = replay.getByRole('slider', { name: 'Fall in value' });
  await slider.focus();
  for (let i = 0; i < 20; i++) await slider.press('ArrowLeft');
  await expect(replay.getByText('If every pledged line fell by 10%')).toBeVisible();
  await expect(replay.getByTestId('custom-result-verdict')).toHaveText('No margin call would have opened.');

  // The gauge, the table and the replay pass the WCAG 2.1 AA rules.
  const scan = async (...parts: string[]) => {
    const { violations } = await parts
      .reduce((builder, part) => builder.include(`[data-testid="${part}"]`), axeScan(page))
      .withTags(WCAG_21_AA)
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await scan('risk-panel', 'crisis-replay');

  // Before borrowing again, on a fund the advance leaves free: the same replay on the amount she types.
  await page.goto('/customer/loan/');
  const form = page.getByTestId('request-form');
  await form.getByTestId('request-amount').fill('5000');
  await form.getByTestId('request-instalments').fill('8');
  await expect(form.getByTestId('request-risk')).toContainText('At this amount a fall of');
  await form.getByText('See what past crises would have done at this amount').click();
  const before = form.getByTestId('crisis-replay');
  await before.getByText('2008–09', { exact: true }).click();
  await expect(before.getByTestId('crisis-result-verdict')).toBeVisible();
  const beforeSlider = before.getByRole('slider', { name: 'Fall in value' });
  await beforeSlider.focus();
  for (let i = 0; i < 30; i++) await beforeSlider.press('ArrowLeft');
  await expect(before.getByText('If every pledged line fell by 0%')).toBeVisible();
  await expect(before.getByTestId('custom-result-verdict')).toHaveText('No margin call would have opened.');
  await scan('request-form');
  await page.context().close();
});
