// The first tap on a public page's control, with the CPU throttled 4× once the page has loaded, is
// answered in the frames that follow it, with no code fetched for it: the code is fetched and run at an
// idle moment after the load event, not in answer to the tap (docs/decisions/033). The time is recorded
// with each test; the 200 ms figure is judged by the first-tap benchmark (bench/first-tap.mjs), not here:
// a timed assertion on a shared two-core runner would fail on the runner's load, not on the app.
// Measured in the page, as the Event Timing API measures an interaction's events: from the timestamp of
// the event the control answers (the click, or the key for a field) to the end of the first frame that
// shows the answer (a message posted from that frame's requestAnimationFrame), so that this runner's own
// latency on a busy machine (between its mouse down and up, say) is not counted.
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
async function watchAnswer(page: Page, event: 'click' | 'keydown', shown: string) {
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

/**
 * Waits for the answer's frame, records its time with the test, and checks that the answer fetched
 * nothing: the control's code was there before the tap (what loads after the answer is shown, at idle,
 * is not waited for).
 */
async function expectAnswerWithoutFetching(page: Page) {
  const read = () =>
    page.evaluate(() => (window as unknown as { __firstTap: { ms: number; scripts: string[] } }).__firstTap);
  await expect.poll(async () => (await read()).ms).toBeGreaterThanOrEqual(0);
  const tap = await read();
  test.info().annotations.push({ type: 'event to painted frame (ms, 4× CPU)', description: JSON.stringify(tap) });
  expect(tap.scripts, 'scripts fetched between the tap and its answer').toEqual([]);
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
    await watchAnswer(page, 'click', onScreen('[data-testid="navbar-drawer"]'));
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
    await watchAnswer(page, 'click', `!${onScreen('[data-testid="cookie-consent-bar"]')}`);
    await page.getByTestId('cookie-accept-all').click();
    await expectAnswerWithoutFetching(page);
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
