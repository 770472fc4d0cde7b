// The advances module's face to the rest of the API: what the home page shows of a customer's advances.

import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import type { MarginCall } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { advances } from '../../db/schema/advances';
import { openMarginCall } from './margin-calls';

/** The principal the customer still owes on active advances, and the open margin call if any. */
export async function advancesAtAGlance(
  db: Queryable,
  userId: number,
): Promise<{ outstanding: string; marginCall: MarginCall | null }> {
  const active = await db
    .select({ id: advances.id, outstanding: advances.outstanding })
    .from(advances)
    .where(and(eq(advances.userId, userId), eq(advances.status, ADVANCE_STATUS.active)))
    .orderBy(asc(advances.id));
  let marginCall: MarginCall | null = null;
  for (const row of active) {
    marginCall ??= await openMarginCall(db, row.id);
  }
  return {
    outstanding: active.reduce((sum, row) => sum.plus(row.outstanding), new Decimal(0)).toFixed(2),
    marginCall,
  };
}
