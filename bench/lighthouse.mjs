#!/usr/bin/env node
// Lighthouse on the landing home: mobile preset (simulated slow 4G and a 4× slower CPU), system
// Chromium, a first-time visitor. Prints the four category scores and LCP, TBT, CLS (plus FCP and
// Speed Index), against the targets of issue 5 (every score ≥ 95).
// Usage: node lighthouse.mjs [--dist <built web folder>] [--runs N] [--path /home/] [--smoke]
// With several runs the median run (by performance score) is printed. --smoke (CI): the performance
// score, a timing on a machine busy with the other benchmarks, is printed but not judged; the other
// three are not timings and are still held to the target.
import { rmSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { buildWeb, startServer } from './lib/app.mjs';
import { startChrome } from './lib/browser.mjs';

export const SCORE_TARGET = 95;
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(arg('--runs', '1'));
const smoke = process.argv.includes('--smoke');
const judged = (name) => !(smoke && name === 'performance');
const pagePath = arg('--path', '/home/');
const distArg = arg('--dist', null);
const dist = distArg ?? buildWeb();

// Lighthouse's own answer to these is "run Lighthouse again": Chrome's trace of the load came back
// without an event it needs, which happens now and then on a busy machine and says nothing about the
// page. Such a run is measured again in a fresh Chrome (and said so); any other error stops the script.
const TRACE_RECORDING_ERRORS = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL']);
const MAX_ATTEMPTS = 3;

async function measure(url) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await startChrome();
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const error = lhr.runtimeError;
      if (!error) return lhr;
      if (!TRACE_RECORDING_ERRORS.has(error.code) || attempt === MAX_ATTEMPTS) {
        throw new Error(`Lighthouse: ${error.message}`);
      }
      console.warn(`  (Chrome's trace of run ${attempt} was incomplete: ${error.code}; measuring again)`);
    } finally {
      await chrome.kill();
    }
  }
}

const server = await startServer(dist);
const results = [];
try {
  for (let i = 0; i < runs; i++) results.push(await measure(`${server.url}${pagePath}`));
} finally {
  await server.stop();
  if (!distArg) rmSync(dist, { recursive: true, force: true });
}

results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
const lhr = results[Math.floor(results.length / 2)];
const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
const metric = (id) => lhr.audits[id];
const scores = {
  performance: score('performance'),
  accessibility: score('accessibility'),
  'best-practices': score('best-practices'),
  seo: score('seo'),
};
console.info(
  `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor} preset, ${pagePath}${runs > 1 ? `, median of ${runs} runs` : ''}\n`,
);
for (const [name, value] of Object.entries(scores)) {
  console.info(
    `  ${name.padEnd(16)} ${String(value).padStart(3)}   ${value >= SCORE_TARGET ? 'ok' : `below ${SCORE_TARGET}`}${judged(name) ? '' : ' (smoke run: not judged)'}`,
  );
}
console.info('');
for (const id of [
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'first-contentful-paint',
  'speed-index',
]) {
  console.info(`  ${metric(id).title.padEnd(26)} ${metric(id).displayValue}`);
}
const failing = Object.values(lhr.categories)
  .flatMap((category) => category.auditRefs.map((ref) => lhr.audits[ref.id]))
  .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0);
if (failing.length) console.info(`\n  failing audits: ${[...new Set(failing.map((a) => a.id))].join(', ')}`);
process.exitCode = Object.entries(scores).every(([name, value]) => !judged(name) || value >= SCORE_TARGET) ? 0 : 1;
