// The operator's review of an advance request: the creditworthiness figures with the review flag, and only
// the decisions the status allows — a new request may be pre-approved or rejected with a reason; an
// approved one only has its disbursement recorded, which carries an Idempotency-Key.
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOND_FUND_LINE } from '../../../test/advance-fixtures';
import { renderWithQueryClient } from '../../../test/render';
import { AdvanceReviewPage } from './advance-review-page';

const REQUEST: AdvanceDetail = {
  id: 12,
  status: 1,
  status_name: 'Request received',
  amount: '60000.00',
  outstanding: '0.00',
  instalments_count: 8,
  annual_rate: '0.0440',
  apr: '0.044731',
  created_at: '2026-11-24T10:00:00Z',
  disbursed_at: null,
  maturity_date: null,
  paid_back: '0.00',
  total_interest: '5280.00',
  instalments: [],
  collateral: [{ ...BOND_FUND_LINE, pledged: true }],
  timeline: [{ at: '2026-11-24T10:00:00Z', kind: 'requested', params: { amount: '60000.00', instalments: 8 } }],
  documents: [{ kind: 'secci', name: 'SECCI', url: '/api/v1/advances/12/secci/', hash: null, signed_at: null }],
  signed_at: null,
  withdrawal_deadline: null,
  can_withdraw: false,
  pending_repayment: null,
  margin_call: null,
  allowed_actions: ['preApprove', 'reject'],
  reason: null,
  customer: { id: 31, email: 'chiara.conti@example.com', full_name: 'Chiara Conti' },
  creditworthiness: {
    income_band: 'band_2',
    occupation: 'employee',
    yearly_interest: '2640.00',
    interest_to_income: '0.1320',
    maximum_ratio: '0.30',
    flagged: false,
  },
};

const server = vi.hoisted(() => ({
  detail: null as unknown,
  calls: [] as Array<{ url: string; key: unknown }>,
}));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const url = config.url ?? '';
    server.calls.push({ url, key: config.headers['Idempotency-Key'] });
    if (url.startsWith('/api/v1/backoffice/advances/12/')) return reply(server.detail);
    throw new Error(`unexpected call ${url}`);
  }),
);

function renderReview(detail: AdvanceDetail) {
  server.detail = detail;
  const router = createMemoryRouter([{ path: '/customer/backoffice/advances/:id/', element: <AdvanceReviewPage /> }], {
    initialEntries: ['/customer/backoffice/advances/12/'],
  });
  renderWithQueryClient(<RouterProvider router={router} />);
}

describe('Back-office advance review', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
  });

  it('shows the creditworthiness figures and offers pre-approval or rejection of a new request', async () => {
    renderReview(REQUEST);
    const credit = await screen.findByTestId('creditworthiness');
    expect(credit).toHaveTextContent('€25,001 – €50,000');
    expect(credit).toHaveTextContent('Employee');
    expect(credit).toHaveTextContent('€2,640.00');
    expect(credit).toHaveTextContent('13.20%');
    expect(screen.queryByTestId('credit-flagged')).not.toBeInTheDocument();
    expect(screen.getByTestId('decision-pre-approve')).toBeInTheDocument();
    expect(screen.getByTestId('decision-reject')).toBeInTheDocument();
    expect(screen.queryByTestId('decision-disburse')).not.toBeInTheDocument();
    // In the operator's voice, not the customer's.
    expect(screen.getByTestId('advance-timeline')).toHaveTextContent(
      'The customer asked for an advance of €60,000.00 over 8 quarterly instalments.',
    );
    expect(screen.getByRole('link', { name: 'Chiara Conti' })).toHaveAttribute(
      'href',
      '/customer/backoffice/users/31/',
    );
  });

  it('says why a request is flagged for review', async () => {
    renderReview({
      ...REQUEST,
      creditworthiness: { ...REQUEST.creditworthiness!, interest_to_income: '0.4400', flagged: true },
    });
    expect(await screen.findByTestId('credit-flagged')).toHaveTextContent(
      'Flagged for review: the yearly interest exceeds 30.00% of the declared income.',
    );
  });

  it('records the disbursement of an approved advance with an Idempotency-Key', async () => {
    renderReview({ ...REQUEST, status: 4, allowed_actions: ['disburse'] });
    await userEvent.click(await screen.findByTestId('decision-disburse'));
    expect(screen.queryByTestId('decision-reject')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(server.calls.some((call) => call.url === '/api/v1/backoffice/advances/12/disburse/')).toBe(true),
    );
    const call = server.calls.find((c) => c.url === '/api/v1/backoffice/advances/12/disburse/');
    expect(call?.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
