// The portfolio screen: totals written in the interface language with the gain's sign, the allocation
// ring read out to a screen reader, and "Disinvest" closed until the minimum holding period ends.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { WalletPage } from './wallet-page';

const server = vi.hoisted(() => ({ wallet: null as unknown }));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    if (config.url === '/api/v1/wallet/') {
      return { status: 200, data: server.wallet, headers: {} };
    }
    if (config.url === '/api/v1/home/summary/') {
      // 2,000 of cash + 12,400.15 of funds − 10,000 of advance
      const summary = { total_value: '14400.15', net_position: '4400.15', advance_outstanding: '10000.00' };
      return { status: 200, data: summary, headers: {} };
    }
    throw new Error(`unexpected call ${config.url}`);
  };
  return { http };
});

const position = (id: number, name: string, extra: Record<string, unknown>) => ({
  product: { id, name, isin: `IT000000000${id}`, risk_indicator: 3, min_holding_days: 30 },
  units: '100.000000',
  pledged_units: '0',
  reserved_units: '0',
  available_units: '100.000000',
  cost: '1000.00',
  average_cost: '10.000000',
  nav: '10.500000',
  nav_date: '2026-11-20',
  value: '1050.00',
  gain: '50.00',
  gain_rate: '0.05',
  weight: '0.5',
  disinvestable_from: '2020-01-01',
  opened_on: '2026-01-10',
  ...extra,
});

function renderPage(language: 'it' | 'en' = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <WalletPage section="list" /> }], {
    initialEntries: ['/customer/wallet/'],
  });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { language },
  );
}

describe('WalletPage', () => {
  beforeEach(() => {
    server.wallet = {
      positions: [
        position(1, 'Lombard Bond 2030', { weight: '0.6254', disinvestable_from: '2999-03-01' }),
        position(2, 'Lombard Equity Europe', {
          weight: '0.3746',
          gain: '-120.40',
          gain_rate: '-0.0312',
          pledged_units: '40.000000',
          available_units: '60.000000',
        }),
      ],
      totals: {
        cost: '12345.60',
        value: '12400.15',
        gain: '54.55',
        gain_rate: '0.004419',
        pledged_value: '420.00',
      },
    };
  });

  it('shows the totals with the gain signed and its rate to two decimals', async () => {
    renderPage('en');
    expect(await screen.findByTestId('total-value')).toHaveTextContent('€12,400.15');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('€12,345.60');
    expect(screen.getByTestId('total-gain')).toHaveTextContent('+€54.55 (+0.44%)');
    expect(screen.getByTestId('total-pledged')).toHaveTextContent('€420.00');
  });

  it('names market value and capital invested apart, and shows the net position after the advance', async () => {
    renderPage('it');
    expect(await screen.findByTestId('total-net')).toHaveTextContent('4.400,15 €');
    expect(screen.getByText('Valore di mercato')).toBeInTheDocument();
    expect(screen.getByText('Capitale investito')).toBeInTheDocument();
    expect(screen.getByText('Posizione netta')).toBeInTheDocument();
    expect(screen.getByText("Liquidità e investimenti meno l'anticipo da restituire")).toBeInTheDocument();
    expect(screen.queryByText('Investito')).toBeNull();
  });

  it('writes the totals the Italian way', async () => {
    renderPage('it');
    expect(await screen.findByTestId('total-value')).toHaveTextContent('12.400,15 €');
    expect(screen.getByTestId('total-gain')).toHaveTextContent('+54,55 € (+0,44%)');
  });

  it('reads every share of the allocation to a screen reader', async () => {
    renderPage('en');
    expect(await screen.findByRole('img')).toHaveAccessibleName(
      'Allocation: Lombard Bond 2030 62.54% and Lombard Equity Europe 37.46%',
    );
  });

  it('shows a loss in red with its minus, and keeps Disinvest closed until the holding period ends', async () => {
    renderPage('en');
    const losing = await screen.findByTestId('position-2');
    expect(within(losing).getByText('-€120.40')).toBeInTheDocument();
    expect(within(losing).getByRole('link', { name: 'Disinvest' })).toHaveAttribute(
      'href',
      '/customer/product/2/disinvest/',
    );
    expect(screen.getByTestId('disinvest-1')).toBeDisabled();
    // Pledged units are a note under the total, only where there are some.
    expect(screen.getByTestId('pledged-2')).toHaveTextContent('40 pledged');
    expect(screen.queryByTestId('pledged-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('disinvest-1-reason')).toHaveTextContent('Available from 03/01/2999');
  });

  it('offers the funds when nothing is held yet', async () => {
    server.wallet = {
      positions: [],
      totals: { cost: '0.00', value: '0.00', gain: '0.00', gain_rate: '0', pledged_value: '0.00' },
    };
    renderPage('en');
    expect(await screen.findByTestId('wallet-empty')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-browse-products')).toHaveAttribute('href', '/customer/product/');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
