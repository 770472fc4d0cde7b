#!/usr/bin/env node
// Scale benchmark (issue 41): the ledger and the hot lists at 10,000, 100,000 and 1,000,000 customers'
// worth of rows, written straight into PostgreSQL (lib/scale-data.mjs), not through the API. The sizes
// grow one database: after each, VACUUM ANALYZE (what autovacuum does to a table in service), then a
// fresh app on it (nothing kept in its read cache) measures, through its real routes (app.inject) and
// its real job queue:
// - the transactions page (page 1 of 10, with its count) and the wallet of sampled customers, three times
//   each with nothing kept (their read cache dropped in between), and the transactions page of customer 0,
//   who has 10,003 transactions;
// - the back office's ledger verification (every check of the books);
// - the day's quarterly interest run (the instalments due today: about one advance in 91).
// Every statement of a sampled customer's requests, and of the verification, is explained (EXPLAIN
// ANALYZE, BUFFERS): its time, the pages it touched, and the index or scan that reached each table.
//   npm run bench:scale [-- --sizes 10000,100000,1000000] [--keep]
// Needs a PostgreSQL server (DATABASE_URL, or 127.0.0.1:5432): it creates `lombard_scale_<pid>` and
// drops it at the end unless --keep. The 1,000,000 stage writes about 4 GB.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { customerEmail, prepare, userIdOf, writeStage } from './lib/scale-data.mjs';
import { describePlans, explainAll } from './lib/scale-plans.mjs';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '10000,100000,1000000' }, keep: { type: 'boolean', default: false } },
});
const sizes = values.sizes.split(',').map(Number);
if (sizes.some((n, i) => !(n > (sizes[i - 1] ?? 0)))) throw new Error('--sizes: increasing numbers of customers');

// The app's own modules, as its tests run them (TypeScript through tsx).
register();
const api = (file) => import(path.join(import.meta.dirname, '../apps/api/src', file));
const { buildApp } = await api('app.ts');
const { loadConfig } = await api('config.ts');
const { openDatabase } = await api('db/client.ts');
const { DEMO_PASSWORD } = await api('db/seed/accounts.ts');
const { enqueueJob } = await api('lib/jobs/queue.ts');
const { ADVANCE_INTEREST_JOB } = await api('modules/advances/interest-job.ts');
const { calendarDate } = await import('@lombard/shared/money/business-days');

const SAMPLE = [0.13, 0.37, 0.61, 0.89];
/** Requests per sampled customer, each read from the database (the median of all is the figure). */
const ROUNDS = 3;
const TABLES = [
  'users',
  'ledger_accounts',
  'journal_entries',
  'journal_lines',
  'transactions',
  'advances',
  'advance_collateral',
  'advance_instalments',
];

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `lombard_scale_${process.pid}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-scale-'));
const recorded = { on: false, statements: [] };
// A handle per app: an app keeps its declarations per handle (lib/resource/registry.ts).
const openHandle = () =>
  openDatabase({
    databaseUrl: url.toString(),
    dataDir,
    onQuery: (query, params) => recorded.on && recorded.statements.push({ query, params }),
  });
const direct = new pg.Client({ connectionString: url.toString() });
await direct.connect();
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url.toString(),
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  RATE_LIMIT_MAX: '100000000',
  AUTH_RATE_LIMIT_MAX: '100000000',
  REDIS_URL: '',
});

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (n) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

async function request(app, method, url, token) {
  const res = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

async function signIn(app, email, password = DEMO_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/account/token/auth/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in ${email}: ${res.statusCode} ${res.body}`);
  return res.json().access;
}

/** Each request's statements recorded while it runs. */
async function recording(work) {
  recorded.statements = [];
  recorded.on = true;
  try {
    return { ...(await timed(work)), statements: recorded.statements };
  } finally {
    recorded.on = false;
  }
}

/** One size: the app built afresh on the database as it now is, every figure measured once. */
async function measure(size) {
  const handle = await openHandle();
  const app = await buildApp({ config, database: handle });
  await app.ready();
  try {
    const adminToken = await signIn(app, 'admin@demo.lombard.test');
    // An advance customer among the sampled ones (every tenth has one), then others spread over the range.
    const sample = [10 * Math.floor(size / 20), ...SAMPLE.map((f) => Math.max(1, Math.floor(size * f)))];
    const tokens = [];
    for (const k of sample) tokens.push(await signIn(app, customerEmail(k)));
    // Compiled code, pools and caches of the process warmed by a customer outside the sample.
    const warm = await signIn(app, customerEmail(size - 1));
    await request(app, 'GET', '/api/v1/transactions/?page=1&per_page=10', warm);
    await request(app, 'GET', '/api/v1/wallet/', warm);

    // Each customer's answers are dropped from the read cache between rounds, as a change of their data
    // would drop them: every request measured is read from the database.
    const forget = async (k) => {
      await direct.query(`select pg_notify('lombard_data', $1)`, [`u:${userIdOf(k)}`]);
      await app.readCache.caughtUp();
    };
    const page = [];
    const wallet = [];
    let plans = null;
    for (const [i, token] of tokens.entries()) {
      for (let round = 0; round < ROUNDS; round++) {
        const list = await recording(() => request(app, 'GET', '/api/v1/transactions/?page=1&per_page=10', token));
        const positions = await recording(() => request(app, 'GET', '/api/v1/wallet/', token));
        if (list.result.count !== 3) throw new Error(`customer ${sample[i]}: ${list.result.count} transactions`);
        page.push(list.ms);
        wallet.push(positions.ms);
        if (!plans) {
          plans = {
            page: await explainAll(direct, list.statements),
            wallet: await explainAll(direct, positions.statements),
          };
        }
        await forget(sample[i]);
      }
    }
    const heavyToken = await signIn(app, customerEmail(0));
    const heavyTimes = [];
    for (let round = 0; round < ROUNDS; round++) {
      const heavy = await recording(() => request(app, 'GET', '/api/v1/transactions/?page=1&per_page=10', heavyToken));
      heavyTimes.push(heavy.ms);
      plans.heavy ??= await explainAll(direct, heavy.statements);
      await forget(0);
    }

    let verify;
    try {
      verify = await recording(() => request(app, 'GET', '/api/v1/backoffice/ledger/verify/', adminToken));
      if (!verify.result.ok) throw new Error(`books do not verify: ${JSON.stringify(verify.result.checks)}`);
      verify.statementCount = verify.statements.length;
      plans.verify = await explainAll(direct, verify.statements);
    } catch (error) {
      verify = { failed: String(error.message ?? error).slice(0, 200) };
    }

    const today = calendarDate(new Date());
    const paidBefore = await paidInstalments();
    await enqueueJob(handle.db, ADVANCE_INTEREST_JOB, { date: today });
    const interest = await recording(() => app.jobs.drain());
    plans.interest = await explainAll(direct, interest.statements);
    const collected = (await paidInstalments()) - paidBefore;
    const { rows: failed } = await direct.query(`select count(*)::int as n from jobs where status <> 'done'`);
    if (failed[0].n > 0) throw new Error('the interest run did not finish');
    return {
      page: median(page),
      wallet: median(wallet),
      heavy: median(heavyTimes),
      verify,
      interest: { ms: interest.ms, collected },
      plans,
    };
  } finally {
    await app.close();
    await handle.close();
  }
}

async function paidInstalments() {
  const { rows } = await direct.query(`select count(*)::int as n from advance_instalments where state = 'paid'`);
  return rows[0].n;
}

async function tableSizes() {
  const { rows } = await direct.query(
    `select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relname = any($1)`,
    [TABLES],
  );
  const { rows: size } = await direct.query('select pg_database_size(current_database()) as bytes');
  return { ...Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)])), gb: Number(size[0].bytes) / 1e9 };
}

const results = [];
try {
  // The app migrates and seeds the demo data (the platform accounts and funds the customers use).
  const seeding = await openHandle();
  await (await buildApp({ config, database: seeding })).close();
  await seeding.close();
  await prepare(direct);
  const { rows: demo } = await direct.query(`select id from users where email = 'customer@demo.lombard.test'`);
  const today = calendarDate(new Date());
  let done = 0;
  for (const size of sizes) {
    console.info(`\n=== ${size.toLocaleString('en')} customers`);
    const written = await timed(() =>
      writeStage(direct, { lo: done, hi: size, today, demoCustomerId: demo[0].id }, (label, t) =>
        console.info(`  wrote ${label}: ${ms(t)}`),
      ),
    );
    const vacuum = await timed(() => direct.query(`vacuum analyze ${TABLES.join(', ')}`));
    done = size;
    const rows = await tableSizes();
    console.info(`  generated in ${ms(written.ms)}, vacuum analyze ${ms(vacuum.ms)}; ${JSON.stringify(rows)}`);
    const figures = await measure(size);
    results.push({ size, rows, generated: written.ms, ...figures });
    console.info(
      `  transactions page ${ms(figures.page)} (10,003 rows: ${ms(figures.heavy)}), wallet ${ms(figures.wallet)}`,
    );
    console.info(
      figures.verify.failed
        ? `  ledger verification FAILED: ${figures.verify.failed}`
        : `  ledger verification ${ms(figures.verify.ms)} (${figures.verify.statementCount} statements)`,
    );
    console.info(`  interest run ${ms(figures.interest.ms)} for ${figures.interest.collected} instalments`);
    for (const [what, plans] of Object.entries(figures.plans)) {
      console.info(`  plans, ${what}:`);
      for (const line of describePlans(plans)) console.info(line);
    }
  }
} finally {
  await direct.end();
  if (!values.keep) await admin.query(`drop database if exists ${name} with (force)`);
  else console.info(`kept: ${url}`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

console.info('\nScale (PostgreSQL; requests read from the database, nothing kept; medians)');
console.info(
  '| customers | journal lines | transactions | page | page, 10,003 rows | wallet | ledger verification | interest run |',
);
console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  const verify = r.verify.failed ? `fails (${r.verify.failed.slice(0, 60)})` : ms(r.verify.ms);
  const perAdvance = r.interest.collected ? `, ${ms(r.interest.ms / r.interest.collected)} each` : '';
  console.info(
    `| ${r.size.toLocaleString('en')} | ${r.rows.journal_lines.toLocaleString('en')} | ${r.rows.transactions.toLocaleString('en')} | ${ms(r.page)} | ${ms(r.heavy)} | ${ms(r.wallet)} | ${verify} | ${ms(r.interest.ms)}: ${r.interest.collected} instalments${perAdvance} |`,
  );
}
