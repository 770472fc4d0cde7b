// The withdrawal: an amount above the available cash is refused on the form, before any call; a valid
// one goes to confirm-cash/, whose confirmation sends one Idempotency-Key and sends the same key again
// when the customer retries after a failure.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../lib/notify';
import { renderWithProviders } from '../../test/render';
import { CashPage } from './cash-page';

const server = vi.hoisted(() => ({
  calls: [] as Array<{ method: string; url: string; body: unknown; key: unknown }>,
  failNextWithdrawal: false,
  account: {
    iban_masked: 'IT60 **** **** **** **** ***3 456',
    holder: 'Bianca Basile',
    bank_name: 'Banca Partner',
  } as Record<string, unknown> | null,
}));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url, body, key: config.headers['Idempotency-Key'] });
    const reply = (data: unknown, status = 200) => ({ status, data, headers: {} });
    if (url === '/api/v1/cash/') {
      return reply({
        balance: '1500.00',
        available: '1250.50',
        reserved: '249.50',
        deposit_instructions: {
          beneficiary: 'Lombard S.p.A.',
          iban: 'IT60X0542811101000000123456',
          bic: 'BPMOIT22',
          bank_name: 'Banca Partner',
          reference_code: 'RF71LOMB0000007',
        },
        withdrawal_account: server.account,
      });
    }
    if (url === '/api/v1/cash/movements/') {
      const line = (id: number, kind: string, kind_name: string, amount: string, balance: string) => ({
        id,
        at: `2026-11-2${id}T10:00:00Z`,
        kind,
        kind_name,
        amount,
        balance,
        reference_code: kind === 'deposit' ? 'RF71LOMB0000007' : null,
        advance_id: kind === 'deposit' ? null : 12,
      });
      return reply({
        from: null,
        to: null,
        opening_balance: '0.00',
        closing_balance: '1500.00',
        movements: [
          line(4, 'advance.withdrawal', 'Advance withdrawal: repayment', '-8000.00', '1500.00'),
          line(3, 'advance.repayment', 'Early repayment', '-2000.00', '9500.00'),
          line(2, 'advance.disburse', 'Advance paid out', '10000.00', '11500.00'),
          line(1, 'deposit', 'Transfer received', '1500.00', '1500.00'),
        ],
      });
    }
    if (method === 'POST' && url === '/api/v1/cash/withdrawals/' && !body.confirmation) {
      // Asked without a confirmation: what to confirm, with the customer's authenticator app.
      return reply(
        {
          signature_id: 7,
          confirming: { amount: body.amount, iban: 'IT60 •••• •••• 3456', value: null },
          detail:
            'You are confirming the withdrawal of €1,250.50 to the IBAN IT60 •••• •••• 3456. Enter the code from your authenticator app. Fingerprint of this operation: 0A1B2C3D.',
          expires_at: '2026-11-20T10:05:00Z',
          factor: 'authenticator',
          challenge: '0A1B2C3D',
          passkey: null,
        },
        202,
      );
    }
    if (method === 'POST' && url === '/api/v1/cash/withdrawals/') {
      if (server.failNextWithdrawal) {
        server.failNextWithdrawal = false;
        // The answer was lost on the way back: the customer presses Confirm again.
        throw new TypeError('Failed to fetch');
      }
      return reply(
        {
          id: 90,
          type: 'withdrawal',
          type_name: 'Withdrawal',
          status: 'submitted',
          status_name: 'Submitted',
          amount: body.amount,
          units: null,
          nav: null,
          nav_date: null,
          fee: null,
          product: null,
          payment_method: null,
          reference_code: 'WD-000090',
          execute_on: '2026-11-23',
          created_at: '2026-11-20T10:00:00Z',
          executed_at: null,
          reason: null,
          transfer_instructions: null,
        },
        201,
      );
    }
    throw new Error(`unexpected call ${method} ${url}`);
  };
  return { http };
});

function renderCash() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/customer/cash/', element: <CashPage section="overview" /> },
      { path: '/customer/cash/confirm-cash/', element: <CashPage section="confirmCash" /> },
    ],
    { initialEntries: ['/customer/cash/'] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const withdrawals = () => server.calls.filter((c) => c.method === 'POST');

describe('Cash withdrawal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
    server.failNextWithdrawal = false;
    server.account = {
      iban_masked: 'IT60 **** **** **** **** ***3 456',
      holder: 'Bianca Basile',
      bank_name: 'Banca Partner',
    };
    vi.mocked(notifySuccess).mockClear();
  });

  it("lists the advance's payout, early repayment and repayment on withdrawal among the latest movements", async () => {
    renderCash();
    const rows = await screen.findAllByTestId('cash-history-row');
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual([
      'advance.withdrawal',
      'advance.repayment',
      'advance.disburse',
      'deposit',
    ]);
    expect(rows[0]).toHaveTextContent('Advance withdrawal: repayment');
    expect(rows[0]).toHaveTextContent('Advance no. 12');
    expect(rows[0]).toHaveTextContent('-€8,000.00');
    expect(rows[0]).toHaveTextContent('Balance €1,500.00');
    expect(rows[2]).toHaveTextContent('+€10,000.00');
    expect(rows[3]).toHaveTextContent('RF71LOMB0000007');
  });

  it('shows balance, available and reserved cash and the deposit reference', async () => {
    renderCash();
    expect(await screen.findByTestId('cash-available')).toHaveTextContent('€1,250.50');
    expect(screen.getByTestId('cash-balance')).toHaveTextContent('€1,500.00');
    expect(screen.getByTestId('cash-reserved')).toHaveTextContent('€249.50');
    expect(screen.getByTestId('deposit-reference')).toHaveTextContent('RF71LOMB0000007');
    expect(screen.getByTestId('deposit-instructions')).toHaveTextContent('1 to 2 business days');
  });

  it('refuses an amount one cent above the available cash before any call', async () => {
    const router = renderCash();
    await userEvent.type(await screen.findByTestId('withdrawal-amount'), '1250.51');
    await userEvent.click(screen.getByTestId('withdrawal-continue'));
    expect(await screen.findByText('The amount is above your available cash.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer/cash/');
    expect(withdrawals()).toHaveLength(0);
  });

  it('refuses zero with the shared rule', async () => {
    renderCash();
    await userEvent.type(await screen.findByTestId('withdrawal-amount'), '0');
    await userEvent.click(screen.getByTestId('withdrawal-continue'));
    expect(await screen.findByText('The value must be greater than 0.')).toBeInTheDocument();
    expect(withdrawals()).toHaveLength(0);
  });

  it('confirms the whole available amount and reuses the Idempotency-Key when retried', async () => {
    const router = renderCash();
    await userEvent.type(await screen.findByTestId('withdrawal-amount'), '1250.50');
    await userEvent.click(screen.getByTestId('withdrawal-continue'));
    expect(await screen.findByTestId('confirm-amount')).toHaveTextContent('€1,250.50');
    expect(screen.getByTestId('confirm-iban')).toHaveTextContent('IT60 **** **** **** **** ***3 456');
    expect(screen.getByTestId('confirm-timing')).toHaveTextContent('1 to 2 business days');

    await userEvent.click(screen.getByTestId('confirm-withdrawal-submit'));
    // The confirming step names the act and its fingerprint, and asks for the app's code.
    expect(await screen.findByTestId('withdrawal-confirmation-detail')).toHaveTextContent('0A1B2C3D');
    expect(screen.getByText('Code from your authenticator app')).toBeInTheDocument();
    expect(screen.queryByTestId('withdrawal-confirmation-resend')).not.toBeInTheDocument();

    server.failNextWithdrawal = true;
    const typeCode = async () => {
      const digits = within(screen.getByTestId('withdrawal-confirmation-code')).getAllByRole('textbox');
      await userEvent.click(digits[0]!);
      await userEvent.keyboard('123456');
      await userEvent.click(screen.getByTestId('withdrawal-confirmation-submit'));
    };
    await typeCode();
    await waitFor(() => expect(withdrawals()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-confirmation-submit')).not.toHaveAttribute('data-loading'),
    );
    await typeCode();
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/cash/'));

    const [asked, first, second] = withdrawals();
    expect(asked?.body).toEqual({ amount: '1250.5' });
    const confirmation = { signature_id: 7, code: '123456', challenge: '0A1B2C3D' };
    expect(first?.body).toEqual({ amount: '1250.5', confirmation });
    expect(second?.body).toEqual({ amount: '1250.5', confirmation });
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toBe(first?.key);
    expect(notifySuccess).toHaveBeenCalledWith('Withdrawal requested: you will find it among your transactions.');
  });

  it('without a verified IBAN, links to the bank account step instead of a form', async () => {
    server.account = null;
    renderCash();
    expect(await screen.findByTestId('withdrawal-no-account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your bank account' })).toHaveAttribute(
      'href',
      '/customer/profile/bank-account/',
    );
    expect(screen.queryByTestId('withdrawal-amount')).not.toBeInTheDocument();
  });
});
