// Shared by the benchmarks: build the web app and the API into temporary folders, and start the real
// server on them as it ships (compiled JavaScript, production mode, the shipped logging and memory
// settings; free port, temporary DATA_DIR with a freshly seeded embedded database unless DATABASE_URL is
// given).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'apps/web');

/**
 * The two builds of the web app (docs/decisions/006) into a temporary folder; returns the folder.
 * The browser's first (vite.config.ts asks for `.vite/manifest.json`), then the server renderer into
 * `.ssr/`, which the API loads to render the public pages: the client build empties its folder, so the
 * order matters.
 */
export function buildWeb() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-bench-web-'));
  const builds = [
    ['client', ['vite', 'build', '--outDir', outDir, '--emptyOutDir']],
    ['ssr', ['vite', 'build', '--ssr', '--outDir', path.join(outDir, '.ssr')]],
  ];
  for (const [name, args] of builds) {
    const result = spawnSync('npx', args, { cwd: WEB, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) {
      rmSync(outDir, { recursive: true, force: true });
      throw new Error(`vite build (${name}) failed:\n${result.stderr}`);
    }
  }
  return outDir;
}

export function freePort() {
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

/** Compiles the API (apps/api/build.mjs) into a temporary folder; returns the folder. */
export function buildApi() {
  // Inside apps/api, so that the bundle finds the packages in node_modules; a folder of its own, so that
  // runs side by side never read a bundle another one is writing.
  const outDir = path.join(ROOT, 'apps/api/dist', `bench-${process.pid}`);
  const result = spawnSync(process.execPath, [path.join(ROOT, 'apps/api/build.mjs'), '--outdir', outDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`API build failed:\n${result.stderr}`);
  return outDir;
}

let apiBuild = null;
/** One API build per benchmark process, removed when it exits. */
function sharedApiBuild() {
  if (!apiBuild) {
    apiBuild = buildApi();
    const folder = apiBuild;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  return apiBuild;
}

/**
 * Starts the compiled API serving `webDist`; resolves once /readyz answers. `stop()` ends it and cleans
 * up; `readyMs` is the cold start (process spawned → ready), `pid` lets a caller read its memory.
 */
export async function startServer(webDist, env = {}, { apiDist = sharedApiBuild() } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-bench-data-'));
  const started = performance.now();
  // Through apps/api/start.sh, as `npm start` and the image start it (its memory settings); it replaces
  // itself with this Node, so `pid` is the server's.
  const child = spawn('sh', [path.join(ROOT, 'apps/api/start.sh'), path.join(apiDist, 'server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE: process.execPath,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // The load comes from one address: the per-IP limits would measure 429s.
      RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000',
      // A run on PostgreSQL sends no real SMS: without it the server would refuse to start (no SMS_URL).
      SMS_OUTBOX: 'true',
      // Likewise the key that seals authenticator secrets, which a PostgreSQL run must be given; the
      // benchmarks' databases are their own, so a key of this process's own seals and opens them.
      AUTHENTICATOR_KEY: randomBytes(32).toString('hex'),
      ...env,
    },
    // The shipped logging (one line per request) is written, as in production, and thrown away here.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not become ready:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Bytes of a response body as sent with `Accept-Encoding: <encoding>` (what crosses the wire). `headers`
 * for answers that depend on the request, such as a page rendered in the language of a cookie.
 */
export async function transferredBytes(url, encoding = 'gzip', headers = {}) {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'Accept-Encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      })
      .on('error', reject);
  });
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
