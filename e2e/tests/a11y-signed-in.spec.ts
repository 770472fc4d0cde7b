// Accessibility of the signed-in area (issue 10): an axe scan (WCAG 2.1 A and AA rules) finds no
// violation at all on any page of the customer area and the back-office, in the light and in the dark
// theme. Every demo profile signs in once and checks its shell — menu, header, the notification panel
// and the avatar menu open — and a share of the pages: a page looks the same to every profile that may
// open it, so each is scanned once. Each page is loaded once and scanned in both themes (the theme
// switch repaints it in place): every rule in the first, and in the second the rules a theme can change —
// the rest read the markup, which the switch leaves as it was.
import { expect, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { axeScan, WCAG_21_AA } from '../support/axe';

const PASSWORD = 'Demo-pass-2026';
/** The WCAG rules whose outcome depends on colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Every page of the customer area and the back-office, each under one profile that may open it (a page
 * looks the same to every profile allowed there), spread so that the four sessions take about as long.
 */
const PROFILES = {
  base: [
    '/customer/product/',
    '/customer/product/1/',
    '/customer/product/1/invest/',
    '/customer/product/1/disinvest/',
    '/customer/profile/',
    '/customer/profile/change-email/',
  ],
  lead: [
    // The confirmation reads the order from its address, as the invest form leaves it.
    '/customer/product/1/confirm-order/?amount=25000.00&payment_method=bank_transfer',
    '/customer/home/',
    '/customer/wallet/',
    '/customer/transaction/',
    '/customer/document/',
    '/customer/profile/change-password/',
    '/customer/setting/',
    '/customer/notifications/',
  ],
  customer: [
    '/customer/loan/',
    '/customer/loan/calculator/',
    // The loan confirmation reads the request from its address, as the request form leaves it (a quote
    // only: nothing is pledged), on a fund the demo advance leaves free.
    '/customer/loan/confirm-loan/?amount=5000.00&instalments=4&collateral=position%3A2',
    '/customer/cash/',
    // The confirmation holds the request the form hands it: reached by filling the form.
    { path: '/customer/cash/confirm-cash/', from: '/customer/cash/', reach: askToWithdraw },
    // A fund the demo customer holds: the position and the sale form.
    '/customer/product/2/disinvest/',
  ],
  admin: [
    '/customer/backoffice/users/',
    '/customer/backoffice/kyc-reviews/',
    '/customer/backoffice/audit-log/',
    '/customer/backoffice/notifications/',
    '/customer/backoffice/messages/',
    '/customer/backoffice/statements/',
    '/customer/backoffice/settings/',
  ],
  // The same operator again: the back office's money desk and catalogue, a session of their own so that
  // each stays within its time.
  'admin (money desk)': [
    '/customer/backoffice/orders/',
    '/customer/backoffice/transfers/',
    '/customer/backoffice/withdrawals/',
    '/customer/backoffice/ledger/',
    '/customer/backoffice/products/',
  ],
} as const satisfies Record<string, Array<string | Reached>>;

/** A page reached from another one by what a person does there, not by its address alone. */
interface Reached {
  path: string;
  from: string;
  reach: (page: Page) => Promise<void>;
}

async function askToWithdraw(page: Page) {
  await page.getByTestId('withdrawal-amount').fill('10');
  await page.getByTestId('withdrawal-continue').click();
}

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context, baseURL }) => {
  // The consent bar has its own check below; here it is decided, as a returning visitor's is.
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await context.addCookies([
    { name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL as string },
    { name: 'lombard_theme', value: 'light', url: baseURL as string },
  ]);
});

/** Signs the page's browser in as the web app does (the sign-in form itself is scanned in a11y.spec.ts). */
async function signIn(page: Page, email: string, password = PASSWORD) {
  const login = await page.context().request.post('/api/account/token/auth/', {
    headers: { 'x-lombard-session': 'cookie' },
    data: { email, password, rememberMe: false },
  });
  expect(login.ok(), `sign-in of ${email}: ${login.status()}`).toBe(true);
  await page.context().addCookies([{ name: 'lombard_session', value: '0', url: new URL(login.url()).origin }]);
}

/** Waits until the page shows what a visitor came for: its title, the menu, no loader or skeleton left. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByTestId('main-navigation').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  // A skeleton with `visible={false}` stays in the page as a plain wrapper: only a shown one counts.
  const loading = '[aria-busy="true"], .mantine-Skeleton-root[data-visible], [role="status"] .mantine-Loader-root';
  await expect(page.locator(loading)).toHaveCount(0);
  await finishedAnimating(page);
}

/** Colour transitions after a theme switch or an opened panel: axe must see the final colours. */
async function finishedAnimating(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function scan(page: Page, where: string, problems: string[], only: 'every rule' | 'colours' = 'every rule') {
  const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
  const axe = axeScan(page);
  const results = await (only === 'colours' ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG_21_AA)).analyze();
  for (const violation of results.violations) {
    const nodes = violation.nodes.map((n) =>
      [n.target.join(' '), ...[...n.any, ...n.all, ...n.none].map((check) => check.message)].join(' — '),
    );
    problems.push(`${where} [${scheme}]: ${violation.id} (${violation.impact}) ${nodes.join(' | ')}`);
  }
}

async function switchTheme(page: Page) {
  const html = page.locator('html');
  const next = (await html.getAttribute('data-mantine-color-scheme')) === 'dark' ? 'light' : 'dark';
  await page.getByTestId('theme-toggle').first().click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', next);
  await finishedAnimating(page);
}

/** The header's popups, open: the notification panel and the avatar menu. */
async function scanHeaderPopups(page: Page, problems: string[], only: 'every rule' | 'colours') {
  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  await expect(panel.locator('.mantine-Loader-root')).toHaveCount(0);
  await finishedAnimating(page);
  await scan(page, 'notification panel', problems, only);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await finishedAnimating(page);
  await scan(page, 'avatar menu', problems, only);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

for (const [profile, routes] of Object.entries(PROFILES)) {
  test(`no axe violation on any page of the ${profile} profile, light and dark`, async ({ page, request }) => {
    test.setTimeout(180_000);
    // The demo base user becomes a lead in the onboarding test: a base user of its own here.
    if (profile === 'base') await signIn(page, await registeredUser(request, 'a11y-base'), NEW_USER_PASSWORD);
    else await signIn(page, `${profile.split(' ')[0]}@demo.lombard.test`);
    const problems: string[] = [];
    for (const [index, entry] of (routes as ReadonlyArray<string | Reached>).entries()) {
      const route = typeof entry === 'string' ? entry : entry.path;
      if (typeof entry === 'string') await page.goto(entry);
      else {
        await page.goto(entry.from);
        await settled(page);
        await entry.reach(page);
      }
      await settled(page);
      // Still there once settled: a page that sent the visitor elsewhere was not scanned.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(route);
      if (index === 0) await scanHeaderPopups(page, problems, 'every rule');
      await scan(page, route, problems);
      await switchTheme(page);
      if (index === 0) await scanHeaderPopups(page, problems, 'colours');
      await scan(page, route, problems, 'colours');
    }
    expect(problems).toEqual([]);
  });
}

test('the skip link comes first, before the open cookie bar, and moves focus to the page', async ({
  page,
  context,
}) => {
  await signIn(page, 'lead@demo.lombard.test');
  // A first-time visitor on this browser: the consent bar is open.
  await context.clearCookies({ name: 'lombard_consent' });
  for (const route of ['/customer/home/', '/customer/profile/']) {
    await page.goto(route);
    await settled(page);
    await expect(page.getByTestId('cookie-consent-bar')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: /vai al contenuto|skip to content/i });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // Past the header and the menu: the next stop is inside the page.
    const inMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement));
    expect(inMain).toBe(true);
  }
});
