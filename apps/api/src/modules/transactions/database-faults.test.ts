// The database dropping the API's connections (a failover, a pooler restart: `pg_terminate_backend` here)
// while money moves, and refusing new ones: the process stays up, the requests that lost their connection
// answer 503 with Retry-After and the maintenance message, and the next ones are served as soon as the
// database answers again, with the ledger intact. PostgreSQL only: the embedded database has no
// connections to lose.

import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { databaseUrlFor, onServer } from '../../test/templates';
import { confirmedWithdrawals, readyToWithdraw, withdrawConfirmed } from '../../test/withdrawals';

const serverUrl = process.env.DATABASE_URL;
const MAINTENANCE = 'This operation is not possible at this time. Please try again later.';

/** A request that lost its connection: the maintenance answer, to be tried again. */
function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ detail: MAINTENANCE, code: 'SERVICE_UNAVAILABLE' });
}

/** Waits for a condition by asking again, at most `attempts` times (each ask is a round trip). */
async function until(what: string, check: () => Promise<boolean>, attempts = 500) {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe.runIf(serverUrl)('the database dropping connections under traffic (PostgreSQL)', () => {
  let f: MoneyFixture;
  /** The operator's session on the same database: locks rows and terminates every other backend. */
  let operator: pg.Client;

  beforeAll(async () => {
    f = await moneyFixture();
    const result = await f.app.database.db.execute(sql`select current_database() as name`);
    const { rows } = result as unknown as { rows: Array<{ name: string }> };
    operator = new pg.Client({ connectionString: databaseUrlFor(serverUrl!, rows[0]!.name) });
    await operator.connect();
  });
  // Every request is answered, so every connection comes back to the pool (a background job may hold one
  // for a moment): one lost between its checkout and BEGIN used to stay checked out for good, and after
  // ten the process could neither serve nor stop.
  afterEach(async () => {
    const pool = (f.app.database.db as unknown as { $client: pg.Pool }).$client;
    await until('every connection is back in the pool', async () => pool.totalCount === pool.idleCount);
  });
  afterAll(async () => {
    await operator?.end();
    await f?.t.close();
  });

  /** The server's activity as it is now: inside a transaction, it would show the snapshot of its start. */
  const activity = async <T extends pg.QueryResultRow>(query: string, values: unknown[] = []) => {
    await operator.query('select pg_stat_clear_snapshot()');
    return operator.query<T>(query, values);
  };
  /**
   * Cuts every other connection to the database and waits until their backends have exited (so the API
   * has been told: a backend sends its goodbye before it exits).
   */
  const terminateOthers = async () => {
    const { rows } = await activity<{ pid: number }>(
      'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const pids = rows.map((row) => row.pid);
    await until('the terminated backends have exited', async () => {
      const left = await activity('select 1 from pg_stat_activity where pid = any($1::int[])', [pids]);
      return left.rowCount === 0;
    });
  };
  /** How many of the API's statements wait on a lock (those whose text is like `pattern`, if given). */
  const waitingOnLocks = async (pattern = '%') =>
    Number(
      (
        await activity<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like $1",
          [pattern],
        )
      ).rows[0]!.n,
    );
  /** Locks the investor's cash from outside the API, so that their money requests wait on it mid-transaction. */
  const lockCash = async (investor: Investor) => {
    await operator.query('begin');
    await operator.query("select id from ledger_accounts where user_id = $1 and kind = 'customer.cash' for update", [
      investor.id,
    ]);
  };
  const cash = async (investor: Investor) => (await f.get(investor.session, '/api/v1/cash/')).json();

  it('a withdrawal whose connection is terminated mid-transaction answers 503 with Retry-After; sent again, it is served', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '10000.00');
    const [send] = await confirmedWithdrawals(f, investor, ['100']);
    await lockCash(investor);
    const key = 'withdrawal-cut-off';
    const answers = Promise.all([
      send!(key),
      f.post(investor.session, `/api/v1/products/${await f.productId('obbligazionario-euro-protetto-2031')}/invest/`, {
        amount: '6000',
        payment_method: 'cash',
      }),
    ]);
    await until('both requests wait on the cash lock', async () => (await waitingOnLocks()) >= 2);
    await terminateOthers();
    const [withdrawal, order] = await answers;
    await operator.query('rollback');
    expectUnavailable(withdrawal);
    expectUnavailable(order);

    // Nothing of either was kept: the same key is evaluated afresh and the cash is as it was.
    expect(await cash(investor)).toMatchObject({ available: '10000.00', reserved: '0.00' });
    const again = await withdrawConfirmed(f, investor, '100', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await cash(investor)).toMatchObject({ available: '9900.00', reserved: '100.00' });
  });

  it('terminated again and again under traffic: the process answers 503s meanwhile, 200s after, and the ledger verifies', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '100000.00');
    await readyToWithdraw(f, investor);
    const account = await f.get(investor.session, '/api/account/me/');
    expect(account.statusCode).toBe(200);
    const answers: Array<{ kind: string; res: LightMyRequestResponse }> = [];
    let stop = false;
    // One customer asks for one withdrawal at a time: two asked at the same moment for the same amount share
    // one pending confirmation (a double-click), which only one of them can then use.
    let lastWithdrawal: Promise<unknown> = Promise.resolve();
    const oneAtATime = () => {
      const next = lastWithdrawal.then(() => withdrawConfirmed(f, investor, '1'));
      lastWithdrawal = next.catch(() => undefined);
      return next;
    };
    const requests = [
      ['withdrawal', oneAtATime],
      ['cash', () => f.get(investor.session, '/api/v1/cash/')],
      ['transactions', () => f.get(investor.session, '/api/v1/transactions/?page=1&per_page=10')],
      ['account', () => f.get(investor.session, '/api/account/me/')],
    ] as const;
    // Six clients, each sending its next request when the last one is answered, until the faults are over
    // (and never more than 400 requests each).
    const clients = Array.from({ length: 6 }, async (_, client) => {
      for (let i = 0; !stop && i < 400; i++) {
        const [kind, send] = requests[(client + i) % requests.length]!;
        answers.push({ kind, res: await send() });
      }
    });
    const bond = await f.productId('obbligazionario-euro-protetto-2031');
    const orders: LightMyRequestResponse[] = [];
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      // Each round cuts every connection of the API (the listening one of the read cache included) with
      // whatever is in flight, and at least one order waiting mid-transaction on the investor's cash.
      // (A withdrawal caught in a group is tried again alone by the group, so it may still succeed.)
      const before = answers.length;
      await until('traffic since the last round', async () => answers.length >= before + 4);
      await lockCash(investor);
      const order = f.post(investor.session, `/api/v1/products/${bond}/invest/`, {
        amount: '6000',
        payment_method: 'cash',
      });
      await until('the order waits on the cash lock', async () => (await waitingOnLocks('%for update')) >= 1);
      await terminateOthers();
      await operator.query('rollback');
      orders.push(await order);
    }
    stop = true;
    await Promise.all(clients);

    for (const res of orders) expectUnavailable(res);
    const unavailable = answers.filter(({ res }) => res.statusCode === 503);
    for (const { res } of unavailable) expectUnavailable(res);
    const others = answers.filter(({ res }) => res.statusCode !== 503);
    expect(others.length).toBeGreaterThan(0);
    for (const { kind, res } of others)
      expect([kind, res.statusCode], res.body).toEqual([kind, kind === 'withdrawal' ? 201 : 200]);

    // Served again at once, money included.
    expect((await f.get(investor.session, '/api/v1/cash/')).statusCode).toBe(200);
    expect((await withdrawConfirmed(f, investor, '1')).statusCode).toBe(201);
    // Every withdrawal answered 201 is booked; one answered 503 may have committed just before its
    // connection went (a retry with its key would find it), never more than those.
    const booked = Number(
      (
        await operator.query<{ n: string }>(
          "select count(*) as n from transactions where user_id = $1 and type = 'withdrawal'",
          [investor.id],
        )
      ).rows[0]!.n,
    );
    const served = answers.filter(({ kind, res }) => kind === 'withdrawal' && res.statusCode === 201).length + 1;
    expect(booked).toBeGreaterThanOrEqual(served);
    expect(booked).toBeLessThanOrEqual(served + unavailable.filter(({ kind }) => kind === 'withdrawal').length);
    expect((await cash(investor)).available).toBe((100000 - booked).toFixed(2));
    const report = (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json();
    expect(report.ok).toBe(true);
  }, 120_000);

  it('the read cache listens again after its connection was cut, and keeps no answer from before a change it missed', async () => {
    const investor = await f.investor();
    const me = () => f.get(investor.session, '/api/account/me/').then((res) => res.json());
    expect((await me()).first_name).toBe('Maria');
    // The change commits right after every connection of the API is cut, the listening one included.
    await operator.query('begin');
    await operator.query("update users set first_name = 'Giulia' where id = $1", [investor.id]);
    await terminateOthers();
    await operator.query('commit');
    await f.app.readCache.caughtUp();
    expect((await me()).first_name).toBe('Giulia');
    // Listening again: a later change behind the API's back reaches it too.
    await until('a kept answer is dropped by a change once listening again', async () => {
      await me();
      await operator.query("update users set first_name = 'Giulia Maria' where id = $1", [investor.id]);
      await f.app.readCache.caughtUp();
      const seen = (await me()).first_name === 'Giulia Maria';
      await operator.query("update users set first_name = 'Giulia' where id = $1", [investor.id]);
      return seen;
    });
  });
});

/**
 * A TCP relay in front of the PostgreSQL server: the API reaches its database through it, and closing it
 * (listener and every relayed connection) makes the database unreachable, connections refused.
 */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 5432), target.hostname);
        for (const [a, b] of [
          [inbound, outbound],
          [outbound, inbound],
        ] as const) {
          sockets.add(a);
          a.on('close', () => sockets.delete(a));
          a.on('error', () => b.destroy());
          a.pipe(b);
        }
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    url: (database: string) => {
      const url = new URL(databaseUrlFor(target.toString(), database));
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    open,
  };
}

describe.runIf(serverUrl)('the database refusing connections (PostgreSQL)', () => {
  it('an API call answers 503 with Retry-After and the maintenance message while it refuses, and 200 once it is back', async () => {
    const name = `lombard_test_refused_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await onServer(serverUrl!, `create database ${name}`);
    const relay = await relayTo(new URL(serverUrl!));
    const t = await createTestApp({ seed: false, databaseUrl: relay.url(name) });
    try {
      const signIn = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/token/auth/',
          headers: { 'accept-language': 'en' },
          payload: { email: 'maria.rossi@example.test', password: 'Una-password-2026' },
        });
      expect((await signIn()).statusCode).toBe(401);
      await relay.close();
      expectUnavailable(await signIn());
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      await relay.open();
      expect((await signIn()).statusCode).toBe(401);
    } finally {
      await t.close();
      await relay.close();
      await onServer(serverUrl!, `drop database if exists ${name} with (force)`);
    }
  });
});
