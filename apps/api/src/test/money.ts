// Test scenes for the money flows, set through the real services and HTTP calls: investors with a MiFID
// result and an approved bank account, cash deposited by a recorded transfer, a clock tests can move.
import { randomUUID } from 'node:crypto';
import type { Profile } from '@lombard/shared/permissions';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inTransaction } from '../db/client';
import { translator } from '../lib/i18n';
import { claimKeys } from '../lib/idempotency/idempotency';
import { getAccountByEmail } from '../modules/account/service';
import { lockCustomerCash } from '../modules/ledger/service';
import { bestAnswers, submitAnswers } from '../modules/mifid/service';
import { productIdsBySlug } from '../modules/products/service';
import { decideStep, submitStep, writeTab } from '../modules/profile/service';
import { type CreateTestAppOptions, createTestApp, type TestApp } from './app';
import { createUser, loginAs, type Session } from './auth';

export interface Investor {
  id: number;
  email: string;
  session: Session;
}

export interface MoneyFixture {
  t: TestApp;
  app: FastifyInstance;
  admin: Session;
  /** The app's clock: tests move it instead of waiting. */
  clock: { now: Date };
  productId(slug: string): Promise<number>;
  investor(options?: { profiles?: Profile[]; mifid?: boolean; bank?: boolean }): Promise<Investor>;
  deposit(investor: Investor, amount: string): Promise<void>;
  /** A new investor holding `amount` (a whole euro figure) of a product, paid from cash and settled. */
  holder(productId: number, amount: string): Promise<Investor>;
  post(session: Session, url: string, payload?: unknown, key?: string | null): Promise<LightMyRequestResponse>;
  get(session: Session, url: string): Promise<LightMyRequestResponse>;
  /**
   * Holds the investor's withdrawals until `release` is called: a transaction that locks their cash and
   * claims `key`, so that a withdrawal sent with `key` waits even when it would be refused before moving
   * cash (on PGlite, a transaction holds the single connection anyway). Released, it rolls back.
   */
  holdWithdrawals(investor: Investor): Promise<{ key: string; release(): Promise<void> }>;
}

let counter = 0;

export async function moneyFixture(
  options: Pick<CreateTestAppOptions, 'onQuery' | 'env' | 'logStream'> = {},
): Promise<MoneyFixture> {
  const clock = { now: new Date() };
  const t = await createTestApp({ ...options, clock: () => clock.now });
  const app = t.app;
  const admin = await loginAs(app, 'admin@demo.lombard.test');
  const operatorId = (await getAccountByEmail(app.database.db, 'admin@demo.lombard.test'))!.id;
  const english = (session: Session): Session => ({
    ...session,
    headers: { ...session.headers, 'accept-language': 'en' } as Session['headers'],
  });

  const post: MoneyFixture['post'] = (session, url, payload, key = randomUUID()) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers, 'accept-language': 'en', ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get: MoneyFixture['get'] = (session, url) =>
    app.inject({ method: 'GET', url, headers: { ...session.headers, 'accept-language': 'en' } });

  const fixture: MoneyFixture = {
    t,
    app,
    admin: english(admin),
    clock,
    async productId(slug) {
      return (await productIdsBySlug(app.database.db, [slug])).get(slug)!;
    },
    async investor(options = {}) {
      counter += 1;
      const email = `investor${counter}.${process.pid}@example.test`;
      const user = await createUser(app, {
        email,
        firstName: 'Maria',
        lastName: 'Rossi',
        attributes: options.profiles ?? ['customer'],
      });
      const db = app.database.db;
      if (options.mifid ?? true) {
        await submitAnswers(db, { userId: user.id, answers: await bestAnswers(db), now: clock.now }, translator('en'));
      }
      if (options.bank ?? true) {
        await writeTab(db, user.id, 'bank-account', {
          iban: 'IT60X0542811101000000123456',
          holder_name: 'Maria Rossi',
        });
        await submitStep(db, user.id, 'bank-account', clock.now);
        await decideStep(db, {
          userId: user.id,
          step: 'bank-account',
          decision: 'approve',
          operatorId,
          complete: true,
          now: clock.now,
        });
      }
      return { id: user.id, email, session: english(await loginAs(app, email)) };
    },
    async deposit(investor, amount) {
      const cash = await get(investor.session, '/api/v1/cash/');
      const reference = cash.json().deposit_instructions.reference_code as string;
      const res = await post(admin, '/api/v1/backoffice/transfers/', {
        reference_code: reference,
        amount,
        value_date: '2026-01-05',
        payer_name: 'Maria Rossi',
      });
      if (res.statusCode !== 201) throw new Error(`deposit failed: ${res.statusCode} ${res.body}`);
    },
    async holder(productId, amount) {
      const who = await fixture.investor();
      await fixture.deposit(who, amount);
      const order = await post(who.session, `/api/v1/products/${productId}/invest/`, {
        amount,
        payment_method: 'cash',
      });
      await post(admin, '/api/v1/backoffice/orders/settle/', { ids: [order.json().id] });
      return who;
    },
    post,
    get,
    async holdWithdrawals(investor) {
      const key = `held-${randomUUID()}`;
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const rolledBack = new Error('released');
      const done = inTransaction(app.database.db, async (tx) => {
        await lockCustomerCash(tx, investor.id);
        await claimKeys(tx, investor.id, [{ key, hash: 'held', status: 201, response: null }]);
        held();
        await released;
        throw rolledBack;
      }).catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
      await Promise.race([holding, done]);
      return {
        key,
        async release() {
          release();
          await done;
        },
      };
    },
  };
  return fixture;
}
