#!/usr/bin/env node
// Request benchmark: the compiled app (NODE_ENV=production, logging as shipped) beside a bare Fastify,
// on the embedded database and then on PostgreSQL (DATABASE_URL, or the local server when it answers).
// Per row (rows.mjs): a warm-up, then paired autocannon runs (100 connections) alternating app and bare;
// the median share of the bare throughput, p50/p99 and errors, PASS/FAIL against the row's targets.
// Also: cold start to /readyz and the app's resident memory after the load.
//   node requests.mjs [--dist <web build>] [--smoke] [--rows <texts>] [--database pglite|postgres]
//                     [--before-setup]
//   --smoke: a second per row, no thresholds. --rows: only the rows whose label contains one of the
//   comma-separated texts; --database: one database only (both for looking into one figure; the
//   recorded figures come from the whole run). --before-setup: the anonymous rows also measured before
//   the benchmark's set-up traffic, not judged.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildWeb, startServer } from './lib/app.mjs';
import { autocannon, startBare } from './lib/load.mjs';
import { createBenchProduct, seedPositions, seedTransactions } from './lib/money-data.mjs';
import { ROWS } from './rows.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    rows: { type: 'string' },
    database: { type: 'string' },
    'before-setup': { type: 'boolean', default: false },
  },
});
const smoke = values.smoke;
// The smoke run proves each row answers (no warm-up: nothing of it is judged).
// A paired run gives each side `run` seconds in `slices` alternating slices (app, bare, app, bare, …):
// the speed of a shared virtual machine drifts from one second to the next (the bare Fastify alone moved
// between 33,000 and 60,000 requests a second in consecutive 3-second runs), and slices this short see
// nearly the same machine on both sides.
const TIMING = smoke ? { warmup: 0, run: 1, slices: 1, pairs: 1 } : { warmup: 3, run: 5, slices: 5, pairs: 3 };
const CONNECTIONS = 100;
const DEMO_PASSWORD = 'Demo-pass-2026';
const ACCOUNTS = { customer: 'customer@demo.lombard.test', admin: 'admin@demo.lombard.test' };
const NOTIFICATIONS = 1000;
const TRANSACTIONS = 10_000;
// CI's smoke run proves the rows run; it does not need the full lists.
const NOTIFICATIONS_SMOKE = 50;
const TRANSACTIONS_SMOKE = 500;
const POSITIONS = 20;
// Every row asks as the app's pages do: a browser's fetch always offers these encodings.
const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const dist = values.dist ? path.resolve(values.dist) : buildWeb();
const wanted = values.rows?.split(',');
const selectedRows = ROWS.filter((r) => !wanted || wanted.some((text) => r.label.includes(text)));

/**
 * A run against `url`. A row with a body posts it; an idempotent row sends a fresh Idempotency-Key with
 * every request (each one is a new withdrawal, as a customer's would be); `rate` caps requests per second.
 */
function cannon(url, headers, seconds, row = {}, rate = undefined) {
  // A smoke run proves each row answers: a set number of requests, however long a loaded machine takes
  // (a one-second window on CI could end before the first answer of a cold route, and count as errors).
  const options = smoke
    ? { url, connections: CONNECTIONS, amount: 2 * CONNECTIONS, headers }
    : { url, connections: CONNECTIONS, duration: seconds, headers };
  if (row.method) options.method = row.method;
  if (row.body) {
    options.body = JSON.stringify(row.body);
    options.headers = { ...headers, 'content-type': 'application/json' };
  }
  if (row.idempotent) {
    options.requests = [
      { setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }) },
    ];
  }
  if (rate && !smoke) options.overallRate = rate;
  return autocannon(options);
}

async function call(base, method, url, { token, body, idempotencyKey } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const signIn = async (base, who) =>
  (await call(base, 'POST', '/api/account/token/auth/', { body: { email: ACCOUNTS[who], password: DEMO_PASSWORD } }))
    .access;

/** The benchmark's own data set: the demo customer gets notifications up to 1,000, sent by an operator. */
async function seedNotifications(base) {
  const admin = await signIn(base, 'admin');
  const customer = await signIn(base, 'customer');
  const { contact: userId } = await call(base, 'GET', '/api/account/me/', { token: customer });
  const { count } = await call(base, 'GET', '/api/v1/notifications/?per_page=1', { token: customer });
  let next = count;
  const total = smoke ? NOTIFICATIONS_SMOKE : NOTIFICATIONS;
  const worker = async () => {
    while (next < total) {
      const n = ++next;
      await call(base, 'POST', '/api/v1/backoffice/notifications/', {
        token: admin,
        body: { user_id: userId, title: `Avviso ${n}`, body: `Messaggio numero ${n} del banco di prova.` },
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const CLOCK_TICKS = 100;
/** CPU time (user and system, all threads) a process has used so far, in µs. */
function cpuTimeUs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

/** A run, with the CPU time (µs) the server spent during it. */
async function withCpuTime(pid, run) {
  const before = cpuTimeUs(pid);
  const result = await run();
  return { ...result, cpuTotalUs: cpuTimeUs(pid) - before };
}

/**
 * The slices of one side of a paired run as one run: requests, errors and CPU time added up, the
 * throughput over the side's whole time, the CPU time per request answered.
 */
function joinSlices(slices, seconds) {
  const add = (read) => slices.reduce((sum, s) => sum + read(s), 0);
  const total = add((s) => s.requests.total);
  return {
    requests: { total, average: total / seconds },
    errors: add((s) => s.errors),
    timeouts: add((s) => s.timeouts),
    non2xx: add((s) => s.non2xx),
    cpuUs: add((s) => s.cpuTotalUs) / Math.max(1, total),
  };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
// A run in which nothing completed is a failure too (requests still waiting are not counted as errors).
const errorsOf = (r) => r.errors + r.timeouts + r.non2xx + (r.requests.total === 0 ? CONNECTIONS : 0);
const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
};

/**
 * A row's paired runs against the app and the bare Fastify, as a line of the table. `judged` false: a
 * figure for comparison (--before-setup), held against no target.
 */
async function measureRow(app, bare, row, kind, judged) {
  // A fresh token per row: access tokens live five minutes. The bare Fastify is sent the same headers
  // (it reads and ignores them): the share then compares two answers to the same request, not the
  // app's answer with a bare answering a shorter one.
  const headers = {
    ...AS_A_BROWSER,
    ...row.headers,
    ...(row.as ? { authorization: `Bearer ${await signIn(app.url, row.as)}` } : {}),
  };
  const target = `${app.url}${row.path}`;
  if (TIMING.warmup > 0) {
    await cannon(target, headers, TIMING.warmup, row);
    await cannon(bare.url, headers, TIMING.warmup);
  }
  const shares = [];
  const runs = [];
  const slice = TIMING.run / TIMING.slices;
  const appSlice = () => withCpuTime(app.pid, () => cannon(target, headers, slice, row));
  const bareSlice = () => withCpuTime(bare.pid, () => cannon(bare.url, headers, slice));
  for (let i = 0; i < TIMING.pairs; i++) {
    // Alternate which goes first, so that a drift of the machine does not favour either.
    const appFirst = i % 2 === 0;
    const appSlices = [];
    const bareSlices = [];
    for (let n = 0; n < TIMING.slices; n++) {
      if (!appFirst) bareSlices.push(await bareSlice());
      appSlices.push(await appSlice());
      if (appFirst) bareSlices.push(await bareSlice());
    }
    const mine = joinSlices(appSlices, TIMING.run);
    const theirs = joinSlices(bareSlices, TIMING.run);
    shares.push(mine.requests.average / theirs.requests.average);
    runs.push({ ...mine, bareCpuUs: theirs.cpuUs });
  }
  const share = median(shares);
  const medianPair = runs[shares.indexOf(share)];
  // The latency comes from a whole run of the app's own: each slice opens its 100 connections at once,
  // and in a one-second slice those first moments are a large part of the slowest per cent. A write is
  // judged as a service runs it, below its peak: that run is paced at the row's share of the peak it
  // just reached, and its throughput and errors are the row's.
  const peak = Math.max(...runs.map((r) => r.requests.average));
  const pace = row.atShareOfPeak ? Math.max(1, Math.floor(peak * row.atShareOfPeak)) : undefined;
  const latencyRun = await cannon(target, headers, TIMING.run, row, pace);
  const throughput = row.atShareOfPeak ? latencyRun : medianPair;
  const measured = row.atShareOfPeak ? [latencyRun] : [...runs, latencyRun];
  let errors = measured.reduce((sum, r) => sum + errorsOf(r), 0);
  if (row.verifyLedger) {
    const report = await call(app.url, 'GET', '/api/v1/backoffice/ledger/verify/', {
      token: await signIn(app.url, 'admin'),
    });
    if (!report.ok) {
      console.error(`ledger verification failed after ${row.label}: ${JSON.stringify(report.checks)}`);
      errors += 1;
    }
  }
  const shareTarget = row.share[kind];
  const p99Checked = kind === 'postgres';
  const pass = errors === 0 && share >= shareTarget && (!p99Checked || latencyRun.latency.p99 <= row.p99);
  let result = pass ? 'PASS' : 'FAIL';
  if (smoke) result = errors === 0 ? 'ran' : 'ERRORS';
  else if (!judged) result = 'not judged';
  return {
    row: row.label,
    db: judged ? kind : `${kind}, before set-up`,
    // One decimal: a share just under its target would otherwise print as the target itself, and FAIL.
    share: `${(share * 100).toFixed(1)} %`,
    target: `≥ ${(shareTarget * 100).toFixed(0)} %`,
    'req/s': Math.round(throughput.requests.average),
    'p50 ms': latencyRun.latency.p50,
    'p99 ms': latencyRun.latency.p99,
    'p99 target': p99Checked ? `≤ ${row.p99}` : '—',
    'CPU µs app/bare': `${medianPair.cpuUs.toFixed(1)} / ${medianPair.bareCpuUs.toFixed(1)}`,
    errors,
    result,
  };
}

async function benchDatabase(kind, env) {
  const app = await startServer(dist, { SEED_DEMO: 'true', ...env });
  const bare = await startBare();
  const results = [];
  try {
    // The rows whose answer does not depend on the set-up's data, once more in the process as it
    // started: what the set-up's traffic costs them (README: "What the process has served before").
    if (values['before-setup']) {
      for (const row of selectedRows.filter((r) => !r.as)) results.push(await measureRow(app, bare, row, kind, false));
    }
    await seedNotifications(app.url);
    const tokens = { admin: await signIn(app.url, 'admin'), customer: await signIn(app.url, 'customer') };
    const api = (method, url, options) => call(app.url, method, url, options);
    await seedTransactions(api, tokens, { count: smoke ? TRANSACTIONS_SMOKE : TRANSACTIONS, cash: '10000000.00' });
    await seedPositions(api, tokens, {
      positions: POSITIONS,
      createProduct: (n) => createBenchProduct(api, tokens, n),
    });
    // Each position is a line of the advance page's borrowing power, beside the demo stock plan.
    const power = await api('GET', '/api/v1/advances/borrowing-power/', { token: tokens.customer });
    if (power.lines.length <= POSITIONS)
      throw new Error(`${power.lines.length} collateral lines, not ${POSITIONS + 1}`);
    for (const row of selectedRows) results.push(await measureRow(app, bare, row, kind, true));
    return { results, readyMs: app.readyMs, rss: rssMb(app.pid) };
  } finally {
    bare.stop();
    await app.stop();
  }
}

/** A fresh database on the PostgreSQL server, or null when there is none to reach. */
async function postgresDatabase() {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `lombard_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Rows of objects as aligned text columns (headers from the first row's keys). */
function printTable(rows) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const cells = [columns, ...rows.map((r) => columns.map((c) => String(r[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  for (const [n, line] of cells.entries()) {
    console.info(
      `  ${line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`,
    );
    if (n === 0) console.info(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  }
  console.info('');
}

const table = [];
const extras = [];
// DATABASE_URL is for the PostgreSQL pass only; the embedded pass must not inherit it.
const { DATABASE_URL: _unused, ...withoutUrl } = process.env;
process.env = withoutUrl;

/** Each database's pass, to run: its rows, cold start and memory. */
const passes = [];
if (values.database !== 'postgres') {
  passes.push(async () => ({ ...(await benchDatabase('pglite', {})), database: 'embedded (PGlite)' }));
}
const server = values.database === 'pglite' ? null : await postgresDatabase();
if (server) {
  passes.push(async () => {
    try {
      return { ...(await benchDatabase('postgres', { DATABASE_URL: server.url })), database: 'PostgreSQL' };
    } finally {
      await server.drop();
    }
  });
} else if (values.database === 'pglite') {
  console.info('PostgreSQL: not run (--database pglite).');
} else {
  console.info('PostgreSQL: no server reachable (DATABASE_URL or 127.0.0.1:5432); embedded database only.');
}
// Measured passes run one after the other, each with the machine to itself; the smoke run only proves
// that every row answers, so its two passes run side by side (CI's time; its cold starts then overlap).
const outcomes = smoke ? await Promise.all(passes.map((pass) => pass())) : [];
if (!smoke) for (const pass of passes) outcomes.push(await pass());
for (const outcome of outcomes) {
  table.push(...outcome.results);
  extras.push({
    database: outcome.database,
    'cold start to /readyz': `${Math.round(outcome.readyMs)} ms`,
    'memory after load': `${outcome.rss} MB`,
  });
}

console.info(
  `\nRequests (${CONNECTIONS} connections; share of a bare Fastify "hello" in the same run${smoke ? '; smoke run, no thresholds' : ''})`,
);
printTable(table);
console.info('Cold start (fresh database: migrations and demo data) and resident memory after the load');
printTable(extras);
const failed = table.some((r) => r.result === 'FAIL' || r.result === 'ERRORS');
process.exitCode = failed ? 1 : 0;
