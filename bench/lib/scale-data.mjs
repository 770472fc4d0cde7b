// The scale benchmark's data (bench/scale.mjs), written straight into PostgreSQL with generate_series:
// customers `lo` to `hi - 1`, each with the rows the API would have written for them. Every customer has
// a deposit of 10,000 €, an executed investment of 5,000 € in one fund and a submitted one of 1,000 €
// (three transactions, four journal entries, ten lines, four ledger accounts). Every tenth also has an
// active advance: its fund units pledged, 80 % of their lendable value paid out on one of the last 365
// days, eight quarterly instalments, those already due paid from cash; so about one advance in 91 has an
// instalment due on any given day, the quarterly interest job's daily share. Customer 0 also has 10,000
// deposits of 1 €, the request benchmark's list. The books verify: every entry balances per asset, every
// balance is its lines, orders match units, reserved cash matches the submitted orders, advances match
// their ledger accounts and are within their limits.
//
// Ids are fixed functions of the customer's number (the layout below), so a stage adds customers to
// those of the stages before without reading them back; the sequences are moved past every range once,
// so rows the app writes between stages never take an id a later stage writes.

const LAYOUT = {
  user: 1_000_000, // + k
  account: 10_000_000, // + 4k + j
  advanceAccount: 20_000_000, // + 2m + j
  transaction: 10_000_000, // + 3k + j
  heavyTransaction: 50_000_000, // + i
  entry: 100_000_000, // + 4k + j
  advanceEntry: 200_000_000, // + 10m + j
  heavyEntry: 300_000_000, // + i
  advance: 1_000_000, // + m
};
const SEQUENCES_PAST = {
  users_id_seq: 10_000_000,
  ledger_accounts_id_seq: 100_000_000,
  transactions_id_seq: 100_000_000,
  journal_entries_id_seq: 1_000_000_000,
  advances_id_seq: 10_000_000,
};
const HEAVY_DEPOSITS = 10_000;

export const customerEmail = (k) => `scale${k}@scale.lombard.test`;
/** Customer k's number as a user id (lists sample customers by it). */
export const userIdOf = (k) => LAYOUT.user + k;

/** Once per database, before the first stage: sequences past every range, platform accounts opened. */
export async function prepare(client) {
  for (const [sequence, value] of Object.entries(SEQUENCES_PAST)) {
    await client.query(`select setval('${sequence}', $1)`, [value]);
  }
  // The counter-accounts every customer's entries use (the demo data opened some of them).
  await client.query(`
    insert into ledger_accounts (kind, product_id, asset)
    select kind, null, 'EUR' from unnest(array['platform.bank', 'platform.interest', 'platform.advances']) kind
    union all select 'platform.fund_units', id, 'UNITS:' || id from products
    on conflict do nothing`);
}

/** The statements of one stage, in order, each with a label for the progress line. */
function stageStatements({ lo, hi, today, demoCustomerId }) {
  const L = LAYOUT;
  // Every value is a number or a date this script made, written into the text: no parameters.
  const [LO, HI, DEMO] = [lo, hi, demoCustomerId].map((n) => Number.parseInt(n, 10));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`not a date: ${today}`);
  const TODAY = `'${today}'::date`;
  const platform = (kind, product = 'null') =>
    `(select id from ledger_accounts where kind = '${kind}' and user_id is null and product_id is not distinct from ${product})`;
  return [
    [
      'customers',
      `create temp table gc on commit drop as
       select k, ${L.user} + k as u, gp.id as p, gp.nav, gp.ltv, round(5000 / gp.nav, 6) as units,
              k % 10 = 0 as adv, k / 10 as m, (k % 300) + 400 as age_days,
              (${TODAY} - (1 + (k / 10) % 365))::date as disbursed
       from generate_series(${LO}, ${HI} - 1) k
       join (select id, loan_to_value as ltv, row_number() over (order by id) - 1 as slot,
                    (select nav from product_navs n where n.product_id = products.id order by nav_date desc limit 1) as nav
             from products) gp on gp.slot = k % (select count(*) from products)`,
    ],
    [
      'advance figures',
      `create temp table ga on commit drop as
       select gc.*, amt, round(amt * 0.05 / 4, 2) as interest,
              (select count(*) from generate_series(1, 8) n
               where (disbursed + make_interval(months => 3 * n))::date < ${TODAY})::int as paid
       from gc, lateral (select floor(round(round(units * nav, 2) * ltv, 2) * 0.8) as amt) a
       where adv`,
    ],
    [
      'users',
      `insert into users (id, email, password_hash, first_name, last_name, language, attributes, referral_code,
                          activated_at, created_at, updated_at)
       select u, 'scale' || k || '@scale.lombard.test', (select password_hash from users where id = ${DEMO}),
              'Cliente', 'Scala ' || k, 'it', '{customer}', 'SC' || k,
              ${TODAY} - age_days, ${TODAY} - age_days, ${TODAY} - age_days
       from gc`,
    ],
    [
      'transactions',
      `insert into transactions (id, user_id, type, status, product_id, payment_method, amount, units, nav,
                                 nav_date, fee, reference_code, execute_on, payer_name, value_date, created_at,
                                 executed_at)
       select ${L.transaction} + 3 * k, u, 'deposit', 'executed', null::int, null::text, 10000::numeric,
              null::numeric, null::numeric, null::date, null::numeric, 'SCD' || k, null::date, 'Banco di prova',
              ${TODAY} - age_days, (${TODAY} - age_days)::timestamptz, (${TODAY} - age_days)::timestamptz
       from gc
       union all
       select ${L.transaction} + 3 * k + 1, u, 'invest', 'executed', p, 'cash', 5000, units, nav,
              ${TODAY} - age_days + 2, 0, 'SCO' || k, null, null, null, ${TODAY} - age_days + 1,
              ${TODAY} - age_days + 2
       from gc
       union all
       select ${L.transaction} + 3 * k + 2, u, 'invest', 'submitted', p, 'cash', 1000, null, null, null, null,
              'SCP' || k, ${TODAY} + 1, null, null, ${TODAY} - 1, null
       from gc
       union all
       select ${L.heavyTransaction} + i, u, 'deposit', 'executed', null, null, 1, null, null, null, null,
              'SCH' || i, null, 'Banco di prova', ${TODAY} - 30, ${TODAY} - 30 + i * interval '1 minute',
              ${TODAY} - 30 + i * interval '1 minute'
       from gc, generate_series(1, ${HEAVY_DEPOSITS}) i where k = 0`,
    ],
    [
      'advances',
      `insert into advances (id, user_id, status, amount, outstanding, instalments, annual_rate, apr,
                             collateral_snapshot, signed_at, approved_at, disbursed_at, created_at, updated_at)
       select ${L.advance} + m, u, 5, amt, amt, 8, 0.05, 0.0512, '{}', disbursed - 2, disbursed - 1, disbursed,
              disbursed - 3, disbursed
       from ga;
       insert into advance_collateral (advance_id, product_id, units, unit_price, value, loan_to_value, contribution,
                                       pledged_at)
       select ${L.advance} + m, p, units, nav, round(units * nav, 2), ltv, round(round(units * nav, 2) * ltv, 2),
              disbursed - 3
       from ga;
       insert into advance_instalments (advance_id, number, due_date, interest, principal, state, paid_at)
       select ${L.advance} + m, n, (disbursed + make_interval(months => 3 * n))::date, interest,
              case when n = 8 then amt else 0 end, case when n <= paid then 'paid' else 'scheduled' end,
              case when n <= paid then (disbursed + make_interval(months => 3 * n))::date end
       from ga, generate_series(1, 8) n`,
    ],
    [
      'ledger accounts',
      `insert into ledger_accounts (id, kind, user_id, product_id, asset, balance, created_at)
       select ${L.account} + 4 * gc.k + j, kind, gc.u, product, asset, balance, ${TODAY} - gc.age_days
       from gc left join ga on ga.k = gc.k, lateral (values
         (0, 'customer.cash', null::int, 'EUR',
          4000 + coalesce(ga.amt - ga.paid * ga.interest, 0) + case when gc.k = 0 then ${HEAVY_DEPOSITS} else 0 end),
         (1, 'customer.cash_reserved', null, 'EUR', 1000),
         (2, 'customer.units', gc.p, 'UNITS:' || gc.p, case when gc.adv then 0 else gc.units end),
         (3, 'customer.position_cost', gc.p, 'EUR', 5000)) v (j, kind, product, asset, balance)
       union all
       select ${L.advanceAccount} + 2 * m + j, kind, u, product, asset, balance, disbursed - 3
       from ga, lateral (values
         (0, 'customer.units_pledged', p, 'UNITS:' || p, units),
         (1, 'customer.advance', null::int, 'EUR', amt)) v (j, kind, product, asset, balance)`,
    ],
    [
      'journal entries',
      `insert into journal_entries (id, kind, reference, user_id, actor_id, created_at)
       select ${L.entry} + 4 * k + j, kind, 'transactions:' || (${L.transaction} + 3 * k + t), u, null::int,
              ${TODAY} - age_days + t
       from gc, lateral (values (0, 'deposit', 0), (1, 'invest.reserve', 1), (2, 'invest.settle', 1),
                                (3, 'invest.reserve', 2)) v (j, kind, t)
       union all
       select ${L.advanceEntry} + 10 * m + j, kind, 'advances:' || (${L.advance} + m), u, null, disbursed
       from ga, lateral (values (0, 'advance.pledge'), (1, 'advance.disburse')) v (j, kind)
       union all
       select ${L.advanceEntry} + 10 * m + 1 + n, 'advance.instalment', 'advances:' || (${L.advance} + m), u, null,
              (disbursed + make_interval(months => 3 * n))::date
       from ga, generate_series(1, 8) n where n <= paid
       union all
       select ${L.heavyEntry} + i, 'deposit', 'transactions:' || (${L.heavyTransaction} + i), u, null, ${TODAY} - 30
       from gc, generate_series(1, ${HEAVY_DEPOSITS}) i where k = 0`,
    ],
    [
      'journal lines',
      `insert into journal_lines (entry_id, account_id, amount)
       select ${L.entry} + 4 * k + e, case when a < 0 then platform else ${L.account} + 4 * k + a end, amount
       from (select gc.*, ${platform('platform.bank')} as bank,
                    (select id from ledger_accounts f where f.kind = 'platform.fund_units' and f.product_id = gc.p) as fund
             from gc) c, lateral (values
         (0, -1, bank, -10000::numeric), (0, 0, null, 10000),
         (1, 0, null, -5000), (1, 1, null, 5000),
         (2, 1, null, -5000), (2, 3, null, 5000), (2, -1, fund, -units), (2, 2, null, units),
         (3, 0, null, -1000), (3, 1, null, 1000)) v (e, a, platform, amount)
       union all
       select ${L.advanceEntry} + 10 * m + e,
              case a when -1 then ${platform('platform.bank')} when -2 then ${platform('platform.advances')}
                     when -3 then ${platform('platform.interest')} when 10 then ${L.advanceAccount} + 2 * m
                     when 11 then ${L.advanceAccount} + 2 * m + 1 else ${L.account} + 4 * k + a end,
              amount
       from ga, lateral (values
         (0, 2, -units), (0, 10, units),
         (1, 0, amt), (1, -1, -amt), (1, 11, amt), (1, -2, -amt)) v (e, a, amount)
       union all
       select ${L.advanceEntry} + 10 * m + 1 + n, case a when 0 then ${L.account} + 4 * k else ${platform('platform.interest')} end,
              amount
       from ga, generate_series(1, 8) n, lateral (values (0, -interest), (-3, interest)) v (a, amount) where n <= paid
       union all
       select ${L.heavyEntry} + i, account, amount
       from gc, generate_series(1, ${HEAVY_DEPOSITS}) i,
            lateral (values (${L.account}, 1::numeric), (${platform('platform.bank')}, -1)) v (account, amount)
       where k = 0`,
    ],
    [
      'platform balances',
      `update ledger_accounts a set balance = a.balance + d.delta
       from (
         select ${platform('platform.bank')} as id,
                -10000 * (select count(*) from gc) - coalesce((select sum(amt) from ga), 0)
                - case when ${LO} = 0 then ${HEAVY_DEPOSITS} else 0 end as delta
         union all select ${platform('platform.advances')}, -coalesce((select sum(amt) from ga), 0)
         union all select ${platform('platform.interest')}, coalesce((select sum(paid * interest) from ga), 0)
         union all select f.id, -sum(gc.units) from gc join ledger_accounts f
                     on f.kind = 'platform.fund_units' and f.product_id = gc.p and f.user_id is null group by f.id
       ) d where a.id = d.id`,
    ],
  ].map(([label, text]) => ({ label, text }));
}

/**
 * Writes customers `lo` to `hi - 1` in one transaction, without the app's triggers (nobody listens to a
 * bulk load, and a notification per row would fill the queue) nor its foreign-key checks (the ids are
 * laid out to match). `demoCustomerId` lends its password hash: every generated customer signs in with
 * the demo password. Calls `progress(label, ms)` after each step.
 */
export async function writeStage(client, stage, progress = () => {}) {
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('set local synchronous_commit = off');
    for (const { label, text } of stageStatements(stage)) {
      const started = performance.now();
      for (const statement of text.split(/;\s*\n/)) await client.query(statement);
      progress(label, performance.now() - started);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
