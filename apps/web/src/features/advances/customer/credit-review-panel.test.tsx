// The customer told of a flagged creditworthiness assessment: the right to a human review, the request
// (with its optional message) sent once however often the button is clicked, then the outcome explained.
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render';
import { CreditReviewPanel } from './credit-review-panel';

const ADVANCE: AdvanceDetail = {
  id: 9,
  status: 1,
  status_name: 'Request received',
  amount: '20000.00',
  outstanding: '0.00',
  instalments_count: 4,
  annual_rate: '0.0490',
  apr: '0.049900',
  created_at: '2026-11-20T09:00:00Z',
  disbursed_at: null,
  maturity_date: null,
  paid_back: '0.00',
  total_interest: '980.00',
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
  credit_assessment: { flagged: true, can_request_review: true, review: null },
};

const server = vi.hoisted(() => ({ calls: [] as Array<{ url: string; body: unknown }> }));
vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const body = config.data ? JSON.parse(String(config.data)) : {};
    server.calls.push({ url: config.url ?? '', body });
    return reply({
      ...ADVANCE,
      credit_assessment: {
        flagged: true,
        can_request_review: false,
        review: {
          id: 1,
          status: 'requested',
          message: body.message ?? null,
          requested_at: '2026-11-29T10:00:00Z',
          outcome: null,
          explanation: null,
          decided_at: null,
        },
      },
    });
  }),
);

describe('the creditworthiness review, for the customer', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
  });

  it('a flagged request says so and sends one review request with the message', async () => {
    renderWithQueryClient(<CreditReviewPanel advance={ADVANCE} />);
    expect(screen.getByText(/Our automated assessment flagged this request/)).toBeVisible();
    await userEvent.type(screen.getByTestId('credit-review-message'), 'I also receive rent of €900 a month.');
    const submit = screen.getByTestId('credit-review-submit');
    await userEvent.dblClick(submit);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toEqual({
      url: '/api/v1/advances/9/credit-review/',
      body: { message: 'I also receive rent of €900 a month.' },
    });
  });

  it('shows the outcome and its explanation once decided', () => {
    renderWithQueryClient(
      <CreditReviewPanel
        advance={{
          ...ADVANCE,
          credit_assessment: {
            flagged: false,
            can_request_review: false,
            review: {
              id: 1,
              status: 'decided',
              message: null,
              requested_at: '2026-11-27T10:00:00Z',
              outcome: 'revised',
              explanation: 'The rent you declared brings the interest within 30 % of your income.',
              decided_at: '2026-11-28T10:00:00Z',
            },
          },
        }}
      />,
    );
    expect(screen.queryByTestId('credit-review-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('credit-review-outcome')).toHaveTextContent(
      'Outcome of the review of 11/28/2026: the assessment was revised and the flag lifted',
    );
    expect(screen.getByText('The rent you declared brings the interest within 30 % of your income.')).toBeVisible();
  });

  it('an unflagged request shows nothing', () => {
    const { container } = renderWithQueryClient(
      <CreditReviewPanel
        advance={{ ...ADVANCE, credit_assessment: { flagged: false, can_request_review: false, review: null } }}
      />,
    );
    expect(container.querySelector('[data-testid="credit-review"]')).toBeNull();
  });
});
