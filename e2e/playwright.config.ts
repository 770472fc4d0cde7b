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

// The config is evaluated again in every worker: choose the port and folder once, in the main process.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'lombard-e2e-'));
const port = Number(process.env.E2E_PORT);
// E2E_DATABASE_SERVER (postgres://…): the app runs on that PostgreSQL server, in a database of this run's
// own, dropped when the run ends; unset, on the embedded database in E2E_DATA_DIR, as `npm start` does.
const databaseServer = process.env.E2E_DATABASE_SERVER;
if (databaseServer && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_NAME = `lombard_e2e_${port}`;
  process.env.E2E_DATABASE_URL = await freshDatabase(databaseServer, process.env.E2E_DATABASE_NAME);
}
// The run's database is its own, so a key of the run's own seals its authenticator secrets (kept in the
// environment for the workers, which load this file again).
process.env.E2E_AUTHENTICATOR_KEY ??= randomBytes(32).toString('hex');
const database: Record<string, string> = process.env.E2E_DATABASE_URL
  ? // The demo data and its simulated prices, which a PostgreSQL deployment gets only when asked for.
    {
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      SEED_DEMO: 'true',
      NAV_SOURCE: 'simulated',
      AUTHENTICATOR_KEY: process.env.E2E_AUTHENTICATOR_KEY,
    }
  : {};
const baseURL = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');

// WEB_DIST lets parallel runs each test their own build.
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The web app is not built: run `npm run build -w @lombard/web` (npm run test:e2e does it).');
}

/** Journeys that change the demo's shared prices (an operator records NAVs). */
const PRICE_CHANGING = /margin-(alerts|states)\.spec\.ts$/;

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
    { name: 'chromium', testIgnore: PRICE_CHANGING, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // A journey that records lower prices for the demo's funds changes what every other journey of the demo
    // customer reads: it runs once they are all done. (Alone: `npx playwright test --no-deps <file>`.)
    {
      name: 'prices',
      testMatch: PRICE_CHANGING,
      dependencies: ['chromium'],
      // One at a time: each moves the same fund's NAV and expects the stages that follow from its own.
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    // What ships: the API compiled to plain JavaScript (apps/api/build.mjs), into this run's own folder
    // (inside apps/api, where the bundle finds its packages).
    command: `node ${path.join(root, 'apps/api/build.mjs')} --outdir ${path.join(root, 'apps/api/dist', `e2e-${port}`)} && node ${path.join(root, 'apps/api/dist', `e2e-${port}`, 'server.js')}`,
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      E2E: 'true',
      WEB_DIST: webDist,
      // The journeys read the codes from the outbox folder, whichever database the server runs on.
      SMS_OUTBOX: 'true',
      ...database,
    },
  },
});
