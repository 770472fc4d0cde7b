// The advances' background work: paying out an approved advance no operator paid out, booking early
// repayments, the quarterly interest (checked every ten minutes, queued once a day) and margin calls after
// new NAVs or a stock plan's new price. Handlers live with their rules (payout-job.ts, repayment.ts,
// interest-job.ts, margin-calls.ts).
import type { FastifyInstance } from 'fastify';
import { NAVS_RECORDED_JOB } from '../products/service';
import { STOCK_PLAN_PRICE_RECORDED_JOB } from '../stock-plans/service';
import { ADVANCE_INTEREST_JOB, interestJobHandler, scheduleInterestRun } from './interest-job';
import { marginCallsHandler, planPriceMarginHandler } from './margin-calls';
import { ADVANCE_PAYOUT_JOB } from './operator-service';
import { payoutHandler } from './payout-job';
import { ADVANCE_REPAYMENT_JOB, repaymentJobHandler } from './repayment';

/** How often each instance checks whether the day's interest run is due (it is queued once a day anyway). */
const INTEREST_SCHEDULE_CHECK_MS = 10 * 60_000;

export function registerAdvanceJobs(app: FastifyInstance) {
  const db = app.database.db;
  const settings = { publicUrl: app.config.publicUrl, supportEmail: app.config.supportEmail };
  app.jobs.register(ADVANCE_PAYOUT_JOB, payoutHandler(app));
  app.jobs.register(ADVANCE_REPAYMENT_JOB, repaymentJobHandler(settings, app.clock));
  app.jobs.register(ADVANCE_INTEREST_JOB, interestJobHandler(settings, app.clock));
  app.jobs.register(NAVS_RECORDED_JOB, marginCallsHandler(settings, app.clock));
  app.jobs.register(STOCK_PLAN_PRICE_RECORDED_JOB, planPriceMarginHandler(settings, app.clock));
  if (!app.config.isTest) {
    let timer: NodeJS.Timeout | null = null;
    const check = () =>
      scheduleInterestRun(db, app.clock())
        .then((queued) => queued && app.jobs.poke())
        .catch((error: unknown) => app.log.warn({ err: error }, 'advance interest scheduling failed'));
    app.addHook('onReady', async () => {
      void check();
      timer = setInterval(check, INTEREST_SCHEDULE_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
}
