// The ids of ledger accounts, opening the ones never used before: what posting one entry (service.ts) and
// many in order (ordered.ts) both look up first. Its own file so that both import it one way.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { type AccountRef, assetOf, PER_PLAN_KINDS, PER_PRODUCT_KINDS, refKey } from './accounts';

function ownerCondition(ref: AccountRef) {
  const userId = 'userId' in ref ? ref.userId : null;
  const productId = PER_PRODUCT_KINDS.has(ref.kind) ? (ref.productId ?? null) : null;
  const planId = PER_PLAN_KINDS.has(ref.kind) ? (ref.stockPlanId ?? null) : null;
  return and(
    eq(ledgerAccounts.kind, ref.kind),
    userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
    productId === null ? isNull(ledgerAccounts.productId) : eq(ledgerAccounts.productId, productId),
    planId === null ? isNull(ledgerAccounts.stockPlanId) : eq(ledgerAccounts.stockPlanId, planId),
  );
}

// Account ids a transaction already looked up: an id never changes once its account exists, and keeping
// them per transaction means a rolled-back account opening is never remembered.
const knownIds = new WeakMap<object, Map<string, number>>();

/** The accounts' ids by key, opening the missing ones: two statements at most, however many accounts. */
export async function accountIds(tx: Queryable, refs: AccountRef[]): Promise<Map<string, number>> {
  let known = knownIds.get(tx);
  if (!known) {
    known = new Map();
    knownIds.set(tx, known);
  }
  const missing = new Map<string, AccountRef>();
  for (const ref of refs) if (!known.has(refKey(ref))) missing.set(refKey(ref), ref);
  const lookUp = async () => {
    if (missing.size === 0) return;
    const rows = await tx
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        productId: ledgerAccounts.productId,
        stockPlanId: ledgerAccounts.stockPlanId,
      })
      .from(ledgerAccounts)
      .where(or(...[...missing.values()].map(ownerCondition)));
    for (const row of rows) {
      const key = `${row.kind}|${row.userId ?? 0}|${row.productId ?? 0}|${row.stockPlanId ?? 0}`;
      known.set(key, row.id);
      missing.delete(key);
    }
  };
  await lookUp();
  if (missing.size > 0) {
    await tx
      .insert(ledgerAccounts)
      .values(
        [...missing.values()].map((ref) => ({
          kind: ref.kind,
          userId: 'userId' in ref ? ref.userId : null,
          productId: PER_PRODUCT_KINDS.has(ref.kind) ? (ref.productId ?? null) : null,
          stockPlanId: PER_PLAN_KINDS.has(ref.kind) ? (ref.stockPlanId ?? null) : null,
          asset: assetOf(ref),
        })),
      )
      .onConflictDoNothing();
    await lookUp();
    if (missing.size > 0) throw new Error(`ledger accounts ${[...missing.keys()].join(', ')} could not be opened`);
  }
  return new Map(refs.map((ref) => [refKey(ref), known.get(refKey(ref)) as number]));
}
