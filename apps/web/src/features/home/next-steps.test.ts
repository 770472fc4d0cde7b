// Which "next steps" the home offers, from the customer's figures and profiles: only what applies, and
// only links their profile can open (cash and advances are for customers).
import type { HomeSummary } from '@lombard/shared/schemas/wallet';
import { describe, expect, it } from 'vitest';
import { nextSteps } from './next-steps';

const summary = (extra: Partial<HomeSummary> = {}): HomeSummary => ({
  total_value: '0.00',
  cash: '0.00',
  invested: '0.00',
  advance_outstanding: '0.00',
  margin_call: null,
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
});
