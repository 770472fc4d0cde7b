// A customer's concurrent withdrawals, committed together (docs/decisions/010). They would wait on one
// another anyway, at the lock of the customer's cash, each holding it through its own commit; instead,
// while one transaction of the customer is in flight in this process, the next ones wait here and then go
// in one transaction with the statements of one withdrawal, each decided in arrival order on the locked
// balance. The cash row lock stays the arbiter between instances.
import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Database, inTransaction, type Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { GroupCommit, type Settled, settle } from '../../lib/group-commit';
import {
  claimKeys,
  firstAnswers,
  releaseKeysSql,
  replayOf,
  runIdempotentPrepared,
} from '../../lib/idempotency/idempotency';
import { type AccountRef, postEntriesInOrder } from '../ledger/service';
import { hasApprovedBankAccount } from '../profile/service';
import { releaseSignaturesSql } from '../signing/service';
import { type ConfirmedWithdrawal, requestWithdrawal, usedSignaturesSql, withdrawalRow } from './customer-flows';
import { deleteTransactionsSql, serializeTransaction, writeTransactions } from './records';
import { consumeWithdrawalSignaturesSql } from './withdrawal-confirmation';

/** One customer's withdrawal request, as the route read it. */
export interface WithdrawalCall {
  context: FlowContext;
  userId: number;
  body: ConfirmedWithdrawal;
  key: string;
  /** Of the idempotency key: the route, and the hash of route and body (see lib/idempotency). */
  scope: string;
  hash: string;
}

export interface WithdrawalAnswer {
  status: number;
  body: TransactionItem;
  replayed: boolean;
}

/** A group's transaction costs about the same for 1 or 64 requests; more would only lengthen the wait. */
const GROUP_LIMIT = 64;

const groups = new WeakMap<Database, GroupCommit<WithdrawalCall, WithdrawalAnswer>>();

function groupOf(db: Database) {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit<WithdrawalCall, WithdrawalAnswer>({
      limit: GROUP_LIMIT,
      // The same key twice goes in two groups: the later one then finds the first one's answer, or, if that
      // was refused, is evaluated afresh, as if they had come one after the other.
      distinct: (call) => call.key,
      write: (calls) => writeGroup(db, calls),
    });
    groups.set(db, group);
  }
  return group;
}

/** Answers a withdrawal request: 201 with the withdrawal, a replay of the first answer, or an AppError. */
export function withdraw(db: Database, call: WithdrawalCall): Promise<WithdrawalAnswer> {
  return groupOf(db).submit(call.userId, call);
}

/** How many of a customer's withdrawals this process has not answered yet (being written or waiting). */
export function pendingWithdrawals(db: Database, userId: number): number {
  return groups.get(db)?.pending(userId) ?? 0;
}

/** A group in which no key was claimed: rolled back (the rows it wrote go), each answered as kept. */
class NothingClaimed extends Error {
  constructor(readonly answers: Array<Settled<WithdrawalAnswer>>) {
    super('no withdrawal of the group claimed its key');
  }
}

/** A group that cannot decide every request together: rolled back, its requests go one by one. */
class OneByOne extends Error {}

async function writeGroup(db: Database, calls: WithdrawalCall[]): Promise<Array<Settled<WithdrawalAnswer>>> {
  if (calls.length > 1) {
    try {
      return await inTransaction(db, (tx) => decideTogether(tx, calls));
    } catch (error) {
      if (error instanceof NothingClaimed) return error.answers;
      // Whatever failed (a connection, a serialization failure retried to the end, a customer without an
      // approved bank account), each request still gets its own true answer, from its own transaction.
    }
  }
  const answers: Array<Settled<WithdrawalAnswer>> = [];
  for (const call of calls) answers.push(await settle(() => withdrawAlone(db, call)));
  return answers;
}

function withdrawAlone(db: Database, call: WithdrawalCall): Promise<WithdrawalAnswer> {
  return runIdempotentPrepared(
    db,
    { userId: call.userId, key: call.key, scope: call.scope, body: call.body },
    async (tx) => {
      const { answer, move } = await requestWithdrawal(tx, call.context, call.userId, call.body);
      return { status: 201, body: answer, complete: move };
    },
  );
}

/**
 * Three statements for the whole group, as for one withdrawal: the rows (with the bank-account check and
 * the use of each request's confirmation), the keys claimed with the answers, then one ledger statement
 * that locks the cash, decides each claimed request in order, posts the ones covered and deletes what the
 * others wrote (and frees their confirmations). A request whose confirmation was not used (used before, of
 * other terms, or sent twice in the group) sends the group one by one, for its own answer.
 */
async function decideTogether(tx: Transaction, calls: WithdrawalCall[]): Promise<Array<Settled<WithdrawalAnswer>>> {
  const userId = calls[0]!.userId;
  const amounts = calls.map((call) => new Decimal(call.body.amount));
  const signatureIds = calls.map((call) => call.body.confirmation.signature_id);
  const { rows, bank, confirmed } = await writeTransactions(
    tx,
    calls.map((call, index) => withdrawalRow(call.context, userId, amounts[index]!)),
    { bank: hasApprovedBankAccount(userId), confirmed: usedSignaturesSql },
    {
      used: consumeWithdrawalSignaturesSql(
        userId,
        calls[0]!.context.now,
        calls.map((_call, index) => ({ signatureId: signatureIds[index]!, amount: amounts[index]! })),
      ),
    },
  );
  const answers = rows.map((row, index) => serializeTransaction(row, calls[index]!.context.t));
  const claimed = await claimKeys(
    tx,
    userId,
    calls.map((call, index) => ({ key: call.key, hash: call.hash, status: 201, response: answers[index] })),
  );
  const settled: Array<Settled<WithdrawalAnswer>> = new Array(calls.length);
  // The requests whose key this group claimed move money; the others were taken before: they replay.
  const moving: number[] = [];
  const takenIndexes: number[] = [];
  calls.forEach((call, index) => {
    (claimed.has(call.key) ? moving : takenIndexes).push(index);
  });
  if (takenIndexes.length > 0) {
    const kept = await firstAnswers(
      tx,
      userId,
      takenIndexes.map((index) => calls[index]!.key),
    );
    for (const index of takenIndexes) {
      const call = calls[index]!;
      settled[index] = await settle(() => replayOf<TransactionItem>(kept.get(call.key), call.hash));
    }
  }
  if (moving.length === 0) throw new NothingClaimed(settled);
  if (!bank) throw new OneByOne();
  const movingSignatures = moving.map((index) => signatureIds[index]!);
  const unused = movingSignatures.some((id) => !confirmed.includes(id));
  if (unused || new Set(movingSignatures).size < movingSignatures.length) throw new OneByOne();
  // A replayed request's confirmation, taken by this statement, goes back (its first answer used its own).
  const takenSignatures = takenIndexes
    .map((index) => signatureIds[index]!)
    .filter((id) => confirmed.includes(id) && !movingSignatures.includes(id));
  const cash: AccountRef = { kind: 'customer.cash', userId };
  const reserved: AccountRef = { kind: 'customer.cash_reserved', userId };
  const ids = (indexes: number[]) =>
    sql.join(
      indexes.map((index) => sql`${rows[index]!.id}::int`),
      sql`, `,
    );
  const keys = sql`array[${sql.join(
    moving.map((index) => sql`${calls[index]!.key}::text`),
    sql`, `,
  )}]`;
  const decided = await postEntriesInOrder(
    tx,
    moving.map((index) => ({
      kind: 'withdrawal.request',
      reference: `transactions:${rows[index]!.id}`,
      userId,
      actorId: calls[index]!.context.actor.id,
      lines: [
        { account: cash, amount: amounts[index]!.neg() },
        { account: reserved, amount: amounts[index]! },
      ],
    })),
    {
      // A refused request, and one whose key was taken, leave nothing behind: not their row, not their key.
      also: (refused) => [
        deleteTransactionsSql(
          sql`select (array[${ids(moving)}])[i] from ${refused}${
            takenIndexes.length > 0
              ? sql` union all values ${sql.join(
                  takenIndexes.map((index) => sql`(${rows[index]!.id}::int)`),
                  sql`, `,
                )}`
              : sql``
          }`,
        ),
        releaseKeysSql(userId, sql`select (${keys})[i] from ${refused}`),
        releaseSignaturesSql(
          sql`select (array[${sql.join(
            movingSignatures.map((id) => sql`${id}::bigint`),
            sql`, `,
          )}])[i] from ${refused}${sql.join(
            takenSignatures.map((id) => sql` union all values (${id}::bigint)`),
            sql``,
          )}`,
        ),
      ],
    },
  );
  moving.forEach((index, position) => {
    const decision = decided[position]!;
    const call = calls[index]!;
    settled[index] = decision.posted
      ? { ok: true, value: { status: 201, body: answers[index]!, replayed: false } }
      : {
          ok: false,
          error: new AppError('WITHDRAWAL_ABOVE_AVAILABLE', {
            params: { available: formatMoney(decision.before(cash), call.context.language) },
          }),
        };
  });
  return settled;
}
