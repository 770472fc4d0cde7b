// The benchmark's money data set, made through the API as customers and operators make it: incoming
// transfers recorded by an operator against the demo customer's deposit reference, investments from cash
// settled by the operator, each request with its own Idempotency-Key.
import { randomUUID } from 'node:crypto';

/** In parallel, `total` times: `job(n)`, by `workers` at once. */
async function times(total, workers, job) {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      await job(n);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

/**
 * Gives the customer `count` transactions (deposits of 1 €) on top of what they have, and a cash balance
 * of at least `cash` (one large deposit), so that list and withdrawal rows find their data.
 */
export async function seedTransactions(call, tokens, { count, cash }) {
  const { deposit_instructions: instructions } = await call('GET', '/api/v1/cash/', { token: tokens.customer });
  const transfer = (amount) =>
    call('POST', '/api/v1/backoffice/transfers/', {
      token: tokens.admin,
      idempotencyKey: randomUUID(),
      body: {
        reference_code: instructions.reference_code,
        amount,
        value_date: new Date().toISOString().slice(0, 10),
        payer_name: 'Banco di prova',
      },
    });
  const { count: existing } = await call('GET', '/api/v1/transactions/?per_page=1', { token: tokens.customer });
  await times(Math.max(0, count - existing), 8, () => transfer('1.00'));
  await transfer(cash);
}

/**
 * Makes the customer hold `positions` products: creates products until there are that many on sale,
 * records today's NAV for each, invests from cash in each and has the operator settle them.
 */
export async function seedPositions(call, tokens, { positions, createProduct }) {
  const list = async () =>
    (await call('GET', `/api/v1/products/?per_page=100&on_sale=True`, { token: tokens.customer })).results;
  let products = await list();
  for (let n = products.length; n < positions; n++) await createProduct(n);
  products = (await list()).slice(0, positions);
  const held = new Set(
    (await call('GET', '/api/v1/wallet/', { token: tokens.customer })).positions.map((p) => p.product.id),
  );
  const orders = [];
  for (const product of products) {
    if (held.has(product.id)) continue;
    const amount = (Number(product.min_investment) + 100).toFixed(2);
    const order = await call('POST', `/api/v1/products/${product.id}/invest/`, {
      token: tokens.customer,
      idempotencyKey: randomUUID(),
      body: { amount, payment_method: 'cash' },
    });
    orders.push(order.id);
  }
  if (orders.length) {
    await call('POST', '/api/v1/backoffice/orders/settle/', {
      token: tokens.admin,
      idempotencyKey: randomUUID(),
      body: { ids: orders },
    });
  }
  const wallet = await call('GET', '/api/v1/wallet/', { token: tokens.customer });
  if (wallet.positions.length < positions) {
    throw new Error(`the customer holds ${wallet.positions.length} positions, not ${positions}`);
  }
}

/** ISIN check digit (ISO 6166): letters to numbers, then the Luhn digit. */
function isin(body) {
  const digits = [...body].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The last working day up to today (a NAV is never recorded on a weekend). */
function lastWorkingDay() {
  const day = new Date();
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** A plain bond fund for the benchmark's portfolio, created by an operator with today's NAV. */
export async function createBenchProduct(call, tokens, n) {
  const text = (lang) => ({
    summary:
      lang === 'it'
        ? `Fondo obbligazionario di prova numero ${n} per il banco di prova.`
        : `Benchmark bond fund number ${n}, used by the benchmark only.`,
    underlying: lang === 'it' ? 'Obbligazioni area euro' : 'Euro-area bonds',
    description: '',
  });
  const product = await call('POST', '/api/v1/backoffice/products/', {
    token: tokens.admin,
    body: {
      name: `Fondo di prova ${n}`,
      isin: isin(`IT0009${String(n).padStart(5, '0')}`),
      category: 'bond',
      risk_indicator: 2,
      coupon_frequency: null,
      coupon_rate: null,
      min_investment: '100.00',
      max_investment: null,
      min_holding_days: 0,
      capital_protection: null,
      entry_cost: '0',
      annual_fee: '0.005',
      maturity_date: null,
      loan_to_value: '0.5',
      recommended_holding_years: 3,
      on_sale: true,
      translated_content: { it: text('it'), en: text('en') },
    },
  });
  await call('POST', `/api/v1/backoffice/products/${product.id}/navs/`, {
    token: tokens.admin,
    body: { date: lastWorkingDay(), nav: '100.000000' },
  });
}
