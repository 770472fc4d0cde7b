// Graceful shutdown of the real server process: SIGTERM stops accepting connections, lets in-flight
// requests finish, closes the database and exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const API_ROOT = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntilReady(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** On the PostgreSQL run the child gets its own database, so the shared one is never migrated. */
async function databaseFor(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `lombard_test_server_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('server process', () => {
  it('stops gracefully on SIGTERM: exit code 0 and the port closed', { timeout: 200_000 }, async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-server-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = await databaseFor();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // On PostgreSQL a server needs SMS_URL or this: the test sends no SMS.
      SMS_OUTBOX: 'true',
    };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;

    // Started as it ships (start.sh, with its memory settings): the signal must reach the server itself.
    const child = spawn('sh', ['start.sh', '--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      env: { ...env, NODE: process.execPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // pino logs to stdout: both streams are kept so that a failure shows why.
    let output = '';
    const collect = (chunk: unknown) => {
      output += String(chunk);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });

    await waitUntilReady(port, child, 150_000);
    expect(await accepts(port)).toBe(true);

    // A request in flight when the signal arrives (its body still uploading) is answered in full.
    const socket = createConnection({ port, host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => {
      response += String(chunk);
    });
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    const body = JSON.stringify({ email: 'x@example.com' });
    socket.write(
      `POST /api/get-global-config/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept-Language: en\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(response).toBe('');
    socket.write(body.slice(5));
    // The answer arrives, then the server closes the connection instead of keeping it alive.
    await socketClosed;
    expect(response).toMatch(/^HTTP\/1\.1 404 /);
    expect(response).toContain('Element not found');

    const { code, signal } = await exited;
    expect({ code, signal, output }).toMatchObject({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await accepts(port)).toBe(false);
  });

  it('refuses to start with a bad configuration, naming the variable', { timeout: 90_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: 'mysql://root@localhost/lombard' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('DATABASE_URL');
  });

  it('refuses to start on PostgreSQL with nowhere to send SMS, naming SMS_URL and SMS_OUTBOX', {
    timeout: 90_000,
  }, async () => {
    const { SMS_URL: _url, SMS_OUTBOX: _outbox, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      // Refused before the database is opened: no server needs to answer at this address.
      env: { ...inherited, DATABASE_URL: 'postgres://lombard@127.0.0.1:1/lombard' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('SMS_URL: required with DATABASE_URL');
    expect(stderr).toContain('SMS_OUTBOX=true');
  });
});
