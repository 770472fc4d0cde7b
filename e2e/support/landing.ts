// Helpers of the public-site browser tests (issue 5): language and consent cookies, console watching,
// the outbox, and the public routes.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { outboxFolder } from './outbox-folder';

export type TestLocale = 'it-IT' | 'en-US';
export const LOCALES: TestLocale[] = ['it-IT', 'en-US'];

/** Every public page, with a seeded help-centre collection, article and partner. */
export const PUBLIC_ROUTES = [
  '/home/',
  '/why-us/',
  '/about-us/',
  '/contact/',
  '/investment-opportunity/',
  '/products/',
  '/terms/',
  '/privacy-policy/',
  '/cookie-policy/',
  '/support/',
  '/support/anticipi/',
  '/support/anticipi/come-funziona-anticipo/',
  '/l/aurora-energia/',
  '/newsletter/',
] as const;

/** Language (and, unless `withConsentBar`, a recorded cookie choice so that the bar stays closed). */
export async function setVisitor(
  context: BrowserContext,
  baseURL: string,
  options: { locale: TestLocale; theme?: 'light' | 'dark'; withConsentBar?: boolean },
) {
  const url = baseURL;
  const cookies: Array<{ name: string; value: string; url: string }> = [
    { name: 'lombard_language', value: options.locale, url },
  ];
  if (options.theme) cookies.push({ name: 'lombard_theme', value: options.theme, url });
  if (!options.withConsentBar) {
    const choice = JSON.stringify({ v: 1, f: 1, a: 0, t: new Date().toISOString() });
    cookies.push({ name: 'lombard_consent', value: encodeURIComponent(choice), url });
  }
  await context.addCookies(cookies);
}

/**
 * The demo customer, signed in through the API as the web app does: the refresh token lands in the
 * context's httpOnly cookie, and the marker cookie says "signed in" (and a language).
 */
export async function signInAsCustomer(
  context: BrowserContext,
  _request: APIRequestContext,
  baseURL: string,
  locale: TestLocale,
) {
  const login = await context.request.post('/api/account/token/auth/', {
    headers: { 'x-lombard-session': 'cookie' },
    data: { email: 'customer@demo.lombard.test', password: 'Demo-pass-2026', rememberMe: false },
  });
  expect(login.ok()).toBe(true);
  await setVisitor(context, baseURL, { locale });
  await context.addCookies([{ name: 'lombard_session', value: '0', url: baseURL }]);
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A 404 page is sent with status 404, which Chromium reports about the document itself.
    if (message.text().startsWith('Failed to load resource') && message.location().url === page.url()) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Public pages come as server-rendered HTML and the app hydrates at the first sign of use
 * (docs/decisions/006): a pointer move starts it; resolves once every control of the page is the app's
 * (parts of a page hydrate after the rest), as on a page that has long been open.
 */
export async function hydrate(page: Page) {
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await untilInteractive(page);
}

/** Until every control of the server-rendered page is the app's (`data-interactive` on <html>). */
export async function untilInteractive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
}

/**
 * Until the island holding `control` is the app's. An island far from the screen starts as it comes near
 * (a frame after a scroll); the page counts as interactive until then, so waiting for the mark alone
 * could let a test type into the island while it hydrates. Starting takes the mark away in the same
 * task, so the mark seen after the start is the island's.
 */
export async function untilIslandInteractive(page: Page, control: Locator) {
  await expect(control.locator('xpath=ancestor::*[@data-island][1]')).toHaveAttribute('data-island-started', 'true');
  await untilInteractive(page);
}

/** Scrolls to the bottom in steps, so that sections loaded on approach are there. */
export async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(60);
  }
  await page.waitForLoadState('networkidle');
}

interface OutboxMessage {
  recipient: string;
  template: string;
  subject: string | null;
  text: string;
  meta: Record<string, unknown>;
}

/**
 * The link of an e-mail's button, read in its text as the person would (the outbox stores no link with
 * a token anywhere else): the last address in the text, the button's.
 */
export function linkIn(message: Pick<OutboxMessage, 'text'>): string {
  const links = message.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links.length, `a link in: ${message.text}`).toBeGreaterThan(0);
  return links[links.length - 1] as string;
}

/** The newest outbox e-mail of a template to a recipient, waiting for the dispatcher to write it. */
export async function outboxMessage(recipient: string, template: string, match?: (m: OutboxMessage) => boolean) {
  const folder = outboxFolder();
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.json') && n.includes(template))
          .sort();
        for (const name of names.reverse()) {
          const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as OutboxMessage;
          if (message.recipient === recipient && (!match || match(message))) {
            found = message;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as OutboxMessage;
}
