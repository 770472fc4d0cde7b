// Many entries on the same accounts decided in one statement (a customer's withdrawals committed as a
// group): each entry in turn is posted when, after the ones posted before it, no customer account goes
// below zero, exactly as if they had been posted one after the other; a refused one writes nothing and
// does not stop the ones after it.
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema/ledger';
import { accountIds } from './account-ids';
import { type AccountRef, balancedLines, type JournalEntryInput, ownerOf, refKey, UNIT_DECIMALS } from './accounts';

export interface OrderedPosting {
  posted: boolean;
  entryId: number | null;
  /** An account's balance just before this entry was decided (what a refusal quotes). */
  before(account: AccountRef): Decimal;
}

export interface OrderedOptions {
  /**
   * Statements of the caller's own that run in the same statement as the decision (no round trip while
   * the accounts are locked): each gets `refused`, a relation of the refused entries' positions
   * (column `i`, 1 for the first entry), and answers a data-modifying statement.
   */
  also?: (refused: SQL) => SQL[];
}

/**
 * Posts `inputs` in order, in one statement that locks their accounts (in id order) from there to the
 * commit. Each entry needs its own `reference`; the answers come in the order of `inputs`.
 */
export async function postEntriesInOrder(
  tx: Transaction,
  inputs: JournalEntryInput[],
  options: OrderedOptions = {},
): Promise<OrderedPosting[]> {
  if (inputs.length === 0) return [];
  if (new Set(inputs.map((input) => input.reference)).size !== inputs.length) {
    throw new Error('entries posted in order need distinct references');
  }
  const entries = inputs.map(balancedLines);
  // Every account any entry moves, numbered from 1: the position in the balance arrays of the statement.
  const accounts = new Map<string, { k: number; ref: AccountRef }>();
  for (const entry of entries) {
    for (const { ref } of entry.deltas.values()) {
      if (!accounts.has(refKey(ref))) accounts.set(refKey(ref), { k: accounts.size + 1, ref });
    }
  }
  let decided = await decideInOrder(tx, inputs, entries, accounts, options);
  // Only an account that was never used is missing: open it and decide again (nothing was written).
  if (!decided) {
    await accountIds(
      tx,
      [...accounts.values()].map(({ ref }) => ref),
    );
    decided = await decideInOrder(tx, inputs, entries, accounts, options);
    if (!decided) throw new Error('entries posted in order: ledger accounts could not be opened');
  }
  return decided;
}

async function decideInOrder(
  tx: Transaction,
  inputs: JournalEntryInput[],
  entries: Array<ReturnType<typeof balancedLines>>,
  accounts: Map<string, { k: number; ref: AccountRef }>,
  options: OrderedOptions,
): Promise<OrderedPosting[] | null> {
  // One parameter per relation, whatever the number of entries: a constant statement the database parses
  // quickly. Amounts travel as decimal strings.
  const owners = [...accounts.values()].map(({ k, ref }) => ({ k, ...ownerOf(ref) }));
  const entryRows = inputs.map((input, index) => ({
    i: index + 1,
    kind: input.kind,
    reference: input.reference,
    user_id: input.userId ?? null,
    actor_id: input.actorId ?? null,
    deltas: [...accounts.keys()].map((key) =>
      (entries[index]!.deltas.get(key)?.delta ?? new Decimal(0)).toFixed(UNIT_DECIMALS),
    ),
  }));
  const lineRows = entries.flatMap(({ lines }, index) =>
    lines.map((line) => ({
      i: index + 1,
      k: accounts.get(refKey(line.account))!.k,
      amount: line.amount.toFixed(UNIT_DECIMALS),
    })),
  );
  const also = (options.also?.(sql.raw('refused')) ?? []).map(
    (statement, n) => sql`, also_${sql.raw(String(n))} as (${statement})`,
  );
  // `run` walks the entries in order, carrying the balances: an entry is posted when no customer account
  // (one with an owner) goes below zero on the balances left by the entries posted before it.
  const result = await tx.execute(sql`
    with recursive d as (
      select * from jsonb_to_recordset(${JSON.stringify(owners)}::jsonb)
        as d (k int, kind text, user_id int, product_id int, stock_plan_id int)
    ),
    locked as (
      select d.k, a.id, a.user_id, a.balance from ${ledgerAccounts} a
      join d on a.kind = d.kind and coalesce(a.user_id, 0) = d.user_id
        and coalesce(a.product_id, 0) = d.product_id and coalesce(a.stock_plan_id, 0) = d.stock_plan_id
      order by a.id for update of a
    ), start as (
      select count(*) = ${accounts.size} as found, array_agg(balance order by k) as b,
             array_agg(user_id is not null order by k) as guarded
      from locked
    ), e as (
      select * from jsonb_to_recordset(${JSON.stringify(entryRows)}::jsonb)
        as e (i int, kind text, reference text, user_id int, actor_id int, deltas numeric[])
    ),
    run (i, b, posted, before) as (
      select 0, start.b, false, start.b from start where start.found
      union all
      select e.i, case when step.ok then step.b else run.b end, step.ok, run.b
      from run join e on e.i = run.i + 1
      cross join lateral (
        select array_agg(x.b + x.d order by x.n) as b, bool_and(not x.g or x.b + x.d >= 0) as ok
        from unnest(run.b, e.deltas, (select guarded from start)) with ordinality as x (b, d, g, n)
      ) step
    ), refused as (
      select i from run where i > 0 and not posted
    ), entry as (
      insert into ${journalEntries} (kind, reference, user_id, actor_id)
      select e.kind, e.reference, e.user_id, e.actor_id from e join run on run.i = e.i where run.posted order by e.i
      returning id, reference
    ), written as (
      insert into ${journalLines} (entry_id, account_id, amount)
      select entry.id, locked.id, l.amount
      from entry join e on e.reference = entry.reference
      join jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as l (i int, k int, amount numeric) on l.i = e.i
      join locked on locked.k = l.k
    ), moved as (
      update ${ledgerAccounts} set balance = last.b[locked.k]
      from locked, (select b from run order by i desc limit 1) last
      where ${ledgerAccounts.id} = locked.id and exists (select 1 from run where posted)
    )${sql.join(also)}
    select (select found from start) as found,
           (select json_agg(json_build_array(run.i, run.posted, entry.id, run.before::text[]) order by run.i)
            from run join e on e.i = run.i left join entry on entry.reference = e.reference) as decisions`);
  const [row] = (
    result as unknown as {
      rows: Array<{
        found: boolean | null;
        decisions: Array<[number, boolean, number | string | null, string[]]> | null;
      }>;
    }
  ).rows;
  if (!row?.found) return null;
  const decisions = row.decisions ?? [];
  if (decisions.length !== inputs.length) throw new Error('entries posted in order: not every entry was decided');
  return decisions.map(([, posted, entryId, before]) => ({
    posted,
    entryId: entryId === null ? null : Number(entryId),
    before: (account) => new Decimal(before[(accounts.get(refKey(account))?.k ?? 0) - 1] ?? 0),
  }));
}
