// The fund list: its filters and sort live in the address bar and are what the list asks the API for;
// no match shows an empty state with a way back.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ProductListPage } from './product-list-page';

const server = vi.hoisted(() => ({ queries: [] as string[], empty: false }));

const product = (id: number, name: string, risk: number, ytd: string) => ({
  id,
  name,
  isin: `IT000561003${id}`,
  category: 'bond',
  underlying: 'Government bonds',
  summary: `${name} summary`,
  risk_indicator: risk,
  coupon_frequency: 'Q',
  coupon_rate: '0.0300',
  min_investment: '5000.00',
  max_investment: null,
  min_holding_days: 0,
  entry_cost: '0.0100',
  annual_fee: '0.0080',
  maturity_date: null,
  capital_protection: null,
  on_sale: true,
  loan_to_value: '0.6000',
  nav: '101.250000',
  nav_date: '2026-11-20',
  performance_ytd: ytd,
  performance_since_launch: '0.1250',
  status: 1,
  status_name: 'Enabled',
});

vi.mock('../../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const params = new URLSearchParams(config.params as URLSearchParams);
    if (config.url !== '/api/v1/products/') throw new Error(`unexpected call ${config.url}`);
    server.queries.push(params.toString());
    const results = server.empty
      ? []
      : [product(1, 'Obbligazionario Euro', 2, '0.0213'), product(2, 'Azionario Globale', 5, '-0.0450')];
    const data = { results, count: results.length, next: null, previous: null, per_page: 25, page: 1 };
    return { status: 200, data, headers: {} };
  };
  return { http };
});

function renderList(path = '/customer/product/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/customer/product/', Component: ProductListPage }], {
    initialEntries: [path],
  });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastQuery = () => new URLSearchParams(server.queries.at(-1));

describe('ProductListPage', () => {
  beforeEach(() => {
    server.queries = [];
    server.empty = false;
  });

  it('shows each fund with its risk, minimum and signed performance', async () => {
    renderList();
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Obbligazionario Euro');
    expect(cards[0]).toHaveTextContent('Quarterly');
    expect(cards[0]).toHaveTextContent('€5,000');
    const ytd = screen.getAllByTestId('product-ytd');
    expect(ytd[0]).toHaveTextContent('+2.13%');
    expect(ytd[0]).toHaveAttribute('data-sign', 'up');
    expect(ytd[1]).toHaveTextContent('-4.50%');
    expect(ytd[1]).toHaveAttribute('data-sign', 'down');
    expect(screen.getAllByRole('img', { name: 'Risk indicator 5 out of 7' })).toHaveLength(1);
  });

  it('asks the API with the risk and availability filters and keeps them in the address', async () => {
    const router = renderList();
    await screen.findAllByTestId('product-card');
    await userEvent.click(screen.getByTestId('risk-filter-5'));
    await userEvent.click(screen.getByTestId('risk-filter-2'));
    await waitFor(() => expect(lastQuery().get('risk_indicator__in')).toBe('2,5'));
    await userEvent.click(screen.getByRole('radio', { name: 'Not on sale' }));
    await waitFor(() => expect(lastQuery().get('on_sale')).toBe('False'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('risk_indicator__in')).toBe('2,5');
    expect(search.get('on_sale')).toBe('False');
  });

  it('reads filters and sort from the address it opens on', async () => {
    renderList('/customer/product/?coupon_frequency=M&order_by__=-performance_ytd');
    await screen.findAllByTestId('product-card');
    expect(lastQuery().get('coupon_frequency')).toBe('M');
    expect(lastQuery().get('order_by__')).toBe('-performance_ytd');
    expect(screen.getByTestId('reset-filters')).toBeInTheDocument();
  });

  it('says so when no fund matches, and clears the filters', async () => {
    server.empty = true;
    const router = renderList('/customer/product/?risk_indicator__in=7');
    expect(await screen.findByTestId('products-empty')).toHaveTextContent('No fund matches these filters');
    server.empty = false;
    await userEvent.click(within(screen.getByTestId('products-empty')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
  });
});
