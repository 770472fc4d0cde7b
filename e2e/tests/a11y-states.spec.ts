// Colour contrast with data (issue 37): the pages that colour what they show by its state, scanned by axe
// while they show every state, in the light and the dark theme. A portfolio with gains and losses (the
// demo customer's funds, bought months ago at other NAVs), and a profile with a step in each status —
// approved, awaiting review, rejected with the operator's reason, still to do — made through the API as
// the person and an operator make them.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { NEW_USER_PASSWORD, registeredUser } from '../support/accounts';
import { axeScan, WCAG_21_AA } from '../support/axe';

const DEMO_PASSWORD = 'Demo-pass-2026';

test.beforeEach(async ({ context, baseURL }) => {
  const consent = JSON.stringify({ v: 1, f: 0, a: 0, t: new Date().toISOString() });
  await context.addCookies([
    { name: 'lombard_consent', value: encodeURIComponent(consent), url: baseURL as string },
    { name: 'lombard_theme', value: 'light', url: baseURL as string },
  ]);
});

async function bearer(request: APIRequestContext, email: string, password: string) {
  const signIn = await request.post('/api/account/token/auth/', { data: { email, password } });
  expect(signIn.ok()).toBe(true);
  return { authorization: `Bearer ${((await signIn.json()) as { access: string }).access}` };
}

/** A new person whose profile has a step in every status: approved, submitted, rejected and to do. */
async function personWithEveryStepStatus(request: APIRequestContext): Promise<string> {
  const email = await registeredUser(request, 'a11y-steps', { first: 'Marta', last: 'Galli' });
  const me = await bearer(request, email, NEW_USER_PASSWORD);
  const admin = await bearer(request, 'admin@demo.lombard.test', DEMO_PASSWORD);
  const put = async (tab: string, data: object) => {
    const res = await request.put(`/api/v1/profile/${tab}/`, { headers: me, data });
    expect(res.ok(), `${tab}: ${await res.text()}`).toBe(true);
  };
  await put('citizenship', { citizenships: ['IT'], tax_residence: 'IT', us_green_card: false, us_presence_days: 0 });
  await put('addresses', {
    residence: { country: 'IT', province: 'PR', city: 'Parma', post_code: '43121', street: 'Via Farini 5' },
  });
  await put('occupation', {
    occupation: 'employee',
    sector: 'healthcare',
    income_band: 'band_2',
    source_of_funds: 'salary',
    employer_name: 'Ospedale Maggiore',
  });
  const { contact: userId } = (await (await request.get('/api/account/me/', { headers: me })).json()) as {
    contact: number;
  };
  const decide = async (step: string, decision: 'approve' | 'reject', data?: object) => {
    const res = await request.post(`/api/v1/backoffice/kyc-reviews/${userId}/steps/${step}/${decision}/`, {
      headers: admin,
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${step} ${decision}: ${await res.text()}`).toBe(true);
  };
  await decide('citizenship', 'approve');
  await decide('occupation', 'reject', { reason: 'Il datore di lavoro indicato non corrisponde alla busta paga.' });
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/customer\//);
}

async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  const loading = '[aria-busy="true"], .mantine-Skeleton-root[data-visible], [role="status"] .mantine-Loader-root';
  await expect(page.locator(loading)).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Every WCAG 2.1 AA problem axe finds on the page, in the light theme and then in the dark one. */
async function problemsInBothThemes(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const html = page.locator('html');
    if ((await html.getAttribute('data-mantine-color-scheme')) !== scheme) {
      await page.getByTestId('theme-toggle').first().click();
      await expect(html).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    }
    const results = await axeScan(page).withTags(WCAG_21_AA).analyze();
    for (const violation of results.violations) {
      const nodes = violation.nodes.map((n) => `${n.target.join(' ')} — ${n.any.map((c) => c.message).join(' ')}`);
      problems.push(`${where} [${scheme}]: ${violation.id} ${nodes.join(' | ')}`);
    }
  }
  return problems;
}

test('the portfolio and the home read in both themes while they show gains and losses', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'customer@demo.lombard.test', DEMO_PASSWORD);
  const problems: string[] = [];
  for (const route of ['/customer/wallet/', '/customer/home/']) {
    await page.goto(route);
    await settled(page);
    await expect(page.locator('main [data-sign="1"]').filter({ visible: true }).first()).toBeVisible();
    if (route === '/customer/wallet/') {
      await expect(page.locator('main [data-sign="-1"]').filter({ visible: true }).first()).toBeVisible();
    }
    problems.push(...(await problemsInBothThemes(page, route)));
  }
  expect(problems).toEqual([]);
});

test('the profile and the home read in both themes with a step in every status', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await personWithEveryStepStatus(request);
  await signIn(page, email, NEW_USER_PASSWORD);
  await page.goto('/customer/profile/');
  await settled(page);
  for (const [step, status] of [
    ['citizenship', 'approved'],
    ['addresses', 'submitted'],
    ['occupation', 'rejected'],
    ['identity', 'todo'],
  ] as const) {
    await expect(page.getByTestId(`progress-step-${step}`).first()).toHaveAttribute('data-status', status);
  }
  const problems = await problemsInBothThemes(page, '/customer/profile/');
  expect(problems).toEqual([]);
});
