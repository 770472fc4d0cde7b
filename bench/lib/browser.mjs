// A tiny Chrome DevTools Protocol client over Node's built-in WebSocket: opens a page at a phone or
// desktop viewport and records every response, so that the benchmarks can say what a first view
// really downloads. Chrome is started by chrome-launcher (system Chromium by default).
import { launch } from 'chrome-launcher';

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'];

export async function startChrome() {
  return launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

export async function connect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const page = targets.find((t) => t.type === 'page');
  const socket = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const pending = new Map();
  const listeners = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners.get(message.method) ?? []) listener(message.params);
    }
  });
  return {
    send(method, params = {}) {
      const messageId = ++id;
      socket.send(JSON.stringify({ id: messageId, method, params }));
      return new Promise((resolve, reject) => pending.set(messageId, { resolve, reject }));
    },
    on(method, listener) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
    },
    close: () => socket.close(),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads `url` in a fresh page at the given viewport, waits for the load event and then for the network to
 * stay idle for `idleMs`, and returns every response (url, resource type, encoded bytes received) by
 * phase: `firstView` (sent before the load event), `atIdle` (after it, until the page's
 * `data-hydrated` mark: the islands near the screen, or the app), `afterHydrated` (the rest of the
 * islands, fetched at idle moments), with `hydratedAfterLoadMs`.
 *
 * With `interact: true` it then does what a visitor's first sign of use does on a server-rendered page
 * (docs/decisions/006): the mouse moves, the app is fetched and hydrated. It waits for
 * `<html data-hydrated="true">` (at most 30 s) and for the network to be idle again, and returns
 * `{ firstView, afterInteraction, afterScroll, hydrationMs }`; `hydrationMs` is null when the page never
 * hydrated. With `scrollToEnd: true` it then scrolls to the end of the page, half a screen at a time, and
 * `afterScroll` holds what that brought (parts of a page that load as they near the screen).
 */
export async function recordFirstView(
  chrome,
  url,
  { width = 412, height = 823, mobile = true, cookies = [], idleMs = 1500, interact = false, scrollToEnd = false } = {},
) {
  const cdp = await connect(chrome.port);
  const responses = new Map();
  // Which phase sent each request: responses are split by it, so that the app's code shows apart.
  const phaseOf = new Map();
  let phase = 'firstView';
  let inflight = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    inflight++;
    lastActivity = Date.now();
    if (!phaseOf.has(requestId)) phaseOf.set(requestId, phase);
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    responses.set(requestId, { url: response.url, type, status: response.status, bytes: 0 });
  });
  const done = ({ requestId, encodedDataLength }) => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
    const entry = responses.get(requestId);
    if (entry && encodedDataLength !== undefined) entry.bytes = encodedDataLength;
  };
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', done);
  let loaded = false;
  // After the load event the page fetches its islands (or the app) at an idle moment, then, once those
  // near the screen are hydrated, the rest of the islands shown at this width (docs/decisions/033).
  cdp.on('Page.loadEventFired', () => {
    loaded = true;
    if (phase === 'firstView') phase = 'atIdle';
  });
  let hydratedAfterLoadMs = null;
  cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
    if (name !== '__benchHydrated') return;
    hydratedAfterLoadMs = Math.round(Number(payload));
    if (phase === 'atIdle') phase = 'afterHydrated';
  });
  const waitForIdle = async (until) => {
    // The page's code comes at an idle moment after the load event: until it is hydrated, a quiet
    // network is only that moment not having come yet.
    while (!(loaded && hydratedAfterLoadMs !== null && inflight === 0 && Date.now() - lastActivity > idleMs)) {
      if (Date.now() > until) break;
      await sleep(100);
    }
  };
  const ofPhase = (name) => [...responses].filter(([id]) => phaseOf.get(id) === name).map(([, entry]) => entry);

  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.clearBrowserCookies');
  for (const cookie of cookies) await cdp.send('Network.setCookie', { url, ...cookie });
  await cdp.send('Page.enable');
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__benchHydrated' });
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
    source: `new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== 'true') return;
      observer.disconnect();
      const load = performance.getEntriesByType('navigation')[0]?.loadEventEnd || performance.now();
      window.__benchHydrated(String(performance.now() - load));
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });`,
  });
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width,
    height,
    deviceScaleFactor: mobile ? 2.625 : 1,
    mobile,
  });
  await cdp.send('Page.navigate', { url });
  await waitForIdle(Date.now() + 60_000);
  if (!interact) {
    await cdp.send('Page.navigate', { url: 'about:blank' });
    cdp.close();
    return {
      firstView: ofPhase('firstView'),
      atIdle: ofPhase('atIdle'),
      afterHydrated: ofPhase('afterHydrated'),
      hydratedAfterLoadMs,
    };
  }

  // Both instants are taken in the page (the event's timestamp and the attribute's change), so that the
  // time does not include this client's polling interval.
  await cdp.send('Runtime.evaluate', {
    expression: `(() => {
      const root = document.documentElement;
      window.addEventListener('pointermove', (event) => { window.__benchIntentAt ??= event.timeStamp; }, true);
      const mark = () => { if (root.dataset.hydrated === 'true') window.__benchHydratedAt ??= performance.now(); };
      new MutationObserver(mark).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
      mark();
    })()`,
  });
  phase = 'afterInteraction';
  lastActivity = Date.now();
  const sentAt = Date.now();
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 100, y: 100 });
  let hydrationMs = null;
  while (Date.now() - sentAt < 30_000) {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `({ hydrated: document.documentElement.dataset.hydrated === 'true',
        intentAt: window.__benchIntentAt ?? null, hydratedAt: window.__benchHydratedAt ?? null })`,
      returnByValue: true,
    });
    const { hydrated, intentAt, hydratedAt } = result.value;
    if (hydrated) {
      // Measured from here (coarser) only if the page did not see the pointer move.
      hydrationMs = Math.round(intentAt !== null && hydratedAt !== null ? hydratedAt - intentAt : Date.now() - sentAt);
      break;
    }
    await sleep(50);
  }
  if (hydrationMs !== null) await waitForIdle(Date.now() + 60_000);
  if (scrollToEnd && hydrationMs !== null) {
    // Down the page a screen at a time, as a reader does: what comes as parts near the screen.
    phase = 'afterScroll';
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'document.documentElement.scrollHeight',
      returnByValue: true,
    });
    for (let y = 0; y <= result.value; y += Math.round(height / 2)) {
      await cdp.send('Runtime.evaluate', { expression: `window.scrollTo({ top: ${y}, behavior: 'instant' })` });
      await sleep(100);
    }
    await waitForIdle(Date.now() + 60_000);
  }
  await cdp.send('Page.navigate', { url: 'about:blank' });
  cdp.close();
  return {
    firstView: ofPhase('firstView'),
    atIdle: ofPhase('atIdle'),
    afterHydrated: ofPhase('afterHydrated'),
    hydratedAfterLoadMs,
    afterInteraction: ofPhase('afterInteraction'),
    afterScroll: ofPhase('afterScroll'),
    hydrationMs,
  };
}
