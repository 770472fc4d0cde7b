// The fund's page: what a base user may do (read, not invest yet), what a holder may do (disinvest), the
// NAV chart's summary and the cost example on 10,000 €.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ProductDetailPage } from './product-detail-page';

const state = vi.hoisted(() => ({ profile: 'base' as string | null, holds: false }));

vi.mock('../../../lib/session/session-queries', () => ({ useActiveProfile: () => state.profile }));
vi.mock('../../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const reply = (data: unknown) => ({ status: 200, data, headers: {} });
    if (config.url === '/api/v1/products/3/') {
      return reply({
        id: 3,
        name: 'Cedola Trimestrale Europa',
        isin: 'IT0005594418',
        category: 'balanced',
        underlying: 'High-dividend European equities and bonds',
        summary: 'A balanced portfolio paying a quarterly coupon.',
        description: 'A portfolio balanced between European shares and quality bonds.',
        risk_indicator: 3,
        coupon_frequency: 'Q',
        coupon_rate: '0.0400',
        min_investment: '10000.00',
        max_investment: '2000000.00',
        min_holding_days: 90,
        entry_cost: '0.0100',
        annual_fee: '0.0090',
        maturity_date: '2030-12-31',
        capital_protection: '90.00',
        on_sale: true,
        loan_to_value: '0.6000',
        nav: '52.123456',
        nav_date: '2026-11-20',
        performance_ytd: '0.0312',
        performance_since_launch: '0.0425',
        status: 1,
        status_name: 'Enabled',
        recommended_holding_years: 5,
        translated_content: {
          it: { summary: 's', underlying: 'u', description: 'd' },
          en: { summary: 's', underlying: 'u', description: 'd' },
        },
        documents: [
          { type: 'kid', language: 'it', title: 'KID (Italian)', url: '/api/v1/products/3/kid/?language=it' },
          { type: 'kid', language: 'en', title: 'KID (English)', url: '/api/v1/products/3/kid/?language=en' },
        ],
      });
    }
    if (config.url === '/api/v1/products/3/navs/') {
      return reply([
        { date: '2025-11-20', nav: '50.000000' },
        { date: '2026-05-20', nav: '49.500000' },
        { date: '2026-11-20', nav: '52.123456' },
      ]);
    }
    if (config.url === '/api/v1/wallet/') {
      const position = {
        product: {
          id: 3,
          name: 'Cedola Trimestrale Europa',
          isin: 'IT0005594418',
          risk_indicator: 3,
          min_holding_days: 90,
        },
        units: '100.000000',
        pledged_units: '0',
        reserved_units: '0',
        available_units: '100.000000',
        cost: '5000.00',
        average_cost: '50.000000',
        nav: '52.123456',
        nav_date: '2026-11-20',
        value: '5212.34',
        gain: '212.34',
        gain_rate: '0.0425',
        weight: '1',
        disinvestable_from: null,
        opened_on: '2026-01-10',
      };
      return reply({
        positions: state.holds ? [position] : [],
        totals: { cost: '0.00', value: '0.00', gain: '0.00', gain_rate: '0', pledged_value: '0.00' },
      });
    }
    throw new Error(`unexpected call ${config.url}`);
  };
  return { http };
});

function renderDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/customer/product/:id/', Component: ProductDetailPage }], {
    initialEntries: ['/customer/product/3/'],
  });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ProductDetailPage', () => {
  beforeEach(() => {
    state.profile = 'base';
    state.holds = false;
  });

  it('lets a base user read everything but explains that investing needs an approved profile', async () => {
    renderDetail();
    expect(await screen.findByTestId('product-isin')).toHaveTextContent('IT0005594418');
    // The NAV in euro, rounded to three decimals, as the portfolio writes it.
    expect(screen.getByTestId('product-nav')).toHaveTextContent('€52.123');
    expect(screen.getByTestId('invest-button')).toBeDisabled();
    // The value says the unit ("5 years"): the label does not say it again.
    expect(screen.getByText('Recommended holding period')).toBeInTheDocument();
    expect(screen.queryByText(/holding period \(years\)/)).not.toBeInTheDocument();
    expect(screen.getByTestId('approval-needed')).toHaveTextContent('once an operator has approved your profile');
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/customer/profile/');
    expect(screen.queryByTestId('disinvest-button')).not.toBeInTheDocument();
    expect(screen.getByTestId('costs-example')).toHaveTextContent(
      'On €10,000 you pay €100.00 once as entry cost, so €9,900.00 is invested; the yearly fee on that is €89.10',
    );
    expect(
      await screen.findByRole('img', { name: /^NAV from 50\.000 on 11\/20\/2025 to 52\.123 on 11\/20\/2026/ }),
    ).toBeInTheDocument();
  });

  it('offers invest to an approved customer, and disinvest only with a position', async () => {
    state.profile = 'customer';
    renderDetail();
    expect(await screen.findByTestId('invest-button')).toHaveAttribute('href', '/customer/product/3/invest/');
    expect(screen.queryByTestId('disinvest-button')).not.toBeInTheDocument();
  });

  it('offers disinvest to a holder', async () => {
    state.profile = 'lead';
    state.holds = true;
    renderDetail();
    expect(await screen.findByTestId('disinvest-button')).toHaveAttribute('href', '/customer/product/3/disinvest/');
  });
});
