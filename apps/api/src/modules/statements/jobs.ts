// The periodic statements: once a quarter has ended, one job issues every customer's statement of assets
// for it; once a year has ended, another issues their costs and charges report and a statement of each
// advance that ran in it. Each is queued once per period however many instances ask (checked every hour),
// and a run that is repeated (a retry, a second queueing by hand) files nothing twice: each statement is
// kept once filed after its period's end.
import { calendarDate } from '@lombard/shared/money/business-days';
import { type Database, inTransaction } from '../../db/client';
import type { FileStorage } from '../../lib/files/storage';
import { enqueueOnce } from '../../lib/jobs/once';
import type { JobHandler } from '../../lib/jobs/queue';
import { advancesOpenIn, issueAdvanceStatement } from '../advances/service';
import type { StatementNoticeSettings } from '../documents/service';
import { customersInLedger } from '../ledger/service';
import { issueAssetStatement } from './asset-statement';
import { issueCostsReport } from './costs-report';
import { parseQuarter, previousQuarter } from './quarters';

export const QUARTERLY_STATEMENTS_JOB = 'statements.quarterly';

export interface QuarterlyStatementsPayload {
  /** `2026-Q3` */
  quarter: string;
}

/** Queues the statements of the quarter that ended last before `now`, once. */
export function scheduleQuarterlyStatements(db: Database, now: Date): Promise<boolean> {
  const payload: QuarterlyStatementsPayload = { quarter: previousQuarter(calendarDate(now)).label };
  return enqueueOnce(db, QUARTERLY_STATEMENTS_JOB, { ...payload });
}

/**
 * Each customer in a transaction of their own: one whose statement cannot be drawn does not hold back the
 * others, and the job fails at the end so that the queue retries it (those already filed are kept).
 */
export function quarterlyStatementsHandler(
  storage: FileStorage,
  settings: StatementNoticeSettings,
  clock: () => Date,
): JobHandler<QuarterlyStatementsPayload> {
  return async (payload, { db, log, signal }) => {
    const quarter = parseQuarter(payload.quarter);
    if (!quarter) throw new Error(`not a quarter: ${payload.quarter}`);
    const today = calendarDate(clock());
    let failed = 0;
    for (const userId of await customersInLedger(db, quarter.to)) {
      if (signal.aborted) throw signal.reason;
      try {
        await inTransaction(db, (tx) => issueAssetStatement(tx, storage, settings, { userId, quarter, today }));
      } catch (error) {
        failed += 1;
        log.error({ err: error, userId, quarter: quarter.label }, 'statement of assets failed');
      }
    }
    if (failed > 0) throw new Error(`${failed} statements of assets for ${quarter.label} failed`);
  };
}

export const YEARLY_STATEMENTS_JOB = 'statements.yearly';

export interface YearlyStatementsPayload {
  year: number;
}

/** Queues the statements of the year that ended last before `now`, once. */
export function scheduleYearlyStatements(db: Database, now: Date): Promise<boolean> {
  const payload: YearlyStatementsPayload = { year: Number(calendarDate(now).slice(0, 4)) - 1 };
  return enqueueOnce(db, YEARLY_STATEMENTS_JOB, { ...payload });
}

export function yearlyStatementsHandler(
  storage: FileStorage,
  settings: StatementNoticeSettings,
  clock: () => Date,
): JobHandler<YearlyStatementsPayload> {
  return async ({ year }, { db, log, signal }) => {
    const today = calendarDate(clock());
    const asOf = today < `${year}-12-31` ? today : `${year}-12-31`;
    let failed = 0;
    for (const userId of await customersInLedger(db, asOf)) {
      if (signal.aborted) throw signal.reason;
      try {
        await inTransaction(db, async (tx) => {
          await issueCostsReport(tx, storage, settings, { userId, year, today });
          for (const advance of await advancesOpenIn(tx, userId, year)) {
            await issueAdvanceStatement(tx, storage, settings, advance, { asOf, period: { year } });
          }
        });
      } catch (error) {
        failed += 1;
        log.error({ err: error, userId, year }, 'yearly statements failed');
      }
    }
    if (failed > 0) throw new Error(`${failed} customers' yearly statements for ${year} failed`);
  };
}
