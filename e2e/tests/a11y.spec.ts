// Accessibility of the public site: an axe scan (WCAG 2.1 A and AA rules) of every public page, with
// the sections loaded on scroll in place, finds no serious or critical violation — light and dark, and
// with the cookie consent bar open as a first-time visitor sees it.
import { expect, test } from '@playwright/test';
import { axeScan, WCAG_21_AA } from '../support/axe';
import { PUBLIC_ROUTES, scrollThrough, setVisitor } from '../support/landing';

// The sign-in and registration forms too: the signed-in scans sign in through the API.
const ROUTES = [...PUBLIC_ROUTES, '/l/unknown-partner/', '/auth/login/', '/auth/register/'];

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violation on any public page (${theme})`, async ({ page, context, baseURL }) => {
    // Sixteen pages, each scrolled through and scanned: about two minutes on a busy two-core machine.
    test.setTimeout(240_000);
    await setVisitor(context, baseURL!, { locale: theme === 'light' ? 'it-IT' : 'en-US', theme, withConsentBar: true });
    const problems: string[] = [];
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await scrollThrough(page);
      const results = await axeScan(page).withTags(WCAG_21_AA).analyze();
      for (const violation of results.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          problems.push(
            `${route}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
}

test('the drawer is reachable and usable with the keyboard at 375 px', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.goto('/home/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Skip link first, then the brand, then the Menu button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('navbar-menu-button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('navbar-menu-button')).toBeFocused();
  const results = await axeScan(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
