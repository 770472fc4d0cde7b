// Demo money, made through the same flows as customers' and operators' requests, dated in the past so
// that the wallet shows gains and losses at today's NAV: the demo customer's transfers, four investments,
// an executed and a pending disinvestment, an executed and a pending withdrawal, cash left over; the demo
// lead's investment waiting for its bank transfer.
import { calendarDate } from '@lombard/shared/money/business-days';
import type { Queryable, Transaction } from '../db/client';
import { signatures } from '../db/schema/signatures';
import type { FlowContext } from '../lib/flow-context';
import { translator } from '../lib/i18n';
import { payloadHash } from '../lib/one-time-code/codes';
import { getAccountByEmail } from '../modules/account/service';
import { productIdsBySlug } from '../modules/products/service';
import { approvedBankAccount } from '../modules/profile/service';
import {
  customerDepositReference,
  executeWithdrawal,
  placeDisinvestment,
  placeInvestment,
  recordTransfer,
  requestWithdrawal,
  settleOrders,
  WITHDRAWAL_PURPOSE,
  withdrawalPayload,
} from '../modules/transactions/service';

const DAY_MS = 86_400_000;
const SLUGS = {
  bond: 'obbligazionario-euro-protetto-2031',
  coupon: 'cedola-trimestrale-europa',
  equity: 'azionario-globale-sostenibile',
  corporate: 'corporate-bond-euro-semestrale',
} as const;

export async function seedDemoMoney(
  db: Queryable,
  links: Pick<FlowContext, 'files' | 'publicUrl' | 'supportEmail'>,
): Promise<void> {
  // The seed runs each step in one transaction: the flows get it as theirs.
  const tx = db as Transaction;
  // One after the other: a transaction is one connection, which runs one query at a time.
  const customer = await getAccountByEmail(tx, 'customer@demo.lombard.test');
  const lead = await getAccountByEmail(tx, 'lead@demo.lombard.test');
  const admin = await getAccountByEmail(tx, 'admin@demo.lombard.test');
  const products = await productIdsBySlug(tx, Object.values(SLUGS));
  if (!customer || !lead || !admin || products.size < Object.keys(SLUGS).length) return;
  const id = (slug: string) => products.get(slug)!;
  const t = translator('it');
  const base = { language: 'it' as const, t, ...links };
  const at = (daysAgo: number, actor: { id: number; email: string }): FlowContext => {
    const now = new Date(Date.now() - daysAgo * DAY_MS);
    return { ...base, now, today: calendarDate(now), actor: { id: actor.id, email: actor.email } };
  };
  const operator = (daysAgo: number) => at(daysAgo, admin);
  const asCustomer = (daysAgo: number) => at(daysAgo, customer);
  const payer = `${customer.firstName} ${customer.lastName}`;

  await recordTransfer(tx, operator(200), {
    reference_code: customerDepositReference(customer.id),
    amount: '60000.00',
    value_date: calendarDate(new Date(Date.now() - 201 * DAY_MS)),
    payer_name: payer,
  });
  const invest = async (daysAgo: number, slug: string, amount: string) => {
    const order = await placeInvestment(tx, asCustomer(daysAgo), customer.id, id(slug), {
      amount,
      payment_method: 'cash',
    });
    await settleOrders(tx, operator(daysAgo - 1), [order.id]);
    return order;
  };
  await invest(190, SLUGS.bond, '15000.00');
  await invest(150, SLUGS.coupon, '20000.00');
  await invest(120, SLUGS.equity, '10000.00');
  await invest(60, SLUGS.corporate, '12000.00');

  const sold = await placeDisinvestment(tx, asCustomer(40), customer.id, id(SLUGS.bond), { units: '30' });
  await settleOrders(tx, operator(35), [sold.id]);

  // The demo's past withdrawals were confirmed with the customer's app at the time: the signature each used.
  const bank = await approvedBankAccount(tx, customer.id);
  const withdraw = async (context: FlowContext, amount: string) => {
    const hash = payloadHash(withdrawalPayload(amount, bank?.iban ?? ''));
    const [signature] = await tx
      .insert(signatures)
      .values({
        userId: customer.id,
        purpose: WITHDRAWAL_PURPOSE,
        documentHash: hash,
        payloadHash: hash,
        factor: 'authenticator',
        createdAt: context.now,
        signedAt: context.now,
      })
      .returning({ id: signatures.id });
    const confirmation = { signature_id: signature!.id };
    const { answer, move } = await requestWithdrawal(tx, context, customer.id, { amount, confirmation });
    await move();
    return answer;
  };
  const paidOut = await withdraw(asCustomer(30), '1500.00');
  await executeWithdrawal(tx, operator(29), paidOut.id);

  await recordTransfer(tx, operator(20), {
    reference_code: customerDepositReference(customer.id),
    amount: '2500.00',
    value_date: calendarDate(new Date(Date.now() - 21 * DAY_MS)),
    payer_name: payer,
  });
  // Placed last week: due by now, waiting for the operator to execute it at its day's NAV.
  await placeDisinvestment(tx, asCustomer(5), customer.id, id(SLUGS.corporate), { units: '10' });
  await withdraw(asCustomer(0), '500.00');

  await placeInvestment(tx, at(2, lead), lead.id, id(SLUGS.bond), {
    amount: '6000.00',
    payment_method: 'bank_transfer',
  });
}
