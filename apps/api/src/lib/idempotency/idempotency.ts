// Idempotency-Key for money-moving requests. The key is claimed in the same database transaction as the
// money it moves: a retry after a success gets the first answer and moves nothing; a retry after a failure
// (rolled back, key released) is tried again; two identical requests at once run one after the other.
import { createHash } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Database, inTransaction, type Transaction } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { AppError } from '../errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the first one for the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The request's key: 8–128 letters, digits or `_ . : -` (a UUID fits). Missing or malformed → 400. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || value.length === 0) throw new AppError('IDEMPOTENCY_KEY_MISSING');
  if (!KEY_PATTERN.test(value)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return value;
}

/** Same JSON whatever the order of object keys. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(scope)
    .update('\n')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');
}

export interface IdempotentResult<T> {
  status: number;
  body: T;
}

const keyOf = (input: { userId: number; key: string }) =>
  and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key));

/** The first answer under a key taken already, or 422 when the key came with another request. */
export function replayOf<T>(
  first: typeof idempotencyKeys.$inferSelect | undefined,
  hash: string,
): IdempotentResult<T> & { replayed: boolean } {
  if (!first || first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { status: first.statusCode ?? 200, body: first.response as T, replayed: true };
}

/**
 * Runs `work` once per (user, key) in one transaction. `scope` names the operation (the matched route and
 * its path parameters); the same key sent with another scope or body is refused with 422.
 */
export async function runIdempotent<T>(
  db: Database,
  input: { userId: number; key: string; scope: string; body: unknown },
  work: (tx: Transaction) => Promise<IdempotentResult<T>>,
): Promise<IdempotentResult<T> & { replayed: boolean }> {
  const hash = requestHash(input.scope, input.body);
  const where = keyOf(input);
  return inTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: input.userId, key: input.key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return replayOf<T>((await tx.select().from(idempotencyKeys).where(where))[0], hash);
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.status, response: result.body as object })
      .where(where);
    return { ...result, replayed: false };
  });
}

/** The answer of a request, known before its money moves, and the step that moves it. */
export interface PreparedResult<T> extends IdempotentResult<T> {
  /** Runs once the key is claimed with the answer; may still refuse (throw), which rolls back both. */
  complete(): Promise<void>;
}

/** Thrown inside the transaction when the key was taken first: what `prepare` wrote is rolled back. */
class KeyTaken extends Error {
  constructor(readonly first: typeof idempotencyKeys.$inferSelect | undefined) {
    super('idempotency key taken');
  }
}

/**
 * Like `runIdempotent`, for a request whose answer is known before its money moves: `prepare` writes its
 * business row (no contended lock, no refusal yet), the key is claimed with the answer in one statement,
 * then `complete` locks, decides and moves. Whatever locks `complete` takes are held for its own statements
 * and the commit only, not for the claim and the answer's write. The same key sent again waits for the
 * first at the claim, then rolls its prepared row back and answers as `runIdempotent` does.
 */
export async function runIdempotentPrepared<T>(
  db: Database,
  input: { userId: number; key: string; scope: string; body: unknown },
  prepare: (tx: Transaction) => Promise<PreparedResult<T>>,
): Promise<IdempotentResult<T> & { replayed: boolean }> {
  const hash = requestHash(input.scope, input.body);
  try {
    return await inTransaction(db, async (tx) => {
      const prepared = await prepare(tx);
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({
          userId: input.userId,
          key: input.key,
          requestHash: hash,
          statusCode: prepared.status,
          response: prepared.body as object,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        throw new KeyTaken((await tx.select().from(idempotencyKeys).where(keyOf(input)))[0]);
      }
      await prepared.complete();
      return { status: prepared.status, body: prepared.body, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    return replayOf<T>(error.first, hash);
  }
}

export const scopeOf = (request: FastifyRequest) =>
  `${request.method} ${request.routeOptions.url} ${JSON.stringify(canonical(request.params ?? {}))}`;

/**
 * The route-side wrapper: reads the key, scopes it to the matched route and its parameters, runs the work
 * and sends the answer (with `Idempotent-Replayed: true` on a repeat).
 */
export async function replyIdempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  work: (tx: Transaction) => Promise<IdempotentResult<T>>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  const result = await runIdempotent(
    request.server.database.db,
    { userId, key, scope: scopeOf(request), body: request.body },
    work,
  );
  return sendIdempotent(reply, result);
}

/**
 * A confirming proof refused because it was spent (a passkey's assertion confirms once) is also what a retry
 * of a success meets: the same request sent again after a lost answer. When the key holds the first answer
 * of this very request (same route, same body), that answer is the reply, as with codes; claiming the key
 * waits for a first request still in flight. Any other refusal, or no answer under the key, stands (the
 * claim rolls back).
 */
export function replayedOr<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  error: unknown,
): Promise<T> {
  const spent = error instanceof AppError && error.code === 'PASSKEY_ASSERTION_USED';
  if (!spent || typeof request.headers[IDEMPOTENCY_HEADER] !== 'string') return Promise.reject(error);
  return replyIdempotent<T>(request, reply, userId, () => Promise.reject(error));
}

/** Answers with an idempotent result: its status, its body, and the replay header when it is a replay. */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T> & { replayed: boolean }): T {
  if (result.replayed) reply.header(REPLAYED_HEADER, 'true');
  reply.code(result.status);
  return result.body;
}

/** A request's key claimed with its answer, for `claimKeys`. */
export interface KeyClaim {
  key: string;
  hash: string;
  status: number;
  response: unknown;
}

/**
 * Claims many keys of one user with their answers in one statement (the group form of the claim in
 * `runIdempotentPrepared`); answers the keys this call took. A key held by a transaction in flight waits
 * for it. Claimed in key order, so two groups never wait on each other crosswise.
 */
export async function claimKeys(tx: Transaction, userId: number, claims: KeyClaim[]): Promise<Set<string>> {
  const sorted = [...claims].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // One parameter, whatever the number of keys (see transactions' `insertRows`).
  const payload = JSON.stringify(
    sorted.map(({ key, hash, status, response }, n) => ({ n, key, hash, status, response })),
  );
  const result = await tx.execute(sql`
    insert into ${idempotencyKeys} (user_id, key, request_hash, status_code, response)
    select ${userId}::int, c.key, c.hash, c.status, c.response
    from jsonb_to_recordset(${payload}::jsonb) as c (n int, key text, hash text, status int, response jsonb)
    order by c.n
    on conflict do nothing
    returning key`);
  return new Set((result as unknown as { rows: Array<{ key: string }> }).rows.map((row) => row.key));
}

/** What was kept under keys taken already (pass each to `replayOf`). */
export async function firstAnswers(tx: Transaction, userId: number, keys: string[]) {
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)));
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * Releases keys claimed in this transaction whose request was then refused (`keys`: a query answering
 * them), so that a retry is evaluated afresh: a statement for a flow to fold into its last one.
 */
export function releaseKeysSql(userId: number, keys: SQL): SQL {
  return sql`delete from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.key} in (${keys})`;
}
