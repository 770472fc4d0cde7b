// The public home is made of islands for an anonymous visitor (docs/decisions/017): only the parts a
// visitor can act on are hydrated, those near the screen once the page has loaded and is idle, the rest
// shown at this width at the idle moments after (033), any of them when it comes near the screen or is
// reached for first, and every one of them works.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { hydrate, setVisitor, signInAsCustomer, untilInteractive, watchConsole } from '../support/landing';

const CALCULATOR_CHUNK = /\/assets\/advance-calculator-[\w-]+\.js$/;

test('every control of the home is in an island, so none of them is left without its code', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT', withConsentBar: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/home/');
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll('#root :is(button, input, select, textarea)')]
        .filter((control) => !control.closest('[data-island]'))
        .map((control) => control.outerHTML.slice(0, 120)),
    );
    expect(outside, `${width} px`).toEqual([]);
    expect(await page.locator('[data-island]').count(), `${width} px`).toBeGreaterThanOrEqual(5);
  }
});

/** An English visitor on a phone, who has made their cookie choice. */
async function onPhone({ page, context, baseURL }: { page: Page; context: BrowserContext; baseURL?: string }) {
  await setVisitor(context, baseURL!, { locale: 'en-US' });
  await page.setViewportSize({ width: 375, height: 800 });
}

test('on a phone the calculator’s code comes at an idle moment after the load, before the visitor scrolls to it', async ({
  page,
  context,
  baseURL,
}) => {
  await onPhone({ page, context, baseURL });
  const errors = watchConsole(page);
  const calculatorCode: string[] = [];
  page.on('request', (request) => {
    if (CALCULATOR_CHUNK.test(request.url())) calculatorCode.push(request.url());
  });
  // No sign of use: the page fetches what a first tap would need by itself (docs/decisions/033).
  await page.goto('/home/');
  await expect(page.locator('[data-island="advance-calculator"]')).toHaveAttribute('data-island-started', 'true');
  await untilInteractive(page);
  expect(calculatorCode.length, 'before scrolling').toBeGreaterThan(0);

  const amount = page.getByTestId('calculator-amount');
  await amount.scrollIntoViewIfNeeded();
  await amount.fill('120000');
  await page.getByTestId('calculator-instalments').fill('12');
  // 120,000 at 4.40 % a year: 1,320.00 a quarter.
  await expect(page.getByTestId('calc-quarterly')).toHaveText('€1,320.00');
  expect(errors).toEqual([]);
});

/**
 * A visitor who acts before the page's first idle moment: until their first sign of use the page never
 * goes idle, so nothing is fetched before it (docs/decisions/033); from then on idle callbacks run.
 */
async function beforeIdle(page: Page) {
  await page.addInitScript(() => {
    const waiting: Array<() => void> = [];
    let acted = false;
    const act = () => {
      acted = true;
      for (const callback of waiting.splice(0)) setTimeout(callback, 0);
    };
    for (const type of ['pointermove', 'pointerdown', 'keydown', 'scroll']) {
      window.addEventListener(type, act, { capture: true, once: true });
    }
    window.requestIdleCallback = ((callback: () => void) => {
      if (acted) return setTimeout(callback, 0);
      waiting.push(callback);
      return 0;
    }) as typeof window.requestIdleCallback;
  });
}

test('the hero’s "calculate" starts the calculator at the click, if the idle moments have not, before the page has scrolled to it', async ({
  page,
  context,
  baseURL,
}) => {
  await onPhone({ page, context, baseURL });
  await beforeIdle(page);
  await page.goto('/home/');
  await hydrate(page);
  const calculator = page.locator('[data-island="advance-calculator"]');
  // The page stays where it is: the click starts the calculator if the idle moments have not yet.
  await page.evaluate(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  await page.getByTestId('hero-calculate').click();
  await expect(calculator).toHaveAttribute('data-island-started', 'true');
  await expect(page.getByTestId('calculator-amount')).not.toBeInViewport();
  await untilInteractive(page);
  await page.getByTestId('calculator-amount').fill('120000');
  // 120,000 at 4.40 % a year: 1,320.00 a quarter.
  await expect(page.getByTestId('calc-quarterly')).toHaveText('€1,320.00');
});

test('a field of an island typed into before its code arrives keeps what was typed', async ({
  page,
  context,
  baseURL,
}) => {
  await onPhone({ page, context, baseURL });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await beforeIdle(page);
  // The calculator's code is slow to come: the visitor types meanwhile.
  await page.route(CALCULATOR_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home/');
  // The islands near the screen start; the calculator's starts at the next idle moment, its code held.
  await page.mouse.move(2, 2);
  const amount = page.getByTestId('calculator-amount');
  await amount.scrollIntoViewIfNeeded();
  await amount.fill('75000');
  await expect(page.locator('html')).not.toHaveAttribute('data-interactive', 'true');
  release();
  await untilInteractive(page);
  await expect(amount).toHaveValue('75,000');
  // 75,000 at 4.40 % a year over the default 8 instalments: 825.00 a quarter.
  await expect(page.getByTestId('calc-quarterly')).toHaveText('€825.00');
});

test('a "calculate" clicked before the islands’ code arrives is kept when the visitor scrolls away meanwhile', async ({
  page,
  context,
  baseURL,
}) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await page.setViewportSize({ width: 1280, height: 800 });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The code that starts the islands is slow to come (a busy phone): the visitor taps "calculate",
  // nothing happens yet, and they scroll down to the calculator themselves.
  await page.route(/\/assets\/islands-boot-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home/');
  await page.getByTestId('hero-calculate').click();
  const amount = page.getByTestId('calculator-amount');
  await amount.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('hero-calculate')).not.toBeInViewport();
  release();
  // The held click belongs to an island far from the screen by now: it is started for that click, rather
  // than the page waiting for it (a minute) before it counts as usable.
  await untilInteractive(page);
  await expect(amount).toBeInViewport();
  await amount.fill('120000');
  // 120,000 at 4.40 % a year: 1.320,00 € a quarter.
  await expect(page.getByTestId('calc-quarterly')).toHaveText('1.320,00 €');
});

test('choosing English in an island reloads the home in English', async ({ page, context, baseURL }) => {
  await setVisitor(context, baseURL!, { locale: 'it-IT' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home/');
  await hydrate(page);
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('hero-calculate')).toHaveText('Calculate your advance');
  await expect(page.getByTestId('navbar-links').getByRole('link', { name: 'Why us' })).toBeVisible();
});

test('a signed-in visitor’s home is the app, with their account in the navbar', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await signInAsCustomer(context, request, baseURL!, 'en-US');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('[data-island]')).toHaveCount(0);
});
