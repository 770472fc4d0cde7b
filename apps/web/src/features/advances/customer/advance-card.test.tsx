// The home's advance card: an open margin call comes first, with the amount to repay or the collateral to
// add and a link to the advance; then what the customer can still borrow and the advance they have.
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render';
import { AdvanceCard } from './advance-card';

const SUMMARY = {
  id: 5,
  status: 5,
  status_name: 'Active',
  amount: '30000.00',
  outstanding: '30000.00',
  instalments_count: 8,
  annual_rate: '0.0490',
  apr: '0.049900',
  created_at: '2026-09-01T09:00:00Z',
  disbursed_at: '2026-09-03T09:00:00Z',
  maturity_date: '2028-09-03',
};

vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const url = config.url ?? '';
    if (url === '/api/v1/advances/borrowing-power/') {
      return reply({
        lines: [],
        collateral_total: '0.00',
        maximum_applicable: '0.00',
        bank_maximum: '500000.00',
        maximum_amount: '0.00',
        binding: 'collateral',
        minimum_amount: '5000.00',
      });
    }
    if (url === '/api/v1/advances/') {
      return reply({ results: [SUMMARY], count: 1, next: null, previous: null, per_page: 50, page: 1 });
    }
    if (url === '/api/v1/advances/5/') {
      return reply({
        ...SUMMARY,
        paid_back: '0.00',
        total_interest: '2940.00',
        instalments: [],
        collateral: [],
        timeline: [],
        documents: [],
        signed_at: '2026-09-02T09:00:00Z',
        withdrawal_deadline: '2026-09-16',
        can_withdraw: false,
        pending_repayment: null,
        margin_call: {
          id: 2,
          advance_id: 5,
          opened_at: '2026-11-20T18:30:00Z',
          closed_at: null,
          outstanding: '30000.00',
          limit: '27500.00',
          shortfall: '2500.00',
          collateral_to_add: '4166.67',
        },
        allowed_actions: ['repay'],
        reason: null,
        creditworthiness: null,
      });
    }
    throw new Error(`unexpected call ${url}`);
  }),
);

describe('Home advance card', () => {
  it('puts an open margin call first, with what to repay or pledge, and the advance still owed', async () => {
    renderWithQueryClient(
      <MemoryRouter>
        <AdvanceCard />
      </MemoryRouter>,
    );
    const call = await screen.findByTestId('margin-call');
    expect(call).toHaveTextContent(
      'To get back within it you can repay €2,500.00 or pledge further collateral worth €4,166.67.',
    );
    expect(screen.getByRole('link', { name: 'Go to the advance' })).toHaveAttribute('href', '/customer/loan/5/');
    expect(screen.getByTestId('home-advance-card')).toHaveTextContent('€30,000.00');
    expect(screen.getByTestId('home-advance-card')).toHaveTextContent('still owed');
    expect(screen.getByTestId('advance-status-active')).toHaveTextContent('Active');
  });
});
