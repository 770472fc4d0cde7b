// The rows of the request benchmark (bench/requests.mjs). Adding a row is one line:
//   row(label, path, { as?: 'customer' | 'admin', headers?, share: { postgres, pglite }, p99 })
// `share` is the least throughput as a share of a bare Fastify "hello" measured in the same run, per
// database; `p99` the most 99th-percentile latency in ms, checked on PostgreSQL (the embedded database
// is a single connection in the same process: its latency says little about production). Every row
// asks as a browser does (requests.mjs: Accept-Encoding), so large answers travel compressed.
const row = (label, path, options) => ({ label, path, ...options });

export const ROWS = [
  row('GET /healthz', '/healthz', { share: { postgres: 0.7, pglite: 0.7 }, p99: 10 }),
  row('GET /api/get-global-config/', '/api/get-global-config/', { share: { postgres: 0.6, pglite: 0.6 }, p99: 20 }),
  row('GET /api/account/me/ (demo customer)', '/api/account/me/', {
    as: 'customer',
    share: { postgres: 0.3, pglite: 0.15 },
    p99: 40,
  }),
  row('GET /home/ (rendered, it, anonymous)', '/home/', {
    headers: { 'accept-language': 'it' },
    share: { postgres: 0.25, pglite: 0.25 },
    p99: 50,
  }),
  row('GET transactions, page 1 of 10 (10,000, with count)', '/api/v1/transactions/?page=1&per_page=10', {
    as: 'customer',
    share: { postgres: 0.15, pglite: 0.08 },
    p99: 60,
  }),
  row('GET /api/v1/wallet/ (20 positions)', '/api/v1/wallet/', {
    as: 'customer',
    share: { postgres: 0.1, pglite: 0.05 },
    p99: 80,
  }),
  // loan/'s data: every collateral line valued at its latest price (the 20 positions above and the demo
  // stock plan).
  row('GET /api/v1/advances/borrowing-power/ (20 positions + a stock plan)', '/api/v1/advances/borrowing-power/', {
    as: 'customer',
    share: { postgres: 0.1, pglite: 0.05 },
    p99: 80,
  }),
  // The calculator: the longest schedule there is, checked against the customer's free collateral.
  row('GET /api/v1/advances/quote/ (40 instalments)', '/api/v1/advances/quote/?amount=20000.00&instalments=40', {
    as: 'customer',
    share: { postgres: 0.3, pglite: 0.3 },
    p99: 30,
  }),
  // Each request a new withdrawal of 1 € with its own Idempotency-Key; judged at 70 % of its peak, and
  // the ledger must verify afterwards.
  row('POST /api/v1/cash/withdrawals/ (Idempotency-Key, 70 % of peak)', '/api/v1/cash/withdrawals/', {
    as: 'customer',
    method: 'POST',
    body: { amount: '1.00' },
    idempotent: true,
    atShareOfPeak: 0.7,
    verifyLedger: true,
    share: { postgres: 0.05, pglite: 0.02 },
    p99: 100,
  }),
  row('GET notifications, page 1 of 10 (1,000)', '/api/v1/notifications/?page=1&per_page=10', {
    as: 'customer',
    share: { postgres: 0.15, pglite: 0.08 },
    p99: 60,
  }),
];
