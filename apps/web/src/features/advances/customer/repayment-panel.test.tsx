// Early repayment: before confirming, the customer sees what the server recomputed for the amount typed —
// what is still owed afterwards, the new APR and schedule, and for a full repayment the interest accrued in
// the quarter; an amount the rules refuse shows the server's message and cannot be confirmed. Confirming
// sends one Idempotency-Key and says "Your repayment of €5,000.00 is booked".
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../lib/notify';
import { renderWithQueryClient } from '../../../test/render';
import { RepaymentPanel } from './repayment-panel';

const ADVANCE: AdvanceDetail = {
  id: 7,
  status: 5,
  status_name: 'Active',
  amount: '20000.00',
  outstanding: '20000.00',
  instalments_count: 4,
  annual_rate: '0.0490',
  apr: '0.049900',
  created_at: '2026-08-01T09:00:00Z',
  disbursed_at: '2026-08-03T09:00:00Z',
  maturity_date: '2027-08-03',
  paid_back: '0.00',
  total_interest: '980.00',
  instalments: [],
  collateral: [],
  timeline: [],
  documents: [],
  signed_at: '2026-08-02T09:00:00Z',
  withdrawal_deadline: '2026-08-16',
  can_withdraw: false,
  pending_repayment: null,
  margin_call: null,
  allowed_actions: ['repay'],
  reason: null,
  creditworthiness: null,
};

const server = vi.hoisted(() => ({ calls: [] as Array<{ url: string; body: { amount: string }; key: unknown }> }));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const url = config.url ?? '';
    // The quote asks with its amount in the query, the repayment in the body.
    const body = (config.data ? JSON.parse(String(config.data)) : config.params) as { amount: string };
    server.calls.push({ url, body, key: config.headers['Idempotency-Key'] });
    const schedule = (principal: string, interest: string) => [
      { number: 1, due_date: '2026-11-03', interest, principal: '0.00', total: interest },
      { number: 2, due_date: '2027-02-03', interest, principal, total: interest },
    ];
    if (url === '/api/v1/advances/7/repayment-quote/') {
      const base = {
        available_cash: '25000.00',
        outstanding_before: '20000.00',
        amount: body.amount,
        compensation: {
          charged: '0.00',
          cap: '25.00',
          cap_rate: '0.005',
          percentage_cap: '25.00',
          remaining_interest: '180.27',
          over_a_year: false,
          maturity_date: '2027-08-03',
        },
      };
      if (body.amount === '30000.00') {
        return reply({
          ...base,
          outstanding_after: '0.00',
          accrued_interest: '0.00',
          full: false,
          schedule: [],
          apr: '0.049900',
          messages: { amount: { key: 'x', text: 'The amount is above the outstanding advance of €20,000.00.' } },
          valid: false,
        });
      }
      if (body.amount === '20000.00') {
        return reply({
          ...base,
          outstanding_after: '0.00',
          accrued_interest: '81.92',
          full: true,
          schedule: [],
          apr: '0.049900',
          messages: {},
          valid: true,
        });
      }
      return reply({
        ...base,
        outstanding_after: '15000.00',
        accrued_interest: '0.00',
        full: false,
        schedule: schedule('15000.00', '183.75'),
        apr: '0.049812',
        messages: {},
        valid: true,
      });
    }
    if (url === '/api/v1/advances/7/repayments/') {
      return reply({
        detail: 'Your repayment of €5,000.00 is booked: we will tell you when it is done.',
        advance: { ...ADVANCE, outstanding: '15000.00' },
      });
    }
    throw new Error(`unexpected call ${url}`);
  }),
);

function renderPanel(advance: AdvanceDetail = ADVANCE) {
  renderWithQueryClient(<RepaymentPanel advance={advance} />);
}

describe('Early repayment preview', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
    vi.mocked(notifySuccess).mockClear();
  });

  it('shows the recomputed schedule and APR of a partial repayment before confirming', async () => {
    renderPanel();
    await userEvent.type(screen.getByTestId('repay-amount'), '5000');
    const preview = await screen.findByTestId('repayment-preview');
    expect(within(preview).getByTestId('repay-after')).toHaveTextContent('€15,000.00');
    expect(within(preview).getByTestId('repay-apr')).toHaveTextContent('4.98%');
    expect(within(preview).getByText('The next instalment is charged on the lower amount from today.')).toBeVisible();
    expect(within(preview).getByTestId('repay-schedule')).toHaveTextContent('€183.75');
    expect(screen.queryByTestId('repay-accrued')).not.toBeInTheDocument();
    // The directive's duty: the compensation stated before confirming, none, with the cap it stays under.
    expect(within(preview).getByTestId('repay-compensation')).toHaveTextContent('€0.00 — no compensation');
    expect(within(preview).getByTestId('repay-compensation-cap')).toHaveTextContent(
      'The law lets a lender ask at most 0.5% of the amount repaid early (€25.00) because a year or less remains',
    );
    expect(server.calls.every((call) => call.url.endsWith('repayment-quote/'))).toBe(true);
  });

  it("a full repayment shows the quarter's accrued interest and closes the advance", async () => {
    renderPanel();
    await userEvent.click(screen.getByTestId('repay-all'));
    // The quote waits for the typing to settle (300 ms) and a busy machine renders slowly: wait for it.
    expect(await screen.findByTestId('repay-accrued', undefined, { timeout: 5000 })).toHaveTextContent('€81.92');
    expect(screen.getByText('Repaying everything ends the advance and frees your collateral.')).toBeVisible();
    expect(screen.getByTestId('repay-submit')).toHaveTextContent('Repay and close the advance');
  });

  it("shows the server's message for an amount above what is owed and cannot be confirmed", async () => {
    renderPanel();
    await userEvent.type(screen.getByTestId('repay-amount'), '30000');
    expect(await screen.findByText('The amount is above the outstanding advance of €20,000.00.')).toBeVisible();
    expect(screen.getByTestId('repay-submit')).toBeDisabled();
  });

  it('confirms with an Idempotency-Key and says the payback succeeded', async () => {
    renderPanel();
    await userEvent.type(screen.getByTestId('repay-amount'), '5000');
    await screen.findByTestId('repayment-preview');
    await waitFor(() => expect(screen.getByTestId('repay-submit')).toBeEnabled());
    await userEvent.click(screen.getByTestId('repay-submit'));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith(
        'Your repayment of €5,000.00 is booked: we will tell you when it is done.',
      ),
    );
    const repayment = server.calls.find((call) => call.url.endsWith('repayments/'));
    expect(repayment?.body).toEqual({ amount: '5000.00' });
    expect(repayment?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('while a repayment is pending says so instead of offering another', () => {
    renderPanel({
      ...ADVANCE,
      pending_repayment: { id: 3, amount: '2500.00', created_at: '2026-11-20T10:00:00Z' },
    });
    expect(screen.getByTestId('repayment-pending')).toHaveTextContent('A repayment of €2,500.00 is being processed.');
    expect(screen.queryByTestId('repay-amount')).not.toBeInTheDocument();
  });
});
