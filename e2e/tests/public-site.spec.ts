// The public site end to end (issue 5): every public route in both languages without console errors,
// with its own title and description; the navbar and its drawer; the footer; the pledge PDF; the
// contact form and the newsletter double opt-in through the outbox.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  hydrate,
  LOCALES,
  linkIn,
  outboxMessage,
  PUBLIC_ROUTES,
  scrollThrough,
  setVisitor,
  signInAsCustomer,
  watchConsole,
} from '../support/landing';

// Navbar labels of the two catalogues (apps/web/src/locales/*/landing.json).
const EN_NAV = {
  home: 'Home',
  whyUs: 'Why us',
  aboutUs: 'About us',
  support: 'Support',
  contact: 'Contact',
  login: 'Login',
  menu: 'Menu',
  investments: 'My investments',
};
const IT_NAV = { whyUs: 'Perché noi', aboutUs: 'Chi siamo', support: 'Assistenza', contact: 'Contattaci' };

for (const locale of LOCALES) {
  test(`every public route renders in ${locale} with its own title, description and no console error`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await setVisitor(context, baseURL!, { locale });
    const errors = watchConsole(page);
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    const titles = new Set<string>();
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await scrollThrough(page);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(title, route).toMatch(/Lombard/);
      expect(description?.length ?? 0, route).toBeGreaterThan(40);
      titles.add(title);
    }
    // Each page has a title of its own (the three help-centre routes included).
    expect(titles.size).toBe(PUBLIC_ROUTES.length);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });
}

test('the English home says "no credit check" and the Italian one does not translate it literally', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.goto('/home/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The cash you need, without selling your investments',
  );
  await expect(page.getByText(/No credit check/).first()).toBeVisible();
  await expect(page.getByText('from €5,000', { exact: true })).toBeVisible();
  await expect(page.getByText('up to 10 years', { exact: true })).toBeVisible();
  await expect(page.getByText('48 hours', { exact: true })).toBeVisible();
  await expect(page.getByTestId('hero-register')).toHaveAttribute('href', '/auth/register-account/');
  await expect(page.getByTestId('hero-login')).toHaveAttribute('href', '/auth/login/');
  await scrollThrough(page);
  await expect(page.getByText('Deposits guaranteed up to €100,000')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test("on the narrowest phone the hero's eyebrow is read whole, in both languages", async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const locale of LOCALES) {
    await setVisitor(context, baseURL!, { locale });
    await page.goto('/home/');
    const eyebrow = page.locator('.mantine-Badge-label').first();
    await expect(eyebrow).toBeVisible();
    // A label wider than its badge would be cut with an ellipsis.
    expect(await eyebrow.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  }
});

test.describe('navigation', () => {
  test('at 375 px the links live in a right-side drawer opened by the Menu button', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await setVisitor(context, baseURL!, { locale: 'en-US' });
    await page.goto('/home/');
    await expect(page.getByTestId('navbar-links')).toBeHidden();
    const menu = page.getByTestId('navbar-menu-button');
    await expect(menu).toHaveText(EN_NAV.menu);
    await menu.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Right side: the panel touches the right edge of the screen.
    const box = await drawer.boundingBox();
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(375);
    await expect(drawer.getByTestId('drawer-login')).toHaveText(EN_NAV.login);
    for (const key of ['home', 'whyUs', 'aboutUs', 'support', 'contact'] as const) {
      await expect(drawer.getByRole('link', { name: EN_NAV[key], exact: true })).toBeVisible();
    }
    await expect(drawer.getByTestId('theme-toggle')).toBeVisible();
    await expect(drawer.getByTestId('language-menu')).toBeVisible();
    await drawer.getByRole('link', { name: EN_NAV.aboutUs, exact: true }).click();
    await expect(page).toHaveURL(/\/about-us\/$/);
    await expect(drawer).toBeHidden();
  });

  test('at 1280 px the full navbar shows, with Contact as a button, Login, language and theme', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    await page.goto('/why-us/');
    await expect(page.getByTestId('navbar-menu-button')).toBeHidden();
    const links = page.getByTestId('navbar-links').getByRole('link');
    await expect(links).toHaveText(['Home', IT_NAV.whyUs, IT_NAV.aboutUs, IT_NAV.support]);
    await expect(page.getByTestId('navbar-links').getByRole('link', { name: IT_NAV.whyUs })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('navbar-contact')).toHaveText(IT_NAV.contact);
    await expect(page.getByTestId('navbar-login')).toHaveAttribute('href', '/auth/login/');
    await expect(page.getByTestId('theme-toggle')).toBeVisible();
    // The language dropdown switches the whole page, <html lang> included.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en-US').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('navbar-contact')).toHaveText(EN_NAV.contact);
    // The theme switch flips the colour scheme.
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});

test('a signed-in visitor gets the avatar menu instead of Login, and the profile in the drawer', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await signInAsCustomer(context, request, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about-us/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('navbar-login')).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Investments' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('navbar-menu-button').click();
  const drawer = page.getByTestId('drawer-account');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: EN_NAV.investments })).toHaveAttribute('href', '/customer/product/');
  await expect(page.getByTestId('drawer-login')).toHaveCount(0);
});

test('the footer: link columns of three, social links, newsletter sign-up, copyright and back to top', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.goto('/terms/');
  const footer = page.getByTestId('site-footer');
  await expect(footer).toHaveAttribute('data-context', 'landing');
  const columns = footer.getByRole('navigation');
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0).getByRole('link')).toHaveText(['Why us', 'Contact', 'Support']);
  await expect(columns.nth(1).getByRole('link')).toHaveText([
    'Terms and Conditions',
    'Privacy Policy',
    'Cookie Policy',
  ]);
  await expect(footer.getByTestId('footer-social').getByRole('link')).toHaveCount(3);
  await expect(footer.getByTestId('footer-newsletter')).toHaveAttribute('href', /newsletter/);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Lombard S.p.A.`);
  await expect(footer.getByTestId('footer-disclaimer')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  // Scrolling started the app; a visitor reading down to the footer takes longer than it needs.
  await hydrate(page);
  await footer.getByTestId('footer-go-to-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2_000 }).toBe(0);
});

test('the footer hides the newsletter button when no link is configured for the language', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await page.route('**/api/get-global-config/', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, newsletter_settings: {} } });
  });
  // The browser's copy of the configuration (server-rendered pages bring the server's): from the login
  // screen, which the browser renders, to the home page by the brand link.
  await page.goto('/auth/login/');
  await page.getByRole('link', { name: 'Lombard, torna alla home' }).click();
  await expect(page).toHaveURL(/\/home\/$/);
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await expect(page.getByTestId('footer-social')).toBeVisible();
  await expect(page.getByTestId('footer-newsletter')).toHaveCount(0);
});

test('the pledge document downloads as a PDF in the page language', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await page.goto('/home/');
  await scrollThrough(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pledge-download').click()]);
  expect(download.suggestedFilename()).toBe('lombard-pledge-it.pdf');
  const bytes = await readFile((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  const response = await page.request.get('/api/v1/public/pledge-document/?language=en');
  expect(response.headers()['content-disposition']).toBe('attachment; filename="lombard-pledge-en.pdf"');
  expect(response.headers()['content-type']).toBe('application/pdf');
});

test('the contact form validates, then stores the message and e-mails support', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.goto('/contact/');
  await expect(page.getByTestId('office-address')).toContainText('Via Monte di Pietà 1');
  // No tile server configured: the bundled map, nothing from another origin.
  await expect(page.getByTestId('office-map-static')).toBeVisible();
  await expect(page.getByTestId('office-map-leaflet')).toHaveCount(0);

  await page.getByTestId('contact-submit').click();
  const form = page.getByTestId('contact-form');
  await expect(form).toContainText('Value is required.');
  await expect(form).toContainText('To send your message, please confirm that you have read the privacy notice.');
  await page.getByTestId('contact-name').fill('Marta Conti');
  await page.getByTestId('contact-email').fill('not-an-address');
  await page.getByTestId('contact-message').fill('Short');
  await page.getByTestId('contact-submit').click();
  await expect(form).toContainText('Value is not a valid email address.');
  await expect(form).toContainText('This field should be at least 10 characters long.');

  const email = `marta.conti.${Date.now()}@example.com`;
  await page.getByTestId('contact-email').fill(email);
  await page.getByTestId('contact-topic').selectOption({ label: 'Cash advance' });
  await page.getByTestId('contact-subject').fill('Advance on RSUs');
  await page.getByTestId('contact-message').fill('Can I pledge the RSUs my employer granted me last year?');
  await page.getByTestId('contact-privacy').check();
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-sent')).toContainText('within 24 hours on weekdays and within 72 hours');
  const mail = await outboxMessage('support@lombard.test', 'contact_message', (m) => m.text.includes(email));
  expect(mail.subject).toContain('Advance on RSUs');
  expect(mail.text).toContain('Can I pledge the RSUs my employer granted me last year?');
});

test('the newsletter sign-up confirms the address through the e-mailed link (double opt-in)', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await page.goto('/home/');
  await page.getByTestId('footer-newsletter').click();
  await expect(page).toHaveURL(/\/newsletter\//);
  const email = `lettore.${Date.now()}@example.com`;
  await page.getByTestId('newsletter-email').fill(email);
  await page.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('newsletter-sent')).toContainText('ti abbiamo inviato un');
  const mail = await outboxMessage(email, 'newsletter_confirm');
  const link = new URL(linkIn(mail));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('newsletter-confirmed')).toContainText('Iscrizione confermata');
  // The link works once.
  await page.reload();
  await expect(page.getByTestId('newsletter-confirm-error')).toBeVisible();
});

test.describe('server rendering and hydration (docs/decisions/006)', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px every public page arrives as HTML with one small script, then hydrates without a mismatch`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      for (const locale of LOCALES) {
        await context.clearCookies();
        await setVisitor(context, baseURL!, { locale });
        for (const route of PUBLIC_ROUTES) {
          // The page itself, as a crawler or a browser without scripts gets it.
          const html = await (await page.request.get(route)).text();
          expect(html, route).toContain(`<html lang="${locale.slice(0, 2)}"`);
          expect(html, route).toMatch(/<h1[^>]*>[^<]+/);

          const scripts: string[] = [];
          const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
            if (response.request().resourceType() === 'script') scripts.push(response.url());
          };
          page.on('response', onResponse);
          const errors = watchConsole(page);
          await page.goto(route, { waitUntil: 'networkidle' });
          // The first view is the one script; the app, or the islands, come at an idle moment after the
          // load event (docs/decisions/033).
          const beforeLoad = await page.evaluate(() => {
            const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            return performance
              .getEntriesByType('resource')
              .filter((entry) => entry.name.endsWith('.js') && entry.startTime < load.loadEventStart).length;
          });
          expect(beforeLoad, `${locale} ${route}: first view`).toBe(1);
          await hydrate(page);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          page.off('response', onResponse);
          expect(scripts.length, `${locale} ${route}: the app arrives after the first view`).toBeGreaterThan(1);
          // A mismatch is reported by React as a console error (apps/web/src/app/boot.tsx).
          expect(errors, `${locale} ${route}`).toEqual([]);
        }
      }
    });
  }
});
