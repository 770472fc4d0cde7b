#!/usr/bin/env node
// Bundle size of the public site. Prints:
//   1. the JavaScript (and CSS) each route module adds on top of the entry, gzip, from the Vite manifest;
//   2. what a phone really downloads for the first view of the landing home (Chromium at 412×823,
//      a first-time visitor, until the network is idle), gzip as the server sends it, against the
//      120 KB budget; and the same at 1280 px;
//   3. that no customer-area or back-office chunk and no other origin is requested by a public page.
// Usage: node bundle-size.mjs [--dist <built web folder>]   (default: builds into a temporary folder)
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, kb, startServer, transferredBytes } from './lib/app.mjs';
import { recordFirstView, startChrome } from './lib/browser.mjs';

export const FIRST_VIEW_BUDGET_BYTES = 120 * 1024;
const PRIVATE_SOURCES =
  /^src\/(app\/layouts\/main-layout|app\/customer-routes|features\/(home|wallet|transactions|documents|products|loan|cash|account|backoffice)\/)/;
const PUBLIC_PAGES = [
  '/home/',
  '/why-us/',
  '/about-us/',
  '/contact/',
  '/products/',
  '/investment-opportunity/',
  '/support/',
  '/terms/',
  '/l/aurora-energia/',
];

const argDist = process.argv.indexOf('--dist');
const dist = argDist > 0 ? path.resolve(process.argv[argDist + 1]) : buildWeb();
const ownBuild = argDist < 0;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 6 }).length;

function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}
const filesOf = (keys) => ({
  js: [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')),
  css: [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))],
});
const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure([entryKey]);
const entryFiles = filesOf(entry);
console.info('Bundle size (gzip level 6, as served)\n');
console.info(
  `  entry (every page)            JS ${kb(sum(entryFiles.js)).padStart(9)}   CSS ${kb(sum(entryFiles.css)).padStart(9)}   ${entryFiles.js.length} files`,
);

const routeKeys = Object.keys(manifest).filter(
  (k) =>
    manifest[k].isDynamicEntry && /^src\/(features|app\/layouts)\/.*(page|layout)\.tsx$/.test(manifest[k].src ?? ''),
);
const rows = routeKeys.map((key) => {
  const own = new Set([...closure([key])].filter((k) => !entry.has(k)));
  const files = filesOf(own);
  const cssOwn = files.css.filter((f) => !entryFiles.css.includes(f));
  return { src: manifest[key].src, js: sum(files.js), css: sum(cssOwn) };
});
const section = (title, filter) => {
  const list = rows.filter(filter).sort((a, b) => a.src.localeCompare(b.src));
  if (!list.length) return;
  console.info(`\n  ${title}`);
  for (const row of list) {
    console.info(
      `    ${row.src.replace(/^src\//, '').padEnd(52)} JS ${kb(row.js).padStart(9)}   CSS ${kb(row.css).padStart(8)}`,
    );
  }
};
section('public route modules (on top of the entry)', (r) => !PRIVATE_SOURCES.test(r.src));
section('customer area and back-office route modules (never on a public page)', (r) => PRIVATE_SOURCES.test(r.src));

// Chunks only the customer area or back-office reach: none of them may load on a public page. Public
// reach follows dynamic imports too (sections loaded on scroll), but never into a private module.
function publicClosure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key] || PRIVATE_SOURCES.test(manifest[key].src ?? '')) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
  return seen;
}
const publicReach = publicClosure([entryKey]);
const privateOnly = new Set(
  [...closure(Object.keys(manifest).filter((k) => PRIVATE_SOURCES.test(manifest[k].src ?? '')))]
    .filter((k) => !publicReach.has(k))
    .map((k) => manifest[k].file),
);

const server = await startServer(dist);
const chrome = await startChrome();
let failed = false;
try {
  const viewports = [
    { label: 'phone 412×823', width: 412, height: 823, mobile: true },
    { label: 'desktop 1280×800', width: 1280, height: 800, mobile: false },
  ];
  console.info('\n  Landing home, first view (Chromium, first visit, until the network is idle)');
  for (const viewport of viewports) {
    for (const language of ['it-IT', 'en-US']) {
      const responses = await recordFirstView(chrome, `${server.url}/home/`, {
        ...viewport,
        cookies: [{ name: 'lombard_language', value: language }],
      });
      const scripts = responses.filter((r) => r.type === 'Script');
      let gzip = 0;
      for (const script of scripts) gzip += (await transferredBytes(script.url, 'gzip')).bytes;
      const received = scripts.reduce((total, r) => total + r.bytes, 0);
      const over = gzip > FIRST_VIEW_BUDGET_BYTES;
      if (over && viewport.mobile) failed = true;
      console.info(
        `    ${viewport.label.padEnd(17)} ${language}  JS ${String(scripts.length).padStart(2)} files  gzip ${kb(gzip).padStart(9)}  (received incl. headers: ${kb(received)})  budget ${kb(FIRST_VIEW_BUDGET_BYTES)} ${over ? 'OVER' : 'ok'}`,
      );
    }
  }

  console.info('\n  Public pages: other origins and customer-area / back-office chunks requested');
  for (const page of PUBLIC_PAGES) {
    const responses = await recordFirstView(chrome, `${server.url}${page}`, { idleMs: 800 });
    const foreign = responses.filter((r) => !r.url.startsWith(server.url) && !r.url.startsWith('data:'));
    const leaked = responses.filter((r) => privateOnly.has(new URL(r.url, server.url).pathname.replace(/^\//, '')));
    if (foreign.length || leaked.length) failed = true;
    console.info(
      `    ${page.padEnd(28)} requests ${String(responses.length).padStart(3)}   other origins ${foreign.length}   private chunks ${leaked.length}${leaked.length ? ` (${leaked.map((r) => r.url).join(', ')})` : ''}`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
  if (ownBuild) rmSync(dist, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
