import { expect, test } from '@playwright/test';

test('the home route renders in Italian by default', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('liquidità');
});
