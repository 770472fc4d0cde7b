// The payout job: an approved advance no operator has paid out is paid out within the payout hours the
// settings promise (queued at approval, see operator-service). Already paid out, or no longer approved: nothing to do.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { calendarDate } from '@lombard/shared/money/business-days';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { translator } from '../../lib/i18n';
import { disburse } from './operator-service';
import { findAdvance } from './records';

export interface PayoutPayload {
  advanceId: number;
}

export function payoutHandler(app: FastifyInstance) {
  return async (payload: PayoutPayload) => {
    const now = app.clock();
    const context: FlowContext = {
      now,
      today: calendarDate(now),
      language: 'it',
      t: translator('it'),
      // The job acts for nobody: ledger entries and events carry no actor (see `disburse`).
      actor: { id: 0, email: '' },
      publicUrl: app.config.publicUrl,
      supportEmail: app.config.supportEmail,
      files: app.files,
    };
    try {
      await inTransaction(app.database.db, async (tx) => {
        const row = await findAdvance(tx, payload.advanceId, { lock: true });
        if (row.status !== ADVANCE_STATUS.moneyOnTheWay) return;
        await disburse(tx, context, row.id, 'system');
      });
    } catch (error) {
      // Prices fell since approval: nothing is paid out, and retrying would not change the collateral. The
      // advance stays approved for an operator to reject or, once covered again, pay out.
      if (!(error instanceof AppError && error.code === 'ADVANCE_COLLATERAL_SHORTFALL')) throw error;
      app.log.warn({ advance: payload.advanceId, code: error.code }, 'advance not paid out: collateral short');
    }
  };
}
