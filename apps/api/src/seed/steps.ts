// What a data set is seeded with, and when. Two sets of steps:
// - `base`: the product's own content that the back office cannot create (settings defaults, the menu of
//   each profile, the help centre), on every data set;
// - `demo`: sample brand, products, partners and accounts with the published demo password, only where the
//   configuration allows it (the embedded quick start by default; on PostgreSQL only with SEED_DEMO=true).
// Each step runs once per data set and is recorded in `seed_runs`, so what an operator deleted stays
// deleted after a restart or `db:seed`.
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { type DatabaseHandle, inTransaction, type Queryable } from '../db/client';
import { withAdvisoryLock } from '../db/migrate';
import { users } from '../db/schema/accounts';
import { seedRuns } from '../db/schema/seed-runs';
import type { FileStorage } from '../lib/files/storage';
import { publishQuestionnaire } from '../modules/mifid/service';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts';
import { seedDemoAdvance } from './advances';
import { seedDemoAuthenticator } from './authenticator';
import { BULK_USER_DOMAIN, seedBackoffice } from './backoffice';
import { seedDemoBondShares } from './bond-shares';
import { seedDemoDocuments } from './documents';
import { seedMenus } from './menus';
import { seedDemoMifidAnswers } from './mifid-answers';
import { MIFID_QUESTIONNAIRE } from './mifid-questionnaire';
import { seedDemoMoney } from './money';
import { seedMoreDemoProducts } from './more-products';
import { seedPartners } from './partners';
import { backfillDemoNavs, completeDemoProducts, seedProducts } from './products';
import { approveDemoProfiles, DEMO_INVESTOR_EMAILS, seedDemoProfiles } from './profiles';
import { seedDemoRemedyRanking } from './remedy-ranking';
import { seedDemoSocialLinks, seedPartnerBankSettings, seedSettings } from './settings';
import { seedDemoStatements } from './statements';
import { seedDemoStockPlanPrices } from './stock-plan-prices';
import { seedDemoStockPlans } from './stock-plans';
import { seedSupport } from './support';

export type SeedSet = 'base' | 'demo';

/**
 * What a step may need besides the database: files (demo documents) are stored in `files`; the
 * e-mails the demo flows queue link to `publicUrl` and name `supportEmail`, as a live request's do.
 */
export interface SeedContext {
  files: FileStorage;
  publicUrl: string;
  supportEmail: string;
}

export interface SeedStep {
  set: SeedSet;
  version: number;
  run(db: Queryable, context: SeedContext): Promise<void>;
}

/**
 * Append only. A released step is never changed: new seed content goes into a new step (next version of
 * its set) that inserts only its own new rows, so a data set receives it once and nothing else returns.
 */
export const SEED_STEPS: readonly SeedStep[] = [
  {
    set: 'base',
    version: 1,
    async run(db) {
      await seedSettings(db);
      await seedMenus(db);
      await seedSupport(db);
    },
  },
  {
    set: 'base',
    version: 2,
    async run(db) {
      await publishQuestionnaire(db, MIFID_QUESTIONNAIRE);
    },
  },
  {
    set: 'demo',
    version: 1,
    async run(db) {
      await seedDemoSocialLinks(db);
      await seedPartners(db);
      await seedProducts(db);
      await seedAccounts(db);
      // After the help centre (base) and the accounts: its notifications point at both.
      await seedBackoffice(db);
    },
  },
  {
    set: 'demo',
    version: 2,
    async run(db, context) {
      // In this order: the profiles' data, the KYC documents of the demo lead and customer (filing them
      // submits their kyc step), then the operator's approvals of every waiting step.
      await seedDemoProfiles(db);
      await seedDemoMifidAnswers(db, DEMO_INVESTOR_EMAILS);
      await seedDemoDocuments(db, context.files);
      await approveDemoProfiles(db);
    },
  },
  {
    set: 'base',
    version: 3,
    async run(db) {
      await seedPartnerBankSettings(db);
    },
  },
  {
    set: 'demo',
    version: 3,
    async run(db, context) {
      // Money through the real flows: transfers, orders settled at past NAVs, a disinvestment and
      // withdrawals, so that the wallet, cash, transactions and back-office pages show real rows.
      await seedDemoMoney(db, context);
    },
  },
  {
    set: 'demo',
    version: 4,
    async run(db) {
      // Two years of NAVs for the charts and the KID's scenarios; descriptions and holding periods.
      await backfillDemoNavs(db);
      await completeDemoProducts(db);
    },
  },
  {
    set: 'demo',
    version: 5,
    async run(db, context) {
      // A verified stock plan of a partner company for the demo customer: a second kind of collateral
      // on the advance screens. No advance is seeded, so the customer can request one.
      await seedDemoStockPlans(db, context);
    },
  },
  {
    set: 'demo',
    version: 6,
    async run(db) {
      // Four more funds, so that the catalogue's filters and sorts have something to choose between.
      await seedMoreDemoProducts(db);
    },
  },
  {
    set: 'demo',
    version: 7,
    async run(db, context) {
      // The statements the settled orders and the quarter call for: contract notes, statement of assets.
      await seedDemoStatements(db, context);
    },
  },
  {
    set: 'demo',
    version: 8,
    async run(db, context) {
      // An active advance of the demo customer against the equity fund and the stock plan: the advance
      // page, the home and the margin-risk screens show a live loan (the other lines stay free).
      await seedDemoAdvance(db, context);
    },
  },
  {
    set: 'demo',
    version: 9,
    async run(db) {
      // The demo customer's authenticator app, so that the confirmation by app can be tried at once. After
      // the advance: its contract was signed by SMS code, before she had the app.
      await seedDemoAuthenticator(db);
    },
  },
  {
    set: 'demo',
    version: 10,
    async run(db) {
      // The funds' share in government bonds, which the borrow-or-sell comparison's tax estimate reads.
      await seedDemoBondShares(db);
    },
  },
  {
    set: 'demo',
    version: 11,
    async run(db) {
      // The demo customer's remedy for a margin call, ranked in advance (after the advance it ranks).
      await seedDemoRemedyRanking(db);
    },
  },
  {
    set: 'demo',
    version: 12,
    async run(db, context) {
      // The Vela Robotics share's closes since her plan was verified, as an operator records them,
      // ending at the verified 18.40 (docs/decisions/046): her figures stay as they were.
      await seedDemoStockPlanPrices(db, context);
    },
  },
];

// Any constant works, as long as it differs from the migrations' lock and is the same for every instance.
const SEED_LOCK_KEY = 7_310_204_102;

export interface SeedOutcome {
  /** The steps this call applied, e.g. `base@1`; empty when the data set already had them all. */
  applied: string[];
}

/**
 * Applies the steps this data set has not had yet: the base set always, the demo set when `demo` is true.
 * Each step is one transaction together with its `seed_runs` row; instances starting together take turns.
 */
export async function seedDatabase(
  handle: DatabaseHandle,
  options: { demo: boolean } & SeedContext,
): Promise<SeedOutcome> {
  return withAdvisoryLock(handle, SEED_LOCK_KEY, async (session) => {
    const applied: string[] = [];
    for (const step of SEED_STEPS) {
      if (step.set === 'demo' && !options.demo) continue;
      const ran = await inTransaction(session, async (tx) => {
        const [done] = await tx
          .select({ version: seedRuns.version })
          .from(seedRuns)
          .where(and(eq(seedRuns.set, step.set), eq(seedRuns.version, step.version)));
        if (done) return false;
        await step.run(tx, {
          files: options.files,
          publicUrl: options.publicUrl,
          supportEmail: options.supportEmail,
        });
        await tx.insert(seedRuns).values({ set: step.set, version: step.version });
        return true;
      });
      if (ran) applied.push(`${step.set}@${step.version}`);
    }
    return { applied };
  });
}

/** How many demo accounts (shared published password) the data set holds: a real deployment wants none. */
export async function countDemoAccounts(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      or(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
        like(users.email, `%@${BULK_USER_DOMAIN}`),
      ),
    );
  return Number(row?.count ?? 0);
}
