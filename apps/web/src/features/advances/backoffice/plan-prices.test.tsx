// A verified plan's share prices in the back office (decision 046): the price in force and the latest ones,
// the form checked with the shared rule before sending, the server's field refusals under their field and
// the plan's own refusal once, in the form — no toast besides.
import type { StockPlan, StockPlanPrice } from '@lombard/shared/schemas/stock-plans';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render';
import { PlanPrices } from './plan-prices';

const PLAN: StockPlan = {
  id: 5,
  status: 'verified',
  status_name: 'Verified',
  company: 'Vela Robotics',
  partner_id: 2,
  plan_name: 'Piano RSU 2023',
  vested_units: '1200.000000',
  pledged_units: '0.000000',
  unit_price: '18.400000',
  price_source: 'market_close',
  price_date: '2026-11-27',
  value: '22080.00',
  loan_to_value: '0.3000',
  document_id: 3,
  reason: null,
  created_at: '2026-11-15T10:00:00Z',
  verified_at: '2026-11-17T10:00:00Z',
};

const PRICE: StockPlanPrice = {
  day: '2026-11-27',
  price: '18.400000',
  source: 'market_close',
  note: 'Borsa Italiana',
  recorded_by: { id: 1, email: 'admin@demo.lombard.test' },
  recorded_at: '2026-11-27T17:30:00Z',
};

const server = vi.hoisted(() => ({
  answer: { status: 201, body: {} as unknown },
  sent: [] as unknown[],
}));

vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    if (config.method === 'post') {
      server.sent.push(typeof config.data === 'string' ? JSON.parse(config.data) : config.data);
      return reply(server.answer.body, server.answer.status);
    }
    return reply({ results: [PRICE], count: 9, next: null, previous: null, per_page: 10, page: 1 });
  }),
);

beforeEach(() => {
  server.sent.length = 0;
});

async function fill(values: { day?: string; price?: string }) {
  const user = userEvent.setup();
  if (values.day !== undefined) {
    await user.clear(screen.getByTestId('plan-price-day'));
    if (values.day) await user.type(screen.getByTestId('plan-price-day'), values.day);
  }
  if (values.price) await user.type(screen.getByTestId('plan-price-value'), values.price);
  await user.click(screen.getByTestId('plan-price-save'));
}

describe('a verified plan’s share prices', () => {
  it('show the price in force and the latest recorded, with source, note and who recorded it', async () => {
    renderWithQueryClient(<PlanPrices plan={PLAN} />);
    expect(screen.getByTestId('plan-price-now')).toHaveTextContent('18.40');
    const table = await screen.findByTestId('plan-recent-prices');
    expect(table).toHaveTextContent('Borsa Italiana');
    expect(table.querySelector('tbody tr')).toHaveAttribute('title', 'admin@demo.lombard.test');
  });

  it('checks the day and the price before sending', async () => {
    renderWithQueryClient(<PlanPrices plan={PLAN} />);
    await fill({ day: '2026-11-28', price: '12.1234567' });
    expect(await screen.findAllByText(/.+/, { selector: '.mantine-InputWrapper-error' })).toHaveLength(2);
    expect(server.sent).toEqual([]);
  });

  it('puts the server’s refusal of the day under the day, and the plan’s refusal once above the button', async () => {
    renderWithQueryClient(<PlanPrices plan={PLAN} />);
    server.answer = {
      status: 400,
      body: { day: ['The plan was verified on 11/17/2026: record prices from that day on.'] },
    };
    await fill({ day: '2026-11-16', price: '17.9' });
    expect(await screen.findByText(/record prices from that day on/)).toBeInTheDocument();
    expect(screen.queryByTestId('plan-price-problem')).toBeNull();

    server.answer = {
      status: 409,
      body: { detail: 'Prices are recorded for verified stock plans only.', code: 'STOCK_PLAN_NOT_VERIFIED' },
    };
    await fill({ day: '2026-11-27' });
    expect(await screen.findByTestId('plan-price-problem')).toHaveTextContent('verified stock plans only');
    expect(screen.getAllByText(/verified stock plans only/)).toHaveLength(1);
    expect(server.sent.at(-1)).toMatchObject({ day: '2026-11-27', price: '17.9', source: 'market_close' });
  });

  it('clears the price after recording it', async () => {
    renderWithQueryClient(<PlanPrices plan={PLAN} />);
    server.answer = { status: 201, body: { price: PRICE, previous: null, detail: 'Recorded.' } };
    await fill({ day: '2026-11-27', price: '18.4' });
    await waitFor(() => expect(screen.getByTestId('plan-price-value')).toHaveValue(''));
    expect(server.sent).toEqual([{ day: '2026-11-27', price: '18.4', source: 'market_close' }]);
  });

  it('are not recorded before the plan is verified', () => {
    renderWithQueryClient(<PlanPrices plan={{ ...PLAN, status: 'submitted', price_date: null }} />);
    expect(screen.getByTestId('plan-prices-unverified')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-price-form')).toBeNull();
  });
});
