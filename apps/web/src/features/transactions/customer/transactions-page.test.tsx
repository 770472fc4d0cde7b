// The transactions list: each filter the customer picks becomes the API's query (and the page's URL),
// back on page 1; a row opens its detail, and a cancellable one is cancelled with an Idempotency-Key.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TransactionsPage } from './transactions-page';

const server = vi.hoisted(() => ({
  calls: [] as Array<{ method: string; url: string; params: string; headers: Record<string, unknown> }>,
  cancelled: false,
  withdrawal: false,
  profile: 'customer' as 'lead' | 'customer',
}));

// The signed-in user's active profile: cash, and so its statement, comes with the customer profile.
vi.mock('../../../lib/session/session-queries', async (original) => ({
  ...(await original<typeof import('../../../lib/session/session-queries')>()),
  useActiveProfile: () => server.profile,
}));

const row = vi.hoisted(() => (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'invest',
  type_name: 'Investment',
  status: 'awaiting_transfer',
  status_name: 'Awaiting transfer',
  amount: '2500.00',
  units: null,
  nav: null,
  nav_date: null,
  fee: '25.00',
  product: { id: 3, name: 'Lombard Bond 2030', isin: 'IT0000000003' },
  payment_method: 'bank_transfer',
  reference_code: 'RF18539007547034',
  execute_on: null,
  created_at: '2026-11-20T10:15:00Z',
  executed_at: null,
  reason: null,
  transfer_instructions: {
    beneficiary: 'Lombard S.p.A.',
    iban: 'IT60X0542811101000000123456',
    bic: 'BPMOIT22',
    bank_name: 'Banca Partner',
    reference_code: 'RF18539007547034',
    amount: '2500.00',
  },
  ...extra,
}));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    server.calls.push({
      method,
      url,
      params: config.params ? new URLSearchParams(config.params as URLSearchParams).toString() : '',
      headers: { ...config.headers },
    });
    const reply = (data: unknown, status = 200) => ({ status, data, headers: {} });
    const withdrawal = () =>
      row(42, {
        type: 'withdrawal',
        type_name: 'Withdrawal',
        status: 'executed',
        status_name: 'Executed',
        fee: null,
        product: null,
        payment_method: null,
        transfer_instructions: null,
      });
    if (method === 'GET' && url === '/api/v1/cash/movements/') {
      const line = (id: number, kind: string, kind_name: string, amount: string, balance: string) => ({
        ...{ id, at: `2026-11-1${id}T10:00:00Z`, kind, kind_name, amount, balance },
        ...{ reference_code: null, advance_id: 7 },
      });
      return reply({
        ...{ from: null, to: null, opening_balance: '500.00', closing_balance: '377.50' },
        movements: [
          line(4, 'advance.repayment', 'Early repayment', '-10000.00', '377.50'),
          line(3, 'advance.instalment', 'Advance instalment', '-122.50', '10377.50'),
          line(2, 'advance.disburse', 'Advance paid out', '10000.00', '10500.00'),
        ],
      });
    }
    if (method === 'GET' && url === '/api/v1/transactions/') {
      const results = [server.withdrawal ? withdrawal() : row(41)];
      return reply({ results, count: 1, next: null, previous: null, per_page: 10, page: 1 });
    }
    if (method === 'GET' && url === '/api/v1/transactions/42/') return reply(withdrawal());
    const cancelled = () => row(41, { status: 'cancelled', status_name: 'Cancelled', transfer_instructions: null });
    if (method === 'GET' && url === '/api/v1/transactions/41/') return reply(server.cancelled ? cancelled() : row(41));
    if (method === 'POST' && url === '/api/v1/transactions/41/cancel/') {
      server.cancelled = true;
      return reply(cancelled());
    }
    throw new Error(`unexpected call ${method} ${url}`);
  };
  return { http };
});

function renderPage(path = '/customer/transaction/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/customer/transaction/', element: <TransactionsPage section="list" /> }],
    {
      initialEntries: [path],
    },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const listQueries = () =>
  server.calls.filter((c) => c.method === 'GET' && c.url === '/api/v1/transactions/').map((c) => c.params);

async function choose(testId: string, option: string) {
  await userEvent.click(screen.getByTestId(testId));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

// Picking from two dropdowns is many renders; on a busy machine it needs more than the default 5 s.
describe('TransactionsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
    server.cancelled = false;
    server.withdrawal = false;
    server.profile = 'customer';
  });

  it("shows the advance's payout, instalment and repayment in the cash statement, with opening and closing", async () => {
    renderPage();
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual([
      'advance.repayment',
      'advance.instalment',
      'advance.disburse',
    ]);
    expect(rows[1]).toHaveTextContent('Advance instalment');
    expect(rows[1]).toHaveTextContent('Advance no. 7');
    expect(rows[2]).toHaveTextContent('+€10,000.00');
    expect(screen.getByTestId('statement-opening')).toHaveTextContent('€500.00');
    expect(screen.getByTestId('statement-closing')).toHaveTextContent('€377.50');
  });

  it('shows a lead, who holds no cash, no cash statement and asks for none', async () => {
    server.profile = 'lead';
    renderPage();
    await screen.findByText('Lombard Bond 2030');
    expect(screen.queryByTestId('statement-opening')).not.toBeInTheDocument();
    expect(server.calls.map((call) => call.url)).not.toContain('/api/v1/cash/movements/');
  });

  it('asks the first page, newest first, with the default page size', async () => {
    renderPage();
    await screen.findByText('Lombard Bond 2030');
    expect(listQueries()[0]).toBe('page=1&per_page=10&order_by__=-created_at');
  });

  it('sends the chosen type and status as filters and goes back to page 1', async () => {
    const router = renderPage('/customer/transaction/?page=3');
    await screen.findByText('Lombard Bond 2030');
    await choose('filter-type', 'Withdrawal');
    await waitFor(() => expect(listQueries().at(-1)).toContain('type=withdrawal'));
    expect(listQueries().at(-1)).toContain('page=1');
    await choose('filter-status', 'Awaiting transfer');
    await waitFor(() => expect(listQueries().at(-1)).toContain('status=awaiting_transfer'));
    expect(listQueries().at(-1)).toContain('type=withdrawal');
    expect(router.state.location.search).toContain('status=awaiting_transfer');
  });

  it('passes a period in the address on to the API as the created_at range', async () => {
    renderPage('/customer/transaction/?created_at__gte=2026-11-01&created_at__lte=2026-11-30');
    await screen.findByText('Lombard Bond 2030');
    const query = new URLSearchParams(listQueries()[0]);
    expect(query.get('created_at__gte')).toBe('2026-11-01');
    expect(query.get('created_at__lte')).toBe('2026-11-30');
  });

  it('leaves the fund fields out of the detail of a withdrawal, instead of a column of dashes', async () => {
    server.withdrawal = true;
    renderPage();
    await userEvent.click(await screen.findByTestId('open-row'));
    const drawer = await screen.findByTestId('transaction-detail');
    expect(within(drawer).getByTestId('detail-amount')).toHaveTextContent('€2,500.00');
    expect(within(drawer).queryByText('Units')).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Entry cost')).not.toBeInTheDocument();
    expect(within(drawer).getByText('Reference code')).toBeInTheDocument();
  });

  it('opens the detail with the transfer instructions and cancels with an Idempotency-Key', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('open-row'));
    const drawer = await screen.findByTestId('transaction-detail');
    expect(within(drawer).getByTestId('transfer-iban')).toHaveTextContent('IT60X0542811101000000123456');
    expect(within(drawer).getByTestId('transfer-reference')).toHaveTextContent('RF18539007547034');
    await userEvent.click(within(drawer).getByTestId('cancel-transaction'));
    await userEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = server.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/transactions/41/cancel/');
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByTestId('cancel-transaction')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('transaction-detail')).getByTestId('status-cancelled')).toBeInTheDocument();
  });
});
