// Browser tests drive the built app (npm run build -w @lombard/web) served by the real API in
// production mode, on a free port and a temporary embedded database seeded with demo data.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutable } from './support/chromium';
import { freshDatabase } from './support/e2e-database';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// The config is evaluated again in every worker: choose the ports and folders once, in the main process.
// Journeys that change the demo's shared prices get an app of their own (its own port, folder and
// database), so they run beside the others instead of after all of them with one worker idle.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'lombard-e2e-'));
process.env.E2E_PRICES_PORT ??= String(await freePort());
process.env.E2E_PRICES_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'lombard-e2e-prices-'));
const port = Number(process.env.E2E_PORT);
const pricesPort = Number(process.env.E2E_PRICES_PORT);

// E2E_DATABASE_SERVER (postgres://…): the apps run on that PostgreSQL server, each in a database of this
// run's own, dropped when the run ends; unset, on the embedded database in their folders, as `npm start` does.
const databaseServer = process.env.E2E_DATABASE_SERVER;
if (databaseServer && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_NAMES = `lombard_e2e_${port},lombard_e2e_${pricesPort}`;
  process.env.E2E_DATABASE_URL = await freshDatabase(databaseServer, `lombard_e2e_${port}`);
  process.env.E2E_PRICES_DATABASE_URL = await freshDatabase(databaseServer, `lombard_e2e_${pricesPort}`);
}
// The run's databases are its own, so a key of the run's own seals their authenticator secrets (kept in the
// environment for the workers, which load this file again).
process.env.E2E_AUTHENTICATOR_KEY ??= randomBytes(32).toString('hex');
/** On PostgreSQL: the demo data and its simulated prices, which a deployment there gets only when asked for. */
const onDatabaseServer = (url: string | undefined): Record<string, string> =>
  url
    ? {
        DATABASE_URL: url,
        SEED_DEMO: 'true',
        NAV_SOURCE: 'simulated',
        AUTHENTICATOR_KEY: process.env.E2E_AUTHENTICATOR_KEY!,
      }
    : {};
const baseURL = `http://127.0.0.1:${port}`;
const pricesURL = `http://127.0.0.1:${pricesPort}`;
const root = path.resolve(import.meta.dirname, '..');

// WEB_DIST lets parallel runs each test their own build.
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The web app is not built: run `npm run build -w @lombard/web` (npm run test:e2e does it).');
}

/** Journeys that change the demo's shared prices (an operator records NAVs). */
const PRICE_CHANGING = /margin-(alerts|states)\.spec\.ts$/;

/** One app as it ships: the API compiled to plain JavaScript (apps/api/build.mjs), into this run's own folder
 * (inside apps/api, where the bundle finds its packages), serving the web build. */
function appServer(appPort: number, dataDir: string, databaseUrl: string | undefined) {
  const outdir = path.join(root, 'apps/api/dist', `e2e-${appPort}`);
  return {
    command: `node ${path.join(root, 'apps/api/build.mjs')} --outdir ${outdir} && node ${path.join(outdir, 'server.js')}`,
    cwd: root,
    url: `http://127.0.0.1:${appPort}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      E2E: 'true',
      WEB_DIST: webDist,
      // The journeys read the codes from the outbox folder, whichever database the server runs on.
      SMS_OUTBOX: 'true',
      ...onDatabaseServer(databaseUrl),
    },
  };
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  // A test that passes only on a second try hides a defect: none is retried.
  retries: 0,
  // A journey of several screens on a busy two-core machine; a step that hangs fails sooner (actionTimeout).
  timeout: 90_000,
  // What the user waits for, with room for a slow machine: with two workers, each driving a browser
  // beside the app, on two shared vCPUs, a page's app can take more than 10 s to start (seen in CI
  // runs of 2026-11-27). A passing check never waits longer for it.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  globalTeardown: './support/drop-e2e-database.ts',
  use: {
    baseURL,
    locale: 'it-IT',
    trace: 'retain-on-failure',
    // A step that never happens fails where it waits, instead of using up the whole test's time.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // A journey that records lower prices for the demo's funds would change what every other journey of the
    // demo customer reads: it drives an app of its own, one journey at a time. First in the queue, so its
    // long journeys start at once beside the others instead of trailing them.
    {
      name: 'prices',
      testMatch: PRICE_CHANGING,
      // One at a time: each moves the same fund's NAV and expects the stages that follow from its own.
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: pricesURL },
    },
    { name: 'chromium', testIgnore: PRICE_CHANGING, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    appServer(port, process.env.E2E_DATA_DIR!, process.env.E2E_DATABASE_URL),
    appServer(pricesPort, process.env.E2E_PRICES_DATA_DIR!, process.env.E2E_PRICES_DATABASE_URL),
  ],
});
