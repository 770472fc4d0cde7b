// One database handle for the whole API: PGlite (embedded, in-process) when DATABASE_URL is unset,
// node-postgres against a PostgreSQL server when it is set. Both speak the same SQL and migrations.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { privateFolderSync } from '../lib/files/private-folder';

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the database itself or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a callback on one dedicated connection (advisory locks are per session). */
  withSession<T>(fn: (session: Database) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Subscribes to `NOTIFY <channel>` (sent on commit, to every connection of every instance that
   * listens). `onGap` is called when messages may have been missed (the listening connection was lost)
   * and once it is back. Resolves with the subscription.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap: (listening: boolean) => void,
  ): Promise<Subscription>;
  close(): Promise<void>;
  /** The embedded database's files as one archive (tests start many databases from one prepared copy). */
  snapshot?(): Promise<Blob>;
}

export interface Subscription {
  /**
   * Resolves once every notification committed before the call has reached `onMessage`. A committing
   * connection signals the listening one before its COMMIT returns, and a listening session sends what
   * it was told before it answers its next statement: one trivial statement on the listening connection
   * is the barrier. Immediate on PGlite, which delivers as the committing statement completes.
   */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  inMemory?: boolean;
  /**
   * Called with every SQL statement the query builder sends and its parameters (tests count statements
   * per request; the scale benchmark explains them).
   */
  onQuery?: (query: string, params: unknown[]) => void;
  /** An in-memory embedded database starts as a copy of this snapshot (see `DatabaseHandle.snapshot`). */
  fromSnapshot?: Blob;
}

const loggerOf = (onQuery: DatabaseOptions['onQuery']) =>
  onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onQuery);
  return openPglite(options);
}

async function openPostgres(url: string, onQuery?: DatabaseOptions['onQuery']): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // A connection the server drops (a failover, a pooler restart, `pg_terminate_backend`) emits 'error',
  // and an 'error' nobody listens to ends the process. pg-pool listens only while a client is idle in the
  // pool; a checked-out one (a transaction between two statements) is ours to listen to. The statement in
  // flight, or the next one, fails with the error instead (answered 503 by the error handler), and the
  // pool discards the client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, loggerOf(onQuery)) as unknown as Database;
  const withSession = async <T>(fn: (session: Database) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(drizzlePg(client, loggerOf(onQuery)) as unknown as Database);
    } finally {
      // A client whose connection is gone is not queryable: the pool drops it instead of keeping it.
      client.release();
    }
  };
  // drizzle's pooled transaction sends BEGIN before its try/finally: when the connection is cut between
  // the checkout and BEGIN (the server terminated it while it sat idle), the client is never released,
  // and the pool can never end (nor serve again once all ten are lost). Every transaction runs instead on
  // a client checked out here, whose release is ours; on a single client drizzle releases nothing.
  const session = (db as unknown as { session: { transaction: Database['transaction'] } }).session;
  session.transaction = (fn, config) => withSession((pinned) => pinned.transaction(fn, config));
  let closed = false;
  return {
    db,
    kind: 'postgres',
    withSession,
    async ping() {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage, onGap) => listenPostgres(url, channel, onMessage, onGap, () => closed),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers is a server's cache in front of many connections. PGlite
 * is one connection in this process, and it clears the whole pool as it starts, so every one of those
 * megabytes stays resident however small the database is. A page outside the pool is a read of a file the
 * system caches anyway (or of memory, for an in-memory database). 32 MB: the resident figure of the
 * request benchmark fell by about a hundred megabytes (docs/decisions/026-embedded-memory.md).
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite({
      startParams: EMBEDDED_START_PARAMS,
      ...(options.fromSnapshot ? { loadDataDir: options.fromSnapshot } : {}),
    });
  } else {
    const folder = path.join(options.dataDir, 'pglite');
    // Owner-only (lib/files/private-folder.ts): PGlite gives its own files 0666, the folder keeps them private.
    privateFolderSync(folder);
    client = new PGlite(folder, { startParams: EMBEDDED_START_PARAMS });
  }
  await client.waitReady;
  const db = drizzlePglite(client, loggerOf(options.onQuery)) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection: the session is the database itself.
    withSession: (fn) => fn(db),
    async ping() {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    // One process, one database: notifications arrive as the committing statement completes.
    async listen(channel, onMessage, onGap) {
      const unsubscribe = await client.listen(channel, onMessage);
      onGap(true);
      return {
        caughtUp: async () => {},
        async stop() {
          if (!client.closed) await unsubscribe();
        },
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
    snapshot: () => client.dumpDataDir('none'),
  };
}

const noop = () => {};

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it drops, the
 * listener is told (`onGap(false)`), and it reconnects with a growing pause until it is back.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: (listening: boolean) => void,
  isClosed: () => boolean,
): Promise<Subscription> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (attempt: number) => {
    if (stopped || isClosed()) return;
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = null;
      onGap(false);
      next.end().catch(() => {});
      schedule(0);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
      client = next;
      onGap(true);
    } catch {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      schedule(attempt + 1);
    }
  };
  const schedule = (attempt: number) => {
    if (stopped || isClosed()) return;
    retry = setTimeout(() => void connect(attempt), Math.min(100 * 2 ** attempt, 5_000));
    retry.unref();
  };
  await connect(0);
  // Writes that finish together share one barrier instead of queueing a statement each on the one
  // connection (which runs them one at a time anyway). A caller may only join a barrier sent after it
  // called: while one is on the wire, later callers wait together for the next one.
  let sent: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const sendBarrier = (): Promise<void> => {
    // Without a connection nothing is being kept: the listener was told of the gap (onGap(false)).
    const current = client;
    const answered = current ? current.query('select 1').then(noop, noop) : Promise.resolve();
    sent = answered.finally(() => {
      sent = null;
    });
    return sent;
  };
  return {
    caughtUp() {
      if (!sent) return sendBarrier();
      queued ??= sent.then(() => {
        queued = null;
        return sendBarrier();
      });
      return queued;
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/**
 * SQLSTATEs of a server that is going away or cannot take the session: admin, crash or starting-up
 * shutdown, too many connections; class 08 (connection exception) is matched by prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** The socket's own failures (refused, reset, unreachable, name not resolved). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * What the drivers say, without a code, about a connection that is gone: node-postgres when the socket
 * ended or its client is unusable after an error, pg-pool after it was ended or timed out, PGlite once
 * closed. Tied to the pinned driver versions (the PostgreSQL fault test would notice a change).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^timeout exceeded when trying to connect$/,
  /^PGlite is clos(ed|ing)$/,
];

/**
 * Whether an error says the database cannot be reached or dropped the connection (rather than refusing
 * a statement): the request is answered 503, to be tried again, and nothing of it was committed unless
 * its COMMIT had been sent (an Idempotency-Key makes that retry safe).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))
        return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // AggregateError (a host with several addresses, every one refused) carries its causes in `errors`.
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((item) => isDatabaseUnavailable(item))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What to undo outside the database (a stored file) if the transaction does not commit, per transaction. */
const undoOnRollback = new WeakMap<Queryable, Array<() => Promise<void>>>();

/**
 * Registers `undo` to run if the transaction does not commit: for writes the database cannot take back,
 * such as a file stored before the row that names it. On the database itself (no transaction: the
 * statement after this commits on its own) there is nothing to undo later. A transaction opened some
 * other way than `inTransaction` would lose its undo silently, so it is refused.
 */
export function onRollback(db: Queryable, undo: () => Promise<void>): void {
  const undos = undoOnRollback.get(db);
  if (undos) undos.push(undo);
  else if (db instanceof PgTransaction) throw new Error('onRollback needs a transaction opened by inTransaction');
}

/** Runs every undo of a rolled-back attempt; one that fails does not stop the others nor hide the cause. */
async function undoAll(undos: Array<() => Promise<void>>) {
  await Promise.allSettled(undos.map((undo) => undo()));
}

/**
 * Runs one unit of work in a transaction. Serialization failures and deadlocks (40001, 40P01) are
 * retried with a short backoff, so callers may use `isolationLevel: 'serializable'` safely. What the
 * work registered with `onRollback` runs after an attempt that did not commit (a retried one included).
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  options: { isolationLevel?: 'read committed' | 'repeatable read' | 'serializable'; retries?: number } = {},
): Promise<T> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    const undos: Array<() => Promise<void>> = [];
    try {
      return await db.transaction(
        (tx) => {
          undoOnRollback.set(tx, undos);
          return work(tx);
        },
        options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined,
      );
    } catch (error) {
      await undoAll(undos);
      const code = sqlState(error);
      if (attempt < retries && code && RETRYABLE_SQLSTATES.has(code)) {
        await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 10));
        continue;
      }
      throw error;
    }
  }
}

/** The SQLSTATE of a database error, looking through drizzle's wrapping. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
