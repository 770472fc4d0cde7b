// The loan confirmation: the server's figures of the request (the same the SECCI prints), the collateral
// pledged, the SECCI for exactly these figures, and the request sent once the customer says they read the
// risks — with one Idempotency-Key per visit — landing on the new advance's page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOND_FUND_LINE } from '../../../test/advance-fixtures';
import { renderWithQueryClient } from '../../../test/render';
import { ConfirmLoanPage } from './confirm-loan-page';

const server = vi.hoisted(() => ({
  calls: [] as Array<{ method: string; url: string; body: unknown; key: unknown }>,
  messages: {} as Record<string, unknown>,
}));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/resource/download', () => ({ downloadFile: vi.fn(async () => 'secci.pdf') }));
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url, body, key: config.headers['Idempotency-Key'] });
    if (url.startsWith('/api/v1/advances/quote/?')) {
      return reply({
        amount: '50000.00',
        instalments: 2,
        annual_rate: '0.0440',
        apr: '0.044731',
        quarterly_interest: '550.00',
        total_interest: '1100.00',
        total_repayable: '51100.00',
        start_date: '2026-11-24',
        maturity_date: '2027-05-24',
        schedule: [
          { number: 1, due_date: '2027-02-24', interest: '550.00', principal: '0.00', total: '550.00' },
          { number: 2, due_date: '2027-05-24', interest: '550.00', principal: '50000.00', total: '50550.00' },
        ],
        messages: server.messages,
        valid: Object.keys(server.messages).length === 0,
      });
    }
    if (url === '/api/v1/advances/borrowing-power/') {
      return reply({
        lines: [BOND_FUND_LINE],
        collateral_total: '70000.00',
        maximum_applicable: '70000.00',
        bank_maximum: '250000.00',
        maximum_amount: '70000.00',
        binding: 'collateral',
        minimum_amount: '5000.00',
      });
    }
    if (method === 'POST' && url === '/api/v1/advances/') {
      return reply({
        id: 9,
        status: 1,
        status_name: 'Request received',
        amount: '50000.00',
        outstanding: '0.00',
        instalments_count: 2,
        annual_rate: '0.0440',
        apr: '0.044731',
        created_at: '2026-11-24T10:00:00Z',
        disbursed_at: null,
        maturity_date: null,
        paid_back: '0.00',
        total_interest: '1100.00',
        instalments: [],
        collateral: [],
        timeline: [],
        documents: [],
        signed_at: null,
        withdrawal_deadline: null,
        can_withdraw: false,
        pending_repayment: null,
        margin_call: null,
        allowed_actions: ['cancel'],
        reason: null,
        creditworthiness: null,
      });
    }
    throw new Error(`unexpected call ${method} ${url}`);
  }),
);

function renderConfirm() {
  const router = createMemoryRouter(
    [
      { path: '/customer/loan/confirm-loan/', element: <ConfirmLoanPage /> },
      { path: '/customer/loan/:id/', element: <p>advance page</p> },
    ],
    { initialEntries: ['/customer/loan/confirm-loan/?amount=50000.00&instalments=2&collateral=position%3A1'] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return router;
}

describe('Confirm loan', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
    server.messages = {};
  });

  it("shows the server's figures, the collateral and the SECCI for exactly this request", async () => {
    renderConfirm();
    expect(await screen.findByTestId('sum-amount')).toHaveTextContent('€50,000.00');
    expect(screen.getByTestId('sum-apr')).toHaveTextContent('4.47%');
    expect(screen.getByTestId('sum-instalments')).toHaveTextContent('2 quarterly instalments of €550.00 interest');
    expect(screen.getByTestId('sum-total')).toHaveTextContent('€51,100.00');
    expect(screen.getByTestId('loan-collateral')).toHaveTextContent('Lombard Bond Euro');
    expect(screen.getByTestId('loan-risks')).toHaveTextContent('within 14 days of signing');
    const quote = server.calls.find((call) => call.url.startsWith('/api/v1/advances/quote/'));
    expect(quote?.url).toBe('/api/v1/advances/quote/?amount=50000.00&instalments=2&collateral=position%3A1');
    const { downloadFile } = await import('../../../lib/resource/download');
    await userEvent.click(screen.getByTestId('secci-download'));
    expect(downloadFile).toHaveBeenCalledWith('/api/v1/advances/secci/?amount=50000.00&instalments=2', 'secci.pdf');
  });

  it('sends the request once the risks are acknowledged, with an Idempotency-Key, and opens the advance', async () => {
    const router = renderConfirm();
    const submit = await screen.findByTestId('loan-submit');
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByTestId('loan-understood'));
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/loan/9/'));
    const request = server.calls.find((call) => call.method === 'POST' && call.url === '/api/v1/advances/');
    expect(request?.body).toEqual({ amount: '50000.00', instalments: 2, collateral: ['position:1'] });
    expect(request?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows what blocks the request and offers no confirmation', async () => {
    server.messages = {
      form: { key: 'errors:advanceInProgress', text: 'You already have an advance request in progress.' },
    };
    renderConfirm();
    expect(await screen.findByTestId('loan-blocked')).toHaveTextContent(
      'You already have an advance request in progress.',
    );
    await userEvent.click(screen.getByTestId('loan-understood'));
    expect(screen.getByTestId('loan-submit')).toBeDisabled();
  });
});
