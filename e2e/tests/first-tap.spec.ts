// The first tap on a public page's control, with the CPU throttled 4× once the page has loaded, is
// answered within 200 ms, with no code fetched for it: the code is fetched and run at an idle moment after
// the load event, not in answer to the tap (docs/decisions/033), and the controls whose answer waited for
// React at the tap answer without it (040, 041, 044). The same measure as the first-tap benchmark
// (bench/first-tap.mjs), taken in the page as the Event Timing API takes it: from the timestamp of the
// tap's pointer-down (or of the key, for a digit typed into a field) to the end of the first frame that
// shows the answer (a message posted from that frame's requestAnimationFrame), so that this runner's own
// latency on a busy machine (between its mouse down and up, say) is not counted against the page.
// The 200 ms is asserted with FIRST_TAP_STRICT=1 (a runner with cores of its own); on the shared two-core
// machine, where a throttled frame alone takes 100–120 ms and a run measured the menu at 760 ms and
// 150 ms minutes apart, the time is recorded with each test and judged by the benchmark (median of three).
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { setVisitor, untilInteractive } from '../support/landing';

/** A mid-range phone's CPU: 4× slower than this machine's (Chrome DevTools Protocol). */
async function throttleCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Opens `path` as a first visit with the CPU throttled and waits until it has loaded and settled (no sign
 * of use from this test: the page hydrates at idle by itself).
 */
async function openSettled(page: Page, context: BrowserContext, baseURL: string, path: string, consentBar = false) {
  await setVisitor(context, baseURL, { locale: 'it-IT', withConsentBar: consentBar });
  await throttleCpu(page);
  await page.goto(path, { waitUntil: 'load' });
  await settle(page);
}

/**
 * Until the page has done what it does at idle after loading: every island shown at this width started
 * and hydrated, nothing more to fetch, then an idle moment of the main thread.
 */
async function settle(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('[data-island]')].filter(
            (island) =>
              island.getAttribute('data-island-started') !== 'true' &&
              [...island.children].some((child) => child.getBoundingClientRect().width > 0),
          ).length,
      ),
    )
    .toBe(0);
  await untilInteractive(page);
  await page.waitForLoadState('networkidle');
  await untilInteractive(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

/**
 * Starts watching for the first `event` on the page: resolves, once `shown` holds in a frame, to the time
 * from the event to the end of that frame.
 */
async function watchAnswer(page: Page, event: 'pointerdown' | 'keydown', shown: string) {
  // A string, evaluated through the DevTools protocol: the page's CSP allows no eval of its own.
  await page.evaluate(`(() => {
    const state = (window.__firstTap = { start: 0, ms: -1 });
    window.addEventListener(${JSON.stringify(event)}, (tap) => {
      if (state.start) return;
      state.start = tap.timeStamp;
      state.delay = performance.now() - tap.timeStamp;
      state.frames = [];
      const look = (frame) => {
        if (frame) state.frames.push(Math.round(frame - state.start));
        if (!(${shown})) return requestAnimationFrame(look);
        // This frame paints the answer: its end is the first message after it.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          state.ms = performance.now() - state.start;
          // The scripts requested between the tap and this frame: what the answer waited for.
          state.scripts = performance.getEntriesByType('resource')
            .filter((entry) => entry.startTime >= state.start && entry.name.endsWith('.js'))
            .map((entry) => entry.name);
        };
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(look);
    }, true);
  })()`);
}

/** A good interaction (INP) paints its answer within this (issue 37, decision 033). */
const FIRST_TAP_TARGET_MS = 200;
const STRICT = process.env.FIRST_TAP_STRICT === '1';

/**
 * Waits for the answer's frame, records its time with the test, and checks that it came within the
 * target and fetched nothing: the control's code was there before the tap (what loads after the answer
 * is shown, at idle, is not waited for).
 */
async function expectAnswerWithoutFetching(page: Page) {
  const read = () =>
    page.evaluate(() => (window as unknown as { __firstTap: { ms: number; scripts: string[] } }).__firstTap);
  await expect.poll(async () => (await read()).ms).toBeGreaterThanOrEqual(0);
  const tap = await read();
  test.info().annotations.push({ type: 'event to painted frame (ms, 4× CPU)', description: JSON.stringify(tap) });
  expect(tap.scripts, 'scripts fetched between the tap and its answer').toEqual([]);
  if (STRICT) {
    expect(tap.ms, 'pointer-down (or key) to the frame showing the answer, ms at 4× CPU').toBeLessThan(
      FIRST_TAP_TARGET_MS,
    );
  }
}

const onScreen = (selector: string) =>
  `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return false;
    const r = e.getBoundingClientRect(); return r.width > 0 && r.left < innerWidth - 1 && r.top < innerHeight
      && getComputedStyle(e).visibility !== 'hidden' && Number(getComputedStyle(e).opacity) > 0; })()`;

test.describe('first tap at 4× CPU throttling, once the page has loaded', () => {
  test.setTimeout(90_000);
  // One throttled page at a time: two side by side on a two-core machine would time each other.
  test.describe.configure({ mode: 'serial' });

  test('the phone Menu shows its drawer, with no code fetched for it', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSettled(page, context, baseURL!, '/home/');
    await watchAnswer(page, 'pointerdown', onScreen('[data-testid="navbar-drawer"]'));
    await page.getByTestId('navbar-menu-button').click();
    await expectAnswerWithoutFetching(page);
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Perché noi' })).toBeVisible();
  });

  test('a digit typed into the calculator shows in the field, and the figures follow', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSettled(page, context, baseURL!, '/home/');
    const amount = page.getByTestId('calculator-amount');
    await amount.scrollIntoViewIfNeeded();
    await settle(page);
    await amount.click();
    await amount.press('End');
    const quarterly = await page.getByTestId('calc-quarterly').textContent();
    await watchAnswer(
      page,
      'keydown',
      `document.querySelector('[data-testid="calculator-amount"]').value === '500.000'`,
    );
    await amount.press('0');
    await expectAnswerWithoutFetching(page);
    // The figures are a render of their own, after the digit: they follow it.
    await expect(page.getByTestId('calc-quarterly')).not.toHaveText(quarterly ?? '');
  });

  test('"Accept all" hides the cookie bar, with no code fetched for it', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSettled(page, context, baseURL!, '/home/', true);
    await watchAnswer(page, 'pointerdown', `!${onScreen('[data-testid="cookie-consent-bar"]')}`);
    await page.getByTestId('cookie-accept-all').click();
    await expectAnswerWithoutFetching(page);
  });

  test('the language menu opens its choices, with no code fetched for it', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSettled(page, context, baseURL!, '/home/');
    await watchAnswer(page, 'pointerdown', onScreen('[data-testid="language-en-US"]'));
    await page.getByTestId('language-menu').click();
    await expectAnswerWithoutFetching(page);
    await page.getByTestId('language-en-US').click();
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  });

  test('the theme switch changes the colours, with no code fetched for it', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSettled(page, context, baseURL!, '/home/');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();
    const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
    await watchAnswer(
      page,
      'pointerdown',
      `document.documentElement.getAttribute('data-mantine-color-scheme') !== ${JSON.stringify(scheme)}`,
    );
    await page.getByTestId('theme-toggle').first().click();
    await expectAnswerWithoutFetching(page);
    expect(await background()).not.toBe(before);
  });

  test('Subscribe with the address left empty flags it, with its message, in the frames that follow', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSettled(page, context, baseURL!, '/newsletter/');
    await watchAnswer(
      page,
      'pointerdown',
      `!!document.querySelector('[data-testid="newsletter-email"][aria-invalid="true"]')`,
    );
    await page.getByTestId('newsletter-submit').click();
    await expectAnswerWithoutFetching(page);
    const email = page.getByTestId('newsletter-email');
    await expect(email).toHaveAccessibleDescription('Valore obbligatorio.');
    await expect(email).toBeFocused();
  });

  test('the contact topic opens its list, the browser’s own', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSettled(page, context, baseURL!, '/contact/');
    const topic = page.getByTestId('contact-topic');
    await topic.scrollIntoViewIfNeeded();
    await settle(page);
    await watchAnswer(page, 'pointerdown', `document.querySelector('[data-testid="contact-topic"]').matches(':open')`);
    await topic.click();
    await expectAnswerWithoutFetching(page);
    await expect(topic.getByRole('option', { name: 'Investimenti' })).toBeVisible();
  });

  test('the phone Menu opens with JavaScript switched off: a native popover, no React at the tap', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    await setVisitor(context, baseURL!, { locale: 'it-IT' });
    const page = await context.newPage();
    await page.goto('/home/');
    await page.getByTestId('navbar-menu-button').click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Perché noi' })).toBeVisible();
    await context.close();
  });
});
