// Public pages work from the first paint (issue 10, docs/decisions/006): the server's HTML shows every
// control seconds before React hydrates it (5–6 s on a mid-range phone, emulated here by throttling the
// CPU 4×). Each test acts on a control the moment it is visible — as an impatient visitor does — and
// checks what the visitor expects to happen, not how the page gets there.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { hydrate, linkIn, outboxMessage, setVisitor } from '../support/landing';

const CONSENT_COOKIE = 'lombard_consent';

/** A mid-range phone: the CPU 4× slower than this machine's (Chrome DevTools Protocol). */
async function throttleCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

// Whether React has taken the page over yet; recorded to prove the action really came first.
const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

const consentCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);

test.describe('before the app has hydrated, at 4× CPU throttling', () => {
  test.setTimeout(90_000);

  test('the newsletter Subscribe sends the sign-up made at once', async ({ page, context, baseURL }) => {
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    await throttleCpu(page);
    await page.goto('/newsletter/', { waitUntil: 'commit' });
    const email = `subito.${Date.now()}@example.com`;
    await page.getByTestId('newsletter-email').fill(email);
    await page.getByTestId('newsletter-submit').click();
    await expect(page.getByTestId('newsletter-sent')).toContainText('ti abbiamo inviato un', { timeout: 30_000 });
    const mail = await outboxMessage(email, 'newsletter_confirm');
    expect(linkIn(mail)).toContain('/newsletter/confirm/');
  });

  test('a Subscribe clicked before even the first-view script has run sends the sign-up', async ({
    page,
    context,
    baseURL,
  }) => {
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    // The page is painted as its HTML arrives; its module script runs later (a slow network, a busy phone).
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/newsletter/', { waitUntil: 'commit' });
    const email = `prestissimo.${Date.now()}@example.com`;
    await page.getByTestId('newsletter-email').fill(email);
    await page.getByTestId('newsletter-submit').click();
    await expect(page.getByTestId('newsletter-sent')).toContainText('ti abbiamo inviato un', { timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('');
    await outboxMessage(email, 'newsletter_confirm');
  });

  test('the home calculator keeps every digit typed at once, and its results follow them', async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    await throttleCpu(page);
    await page.goto('/home/', { waitUntil: 'commit' });
    const amount = page.getByTestId('calculator-amount');
    await amount.click();
    const early = !(await hydrated(page));
    await amount.press('ControlOrMeta+a');
    await amount.pressSequentially('12345', { delay: 40 });
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
    await expect(amount).toHaveValue('12.345');
    const results = page.getByTestId('calculator-results');

    // The same figures as when the same amount is typed into a page that has long hydrated.
    const reference = await (await browser.newContext()).newPage();
    await setVisitor(reference.context(), baseURL!, { locale: 'it-IT' });
    await reference.goto('/home/');
    await hydrate(reference);
    const before = (await reference.getByTestId('calculator-results').innerText()).trim();
    await reference.getByTestId('calculator-amount').fill('12345');
    await expect(reference.getByTestId('calculator-amount')).toHaveValue('12.345');
    // The figures are a render of their own after the field's (docs/decisions/033).
    await expect
      .poll(async () => (await reference.getByTestId('calculator-results').innerText()).trim())
      .not.toBe(before);
    const expected = (await reference.getByTestId('calculator-results').innerText()).trim();
    await reference.context().close();
    await expect.poll(async () => (await results.innerText()).trim()).toBe(expected);
    test.info().annotations.push({ type: 'typed before hydration', description: String(early) });
  });

  test('the mobile Menu opens at the first tap', async ({ page, context, baseURL }) => {
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    await page.setViewportSize({ width: 375, height: 800 });
    await throttleCpu(page);
    await page.goto('/home/', { waitUntil: 'commit' });
    await page.getByTestId('navbar-menu-button').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Perché noi' })).toBeVisible({ timeout: 30_000 });
  });

  test('"Accept all" followed at once by a link keeps the choice on the next page', async ({
    page,
    context,
    baseURL,
  }) => {
    await setVisitor(context, baseURL!, { locale: 'it-IT', withConsentBar: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await throttleCpu(page);
    await page.goto('/home/', { waitUntil: 'commit' });
    await page.getByTestId('cookie-accept-all').click();
    await page.getByTestId('navbar-links').getByRole('link', { name: 'Perché noi' }).click();
    await expect(page).toHaveURL(/\/why-us\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cookie = await consentCookie(context);
    expect(cookie, 'consent cookie').toBeDefined();
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toMatchObject({ v: 1, f: 1, a: 1 });
    await expect(page.getByTestId('cookie-consent-bar')).toHaveCount(0);
  });

  test('the contact topic opens its list at the first click', async ({ page, context, baseURL }) => {
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    await throttleCpu(page);
    await page.goto('/contact/', { waitUntil: 'commit' });
    const topic = page.getByTestId('contact-topic');
    await topic.click();
    // The browser's own list (decision 041): open, its choices on the screen.
    await expect.poll(() => topic.evaluate((select) => select.matches(':open'))).toBe(true);
    await expect(topic.getByRole('option', { name: 'Investimenti' })).toBeVisible();
    await topic.getByRole('option', { name: 'Investimenti' }).click();
    await expect(topic).toHaveValue('investments');
    // The choice made before the app was there is the app's once it is.
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-form')).toContainText('Valore obbligatorio.', { timeout: 30_000 });
    await expect(topic).toHaveValue('investments');
    await expect(topic).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('Subscribe with the address left empty flags it at once, in the page’s language', async ({
    page,
    context,
    baseURL,
  }) => {
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    await throttleCpu(page);
    await page.goto('/newsletter/', { waitUntil: 'commit' });
    await page.getByTestId('newsletter-submit').click();
    const early = !(await hydrated(page));
    const email = page.getByTestId('newsletter-email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Valore obbligatorio.');
    await expect(email).toBeFocused();
    test.info().annotations.push({ type: 'tapped before hydration', description: String(early) });
    // The address typed then is signed up, the flag gone at the first key.
    const address = `ripensato.${Date.now()}@example.com`;
    await email.fill(address);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Valore obbligatorio.')).toBeHidden();
    await page.getByTestId('newsletter-submit').click();
    await expect(page.getByTestId('newsletter-sent')).toContainText('ti abbiamo inviato un', { timeout: 30_000 });
    await outboxMessage(address, 'newsletter_confirm');
  });
});
