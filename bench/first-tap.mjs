#!/usr/bin/env node
// First tap on each control of the public pages (docs/decisions/033, 041): the time from the tap's
// pointer-down (or the key's keydown, for a digit typed into a field) to the frame that shows its answer, with the CPU throttled
// 4× and a slow 4G link (1.6 Mbps down, 150 ms round trip), on a page that has loaded and settled: load
// event, every island shown started and every control hydrated, the network quiet for two seconds, then
// an idle moment of the page's main thread. A good
// interaction (INP) answers within 200 ms. Beside it, how long after the load event the page's controls
// were all hydrated (`data-interactive`): the window in which a tap is still held and replayed.
//
// Both instants are taken in the page: the event's timeStamp, and, at each animation frame after it, a
// check of the answer (the drawer on the screen, the bar gone, the figures changed…); the first frame in
// which it holds is the one that paints it, and its end is taken by a message posted from that frame's
// requestAnimationFrame (it runs after the frame's rendering). The Event Timing API's longest entry of the
// interaction (an INP-like duration) is printed beside it.
// Usage: node first-tap.mjs [--dist <built web folder>] [--runs N] [--smoke]   (--smoke: one run, no
// threshold; the default is 3 runs, median, each over the 200 ms target a FAIL)
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, startServer } from './lib/app.mjs';
import { connect, startChrome } from './lib/browser.mjs';

export const FIRST_TAP_TARGET_MS = 200;
const CPU_SLOWDOWN = 4;
// Lighthouse's "slow 4G" (its mobile preset), in bytes per second.
const NETWORK = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const PHONE = { width: 412, height: 823, deviceScaleFactor: 2.625, mobile: true };
const DESKTOP = { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false };
const CONSENT = encodeURIComponent(JSON.stringify({ v: 1, f: 1, a: 0, t: '2026-01-01T00:00:00.000Z' }));

const visible = (selector) =>
  `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return false;
    const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && r.left < innerWidth - 1 && r.right > 1 && r.top < innerHeight
      && s.visibility !== 'hidden' && Number(s.opacity) > 0; })()`;

/**
 * Each control: its page, the viewport, whether the cookie bar shows, the element tapped (`key`: a key
 * pressed in it after the tap, measured from the keydown) and the expression true once its answer shows.
 */
const ALL_CONTROLS = [
  {
    label: 'menu (phone): the drawer slides in',
    path: '/home/',
    viewport: PHONE,
    tap: '[data-testid="navbar-menu-button"]',
    shown: visible('[data-testid="navbar-drawer"]'),
  },
  {
    label: 'calculator (phone): a digit typed shows in the field',
    path: '/home/',
    viewport: PHONE,
    tap: '[data-testid="calculator-amount"]',
    key: '5',
    before: `document.querySelector('[data-testid="calculator-amount"]').value`,
    shown: `document.querySelector('[data-testid="calculator-amount"]').value !== window.__tapBefore`,
  },
  {
    // For the record: the figures are a deferred render (decision 033), which the target does not hold.
    label: 'calculator (phone): …and the figures follow (not held)',
    record: true,
    path: '/home/',
    viewport: PHONE,
    tap: '[data-testid="calculator-amount"]',
    key: '5',
    before: `document.querySelector('[data-testid="calc-quarterly"]').textContent`,
    shown: `document.querySelector('[data-testid="calc-quarterly"]').textContent !== window.__tapBefore`,
  },
  {
    label: 'cookie choice (phone): "accept all" hides the bar',
    path: '/home/',
    viewport: PHONE,
    consentBar: true,
    tap: '[data-testid="cookie-accept-all"]',
    shown: `!${visible('[data-testid="cookie-consent-bar"]')}`,
  },
  {
    label: 'language (desktop): the menu opens',
    path: '/home/',
    viewport: DESKTOP,
    tap: '[data-testid="language-menu"]',
    shown: visible('[data-testid="language-en-US"]'),
  },
  {
    label: 'theme (desktop): the colours change',
    path: '/home/',
    viewport: DESKTOP,
    tap: '[data-testid="theme-toggle"]',
    before: `document.documentElement.getAttribute('data-mantine-color-scheme')`,
    shown: `document.documentElement.getAttribute('data-mantine-color-scheme') !== window.__tapBefore`,
  },
  {
    label: 'newsletter (phone): Subscribe, empty address flagged',
    path: '/newsletter/',
    viewport: PHONE,
    tap: '[data-testid="newsletter-submit"]',
    shown: `!!document.querySelector('[data-testid="newsletter-email"][aria-invalid="true"]')`,
  },
  {
    // The browser's own list (decision 041): `:open` while its picker shows.
    label: 'contact (phone): the topic list opens',
    path: '/contact/',
    viewport: PHONE,
    tap: '[data-testid="contact-topic"]',
    shown: `document.querySelector('[data-testid="contact-topic"]').matches(':open') || ${visible('[role="listbox"]')}`,
  },
];

const CONTROLS = ALL_CONTROLS.filter(
  (c) => !process.env.FIRST_TAP_ONLY || c.label.startsWith(process.env.FIRST_TAP_ONLY),
);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const smoke = process.argv.includes('--smoke');
const runs = smoke ? 1 : Number(arg('--runs', '3'));
const distArg = arg('--dist', null);
const dist = distArg ? path.resolve(distArg) : buildWeb();

/** One first tap in a fresh page (a first visit: no cache, no cookies but the language and consent). */
async function measure(chrome, base, control) {
  const cdp = await connect(chrome.port);
  let inflight = 0;
  let lastActivity = Date.now();
  let loaded = false;
  const activity = (delta) => () => {
    inflight = Math.max(0, inflight + delta);
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', activity(1));
  cdp.on('Network.loadingFinished', activity(-1));
  cdp.on('Network.loadingFailed', activity(-1));
  cdp.on('Page.loadEventFired', () => {
    loaded = true;
  });
  const evaluate = async (expression, awaitPromise = false) => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise,
    });
    if (exceptionDetails) throw new Error(`${control.label}: ${exceptionDetails.exception?.description}`);
    return result.value;
  };
  try {
    const url = `${base}${control.path}`;
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.clearBrowserCookies');
    await cdp.send('Network.setCookie', { url, name: 'lombard_language', value: 'it-IT' });
    if (!control.consentBar) await cdp.send('Network.setCookie', { url, name: 'lombard_consent', value: CONSENT });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Emulation.setDeviceMetricsOverride', control.viewport);
    await cdp.send('Page.enable');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
      source: `new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.interactive !== 'true') return;
        const load = performance.getEntriesByType('navigation')[0]?.loadEventEnd;
        if (load) window.__readyAfterLoad = performance.now() - load;
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-interactive'] });`,
    });
    const navigated = Date.now();
    await cdp.send('Page.navigate', { url });
    // Loaded and settled: the load event, a quiet second of network, then an idle moment of the page.
    while (!(loaded && inflight === 0 && Date.now() - lastActivity > 1_000)) {
      if (Date.now() - navigated > 60_000) throw new Error(`${control.label}: the page never settled`);
      await sleep(100);
    }
    await settle(evaluate);
    if (process.env.FIRST_TAP_DEBUG) {
      console.info(
        await evaluate(
          `document.readyState + ' ' + document.documentElement.outerHTML.slice(0, 300) + ' ' + location.href + ' ' + document.title + ' ' + document.querySelectorAll('[data-testid]').length + ' ' + [...document.querySelectorAll('[data-island]')].map((e) => e.dataset.island).join(',')`,
        ),
      );
    }
    // The control brought onto the screen as a visitor scrolls to it, then settled again.
    const target = JSON.stringify(control.tap);
    await evaluate(`(() => { const e = document.querySelector(${target}); const r = e.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight) e.scrollIntoView({ block: 'center', behavior: 'instant' }); })()`);
    await sleep(1_000);
    await settle(evaluate);
    const box = await evaluate(`(() => { const r = document.querySelector(${target}).getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()`);
    if (process.env.FIRST_TAP_DEBUG) {
      console.info(
        await evaluate(`JSON.stringify({ now: performance.now(), load: performance.getEntriesByType('navigation')[0].loadEventEnd,
          html: { ...document.documentElement.dataset }, scripts: performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js')).map((r) => [r.name.split('/').pop(), Math.round(r.startTime), Math.round(r.responseEnd)]) })`),
      );
    }
    const ready = await evaluate(`window.__readyAfterLoad ?? null`);
    // A tap is timed from its pointer-down, as a person feels it (the click comes at the pointer-up).
    const startEvent = control.key ? 'keydown' : 'pointerdown';
    await evaluate(`(() => {
      window.__tapBefore = ${control.before ?? 'null'};
      const tap = (window.__tap = { start: null, end: null, longest: 0 });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.interactionId) tap.longest = Math.max(tap.longest, entry.duration);
      }).observe({ type: 'event', durationThreshold: 16 });
      window.addEventListener(${JSON.stringify(startEvent)}, (event) => {
        if (tap.start !== null) return;
        tap.start = event.timeStamp;
        const look = () => {
          if (!(${control.shown})) return requestAnimationFrame(look);
          // This frame paints the answer: its end is the first message after it.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => { tap.end = performance.now(); };
          channel.port2.postMessage(null);
        };
        requestAnimationFrame(look);
      }, true);
    })()`);
    const mouse = { x: box.x, y: box.y, button: 'left', clickCount: 1 };
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...mouse });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...mouse });
    if (control.key) {
      await sleep(500);
      const key = { key: control.key, code: `Digit${control.key}`, text: control.key };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: control.key, code: key.code });
    }
    const tapped = Date.now();
    while (Date.now() - tapped < 30_000) {
      const tap = await evaluate('window.__tap');
      if (tap.end !== null) {
        // Event entries are reported after their frame: give the observer a moment.
        await sleep(300);
        const { longest } = await evaluate('window.__tap');
        return { ms: tap.end - tap.start, inp: longest, ready };
      }
      await sleep(50);
    }
    return { ms: null, inp: null, ready };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
    await cdp.send('Page.navigate', { url: 'about:blank' }).catch(() => {});
    cdp.close();
  }
}

/**
 * Until the page has done what it does at idle after loading: every island shown at this width started,
 * every control hydrated (`data-interactive`), no resource finished in the last two seconds (a chain of
 * modules, each imported by the one before, leaves gaps in the protocol's count of requests), then an
 * idle moment of the main thread. At most a minute.
 */
function settle(evaluate) {
  return evaluate(
    `new Promise((resolve) => {
      const until = performance.now() + 60000;
      const look = () => {
        const waiting = [...document.querySelectorAll('[data-island]')].some((island) => island.dataset.islandStarted !== 'true'
          && [...island.children].some((child) => child.getBoundingClientRect().width > 0));
        const interactive = document.documentElement.dataset.interactive === 'true';
        const last = Math.max(0, ...performance.getEntriesByType('resource').map((r) => r.responseEnd));
        if ((!waiting && interactive && performance.now() - last > 2000) || performance.now() > until) {
          requestIdleCallback(() => resolve(true));
        } else setTimeout(look, 200);
      };
      look();
    })`,
    true,
  );
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const server = await startServer(dist);
const chrome = await startChrome();
let failed = false;
try {
  console.info(
    `First tap on the public pages' controls: pointer-down (or key) to the frame that shows the answer, CPU ${CPU_SLOWDOWN}× slower, slow 4G, after the page loaded and settled (median of ${runs}; target ${FIRST_TAP_TARGET_MS} ms)\n`,
  );
  for (const control of CONTROLS) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await measure(chrome, server.url, control));
    const answered = results.filter((result) => result.ms !== null);
    if (answered.length < results.length) {
      failed = true;
      console.info(`  ${control.label.padEnd(56)} NO ANSWER within 30 s`);
      continue;
    }
    const ms = median(answered.map((result) => result.ms));
    const inp = median(answered.map((result) => result.inp));
    const readies = answered.map((result) => result.ready).filter((value) => value !== null);
    const ready = readies.length ? `${Math.round(median(readies))} ms after load` : 'not before the tap';
    const over = !control.record && ms > FIRST_TAP_TARGET_MS;
    if (over && !smoke) failed = true;
    console.info(
      `  ${control.label.padEnd(56)} ${String(Math.round(ms)).padStart(5)} ms  (runs ${answered.map((r) => Math.round(r.ms)).join(', ')}; longest event ${Math.round(inp)} ms; interactive ${ready})  ${control.record ? '' : over ? 'FAIL' : 'PASS'}`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
  if (!distArg) rmSync(dist, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
