// What a waiting request set aside, given back when it is cancelled or rejected: reserved cash to cash,
// reserved units to units. An investment still waiting for its transfer set nothing aside.
import Decimal from 'decimal.js';
import type { Transaction } from '../../db/client';
import { postEntry } from '../ledger/service';
import type { TransactionRow } from './records';

export async function releaseReservation(
  tx: Transaction,
  row: TransactionRow,
  why: 'cancel' | 'reject',
  actorId: number,
): Promise<void> {
  if (row.status !== 'submitted') return;
  const userId = row.userId;
  const base = { reference: `transactions:${row.id}`, userId, actorId };
  if (row.type === 'disinvest') {
    const units = new Decimal(row.units ?? 0);
    const productId = row.productId ?? undefined;
    await postEntry(tx, {
      ...base,
      kind: `disinvest.${why}`,
      lines: [
        { account: { kind: 'customer.units_reserved', userId, productId }, amount: units.neg() },
        { account: { kind: 'customer.units', userId, productId }, amount: units },
      ],
    });
    return;
  }
  const amount = new Decimal(row.amount ?? 0);
  await postEntry(tx, {
    ...base,
    kind: `${row.type}.${why}`,
    lines: [
      { account: { kind: 'customer.cash_reserved', userId }, amount: amount.neg() },
      { account: { kind: 'customer.cash', userId }, amount },
    ],
  });
}
