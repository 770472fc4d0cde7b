// Which "next steps" the home offers, from the customer's figures and profiles: only what applies, and
// only links their profile can open (cash and advances are for customers); a customer who already has an
// advance is sent to it, not offered another.
import type { HomeSummary } from '@lombard/shared/schemas/wallet';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { NextSteps, nextSteps } from './next-steps';

const summary = (extra: Partial<HomeSummary> = {}): HomeSummary => ({
  total_value: '0.00',
  net_position: '0.00',
  cash: '0.00',
  invested: '0.00',
  stock_plans: '0.00',
  advance_outstanding: '0.00',
  margin_call: null,
  current_advance: null,
  gain: '0.00',
  recent_transactions: [],
  pending_orders: 0,
  ...extra,
});

describe('home next steps', () => {
  it('a person still completing the profile is sent to it, and to nothing they cannot open', () => {
    expect(nextSteps({ summary: summary(), profileApproved: false, user: { attributes: ['base'] } })).toEqual([
      'profile',
    ]);
  });

  it('an approved lead with nothing invested is invited to invest, not to the cash screen', () => {
    expect(nextSteps({ summary: summary(), profileApproved: true, user: { attributes: ['lead'] } })).toEqual([
      'invest',
    ]);
  });

  it('a customer with investments and no cash or advance is offered cash and an advance', () => {
    const state = summary({ invested: '5000.00', total_value: '5100.00' });
    expect(nextSteps({ summary: state, profileApproved: true, user: { attributes: ['customer'] } })).toEqual([
      'cash',
      'advance',
    ]);
  });

  it('orders in progress come first; an advance already running is not offered again', () => {
    const state = summary({ invested: '5000.00', cash: '10.00', advance_outstanding: '6000.00', pending_orders: 2 });
    expect(nextSteps({ summary: state, profileApproved: true, user: { attributes: ['customer'] } })).toEqual([
      'pending',
    ]);
  });

  it('a request in progress replaces the offer of an advance with a link to follow it', () => {
    const state = summary({
      invested: '5000.00',
      cash: '10.00',
      current_advance: { id: 9, status: 2, status_name: 'Ready to be signed', next_due_date: null },
    });
    const steps = nextSteps({ summary: state, profileApproved: true, user: { attributes: ['customer'] } });
    expect(steps).toEqual(['advanceInProgress']);
    renderWithProviders(
      <MemoryRouter>
        <NextSteps steps={steps} summary={state} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Request an advance')).not.toBeInTheDocument();
    expect(screen.getByTestId('next-step-advanceInProgress')).toHaveTextContent('Status: Ready to be signed.');
    expect(screen.getByRole('link', { name: 'See your advance' })).toHaveAttribute('href', '/customer/loan/9/');
  });

  it('an active advance shows when its next instalment falls due, in Italian too', () => {
    const state = summary({
      invested: '5000.00',
      cash: '10.00',
      advance_outstanding: '20000.00',
      current_advance: { id: 4, status: 5, status_name: 'Attivo', next_due_date: '2027-02-24' },
    });
    const steps = nextSteps({ summary: state, profileApproved: true, user: { attributes: ['customer'] } });
    expect(steps).toEqual(['advanceActive']);
    renderWithProviders(
      <MemoryRouter>
        <NextSteps steps={steps} summary={state} />
      </MemoryRouter>,
      { language: 'it' },
    );
    expect(screen.getByTestId('next-step-advanceActive')).toHaveTextContent('scade il 24/02/2027');
    expect(screen.getByRole('link', { name: 'Vedi il tuo anticipo' })).toHaveAttribute('href', '/customer/loan/4/');
  });
});
