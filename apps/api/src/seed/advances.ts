// The demo customer's active advance, made through the same service calls as a customer's request and an
// operator's decisions: requested against the equity fund and the Vela Robotics stock plan, pre-approved,
// signed with the code of the SMS the signing sent (still pending in the outbox while seeding), approved and
// paid out a week ago, so that the advance page, the home and the margin-risk screens show a live loan;
// the quarter's statement of assets is drawn again to include it.
import { calendarDate } from '@lombard/shared/money/business-days';
import { eq } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../db/client';
import { stockPlans } from '../db/schema/stock-plans';
import type { FlowContext } from '../lib/flow-context';
import { translator } from '../lib/i18n';
import { takePendingJobs } from '../lib/jobs/queue';
import { codeInText, messagesTo } from '../lib/outbox';
import { getAccountByEmail } from '../modules/account/service';
import {
  ADVANCE_PAYOUT_JOB,
  approve,
  checkContractCode,
  disburse,
  preApprove,
  requestAdvance,
  sendContractCode,
  signContract,
} from '../modules/advances/service';
import { productIdsBySlug } from '../modules/products/service';
import { verifiedPhone } from '../modules/profile/service';
import { issueAssetStatement, quarterOfDay } from '../modules/statements/service';

const DAY_MS = 86_400_000;
const EQUITY = 'azionario-globale-sostenibile';
/** Of about 11,600 € the two lines secure: a 2008-sized fall would open a call, a 2022-sized one not. */
const AMOUNT = '8000.00';
const INSTALMENTS = 8;

export async function seedDemoAdvance(
  db: Queryable,
  links: Pick<FlowContext, 'files' | 'publicUrl' | 'supportEmail'>,
): Promise<void> {
  const tx = db as Transaction;
  const customer = await getAccountByEmail(tx, 'customer@demo.lombard.test');
  const admin = await getAccountByEmail(tx, 'admin@demo.lombard.test');
  const equity = (await productIdsBySlug(tx, [EQUITY])).get(EQUITY);
  const [plan] = await tx
    .select({ id: stockPlans.id })
    .from(stockPlans)
    .where(eq(stockPlans.userId, customer?.id ?? 0));
  const phone = customer ? await verifiedPhone(tx, customer.id) : null;
  if (!customer || !admin || !equity || !plan || !phone) return;
  const at = (daysAgo: number, actor: { id: number; email: string }): FlowContext => {
    const now = new Date(Date.now() - daysAgo * DAY_MS);
    return {
      now,
      today: calendarDate(now),
      language: 'it',
      t: translator('it'),
      actor: { id: actor.id, email: actor.email },
      ...links,
    };
  };
  const request = await requestAdvance(tx, at(9, customer), customer.id, {
    amount: AMOUNT,
    instalments: INSTALMENTS,
    collateral: [`position:${equity}`, `stock-plan:${plan.id}`],
  });
  await preApprove(tx, at(9, admin), request.id);
  const signing = at(8, customer);
  const asked = await sendContractCode(tx, signing, customer.id, request.id);
  const [sms] = await messagesTo(tx, phone, 'advance-contract');
  // The code check runs in a transaction of its own; within the seed's, it is a savepoint of it.
  const hash = await checkContractCode(tx as unknown as Database, signing, customer.id, request.id, {
    code: codeInText(sms?.text ?? '') ?? '',
    challenge: asked.challenge,
  });
  await signContract(tx, signing, customer.id, request.id, hash);
  await approve(tx, at(8, admin), request.id);
  await disburse(tx, at(7, admin), request.id, 'operator');
  // The approval queued the payout job in case no operator paid out; the operator did, and the seed has no
  // worker: the job is marked done with the payout it stood in for.
  await takePendingJobs(tx, ADVANCE_PAYOUT_JOB);
  // The quarter's statement of assets was drawn before the advance: drawn again from the books as they
  // are now (pledged units, the cash paid out), as an operator's regeneration would, superseding it.
  const today = calendarDate(new Date());
  await issueAssetStatement(tx, links.files, links, {
    userId: customer.id,
    quarter: quarterOfDay(today),
    today,
    replace: true,
  });
}
