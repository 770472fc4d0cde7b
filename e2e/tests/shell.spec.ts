// The app shell in a real browser: language, theme, cookie consent, 404, /maintenance, chunk failures
// and the global loading bar, against the built app served by the production API.
import { expect, type Page, test } from '@playwright/test';
import { hydrate } from '../support/landing';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === name);
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}

test('the home route renders in Italian by default', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(heading(page)).toContainText('liquidità');
});

test('the language switch changes the text and survives a reload', async ({ page }) => {
  await page.goto('/home/');
  await expect(heading(page)).toContainText('liquidità');
  const italian = await heading(page).innerText();

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(heading(page)).not.toHaveText(italian);
  await expect(page.getByTestId('language-menu')).toHaveText(/EN/);
  const english = await heading(page).innerText();
  expect(await cookieValue(page, 'lombard_language')).toBe('en-US');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(heading(page)).toHaveText(english);

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-it-IT').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(heading(page)).toHaveText(italian);
});

test.describe('with an English browser', () => {
  test.use({ locale: 'en-GB' });
  test('the browser language is used when no language was chosen (en-GB counts as English)', async ({ page }) => {
    await page.goto('/home/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(heading(page)).not.toContainText('liquidità');
  });
});

test('the theme switch survives a reload', async ({ page }) => {
  await page.goto('/home/');
  const html = page.locator('html');
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-scheme', /light|dark/);
  const initial = (await toggle.getAttribute('data-scheme')) ?? 'light';
  const flipped = initial === 'dark' ? 'light' : 'dark';

  await toggle.click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', flipped);
  expect(await cookieValue(page, 'lombard_theme')).toBe(flipped);

  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', flipped);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-scheme', flipped);
});

test('the cookie bar appears once and its choice persists across reloads', async ({ page }) => {
  await page.goto('/home/');
  const bar = page.getByTestId('cookie-consent-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('privacy');

  await bar.getByTestId('cookie-reject-optional').click();
  await expect(bar).toBeHidden();
  // The bar may hide a moment before the browser has stored the cookie (the app writes it after
  // rendering the choice): wait for the cookie, as a reload would need it.
  await expect
    .poll(async () => JSON.parse((await cookieValue(page, 'lombard_consent')) ?? '{}'))
    .toMatchObject({ f: 0, a: 0 });
  const cookie = (await page.context().cookies()).find((c) => c.name === 'lombard_consent');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(181);
  expect(days).toBeLessThanOrEqual(182);

  await page.reload();
  await expect(heading(page)).toBeVisible();
  await expect(page.getByTestId('cookie-consent-bar')).toBeHidden();
  await page.goto('/no/such/page/');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByTestId('cookie-consent-bar')).toBeHidden();
});

test('on a phone the cookie bar offers both choices side by side, their labels whole', async ({ page }) => {
  // From the narrowest phone still sold (320 px) to a common one; Italian has the longer labels.
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 640 });
    await page.goto('/home/');
    const bar = page.getByTestId('cookie-consent-bar');
    await expect(bar).toBeVisible();
    const reject = bar.getByTestId('cookie-reject-optional');
    const accept = bar.getByTestId('cookie-accept-all');
    const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
    expect(rejectBox?.y, `at ${width} px`).toBe(acceptBox?.y);
    for (const button of [reject, accept]) {
      // Mantine's label never wraps: a label wider than its button is cut.
      const label = button.locator('.mantine-Button-label');
      expect(await label.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    }
    // The bar leaves most of the first screen to the page.
    expect((await bar.boundingBox())?.height, `at ${width} px`).toBeLessThan(640 * 0.42);
  }
});

test('the cookie preferences save each category', async ({ page }) => {
  await page.goto('/home/');
  await page.getByTestId('cookie-customise').click();
  const dialog = page.getByRole('dialog', { name: 'Preferenze cookie' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch').first()).toBeDisabled();
  await dialog.getByText('Funzionali', { exact: true }).click();
  await dialog.getByTestId('cookie-save').click();
  await expect(dialog).toBeHidden();
  expect(JSON.parse((await cookieValue(page, 'lombard_consent')) ?? '{}')).toMatchObject({ f: 1, a: 0 });
  await page.reload();
  await expect(page.getByTestId('cookie-consent-bar')).toBeHidden();
});

test('an unknown path shows the 404 screen inside the site layout', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist/');
  // Server-rendered, with the status crawlers need.
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(heading(page)).toHaveText('Pagina non trovata');
  await expect(page.getByTestId('language-menu')).toBeVisible();
  await page.getByTestId('not-found-page').getByRole('link', { name: 'Torna alla home' }).click();
  await expect(page).toHaveURL(/\/home\/$/);
});

test('/maintenance renders the blank layout, without the navbar', async ({ page }) => {
  await page.goto('/maintenance');
  await expect(page.getByTestId('maintenance-page')).toBeVisible();
  await expect(heading(page)).toHaveText('Sistema in manutenzione');
  await expect(page.getByTestId('language-menu')).toHaveCount(0);
  await expect(page.getByTestId('theme-toggle')).toHaveCount(0);
  await expect(page.locator('header')).toHaveCount(0);
  await expect(page).toHaveTitle('Sistema in manutenzione');
});

test('a screen whose code cannot be downloaded shows "Loading chunk failed" and reloads', async ({ page }) => {
  // A page the app hydrates (the home's islands have no router to navigate with).
  await page.goto('/why-us/');
  await expect(heading(page)).toBeVisible();
  await hydrate(page);
  await page.route(/\/assets\/not-found-page-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/missing/page/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('chunk-error')).toBeVisible();
  await expect(heading(page)).toHaveText('Caricamento della pagina non riuscito');

  await page.unrouteAll();
  await page.getByTestId('route-error-reload').click();
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('a slow call shows the top loading bar until it ends', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Home's products load before it renders: from another page, the navigation waits for them.
  await page.goto('/why-us/');
  await hydrate(page);
  await page.route('**/api/v1/public/products/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('navbar-links').getByRole('link', { name: 'Home' }).click();
  const bar = page.getByTestId('top-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('role', 'progressbar');
  release();
  await expect(bar).toHaveCount(0);
});
