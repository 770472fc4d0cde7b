// The operator settles the orders they ticked: one call names exactly those ids with an Idempotency-Key,
// and the page shows what the API answered — how many were settled, and each skipped order with why.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OrdersPage } from './orders-page';

const server = vi.hoisted(() => ({
  calls: [] as Array<{ method: string; url: string; body: unknown; key: unknown }>,
}));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../../lib/http/http-client');
  const http = createHttpClient();
  const order = (id: number, status: string) => ({
    id,
    type: 'invest',
    type_name: 'Investment',
    status,
    status_name: status === 'submitted' ? 'Submitted' : 'Awaiting transfer',
    amount: '1000.00',
    units: null,
    nav: null,
    nav_date: null,
    fee: '10.00',
    product: { id: 3, name: 'Lombard Bond 2030', isin: 'IT0000000003' },
    payment_method: 'cash',
    reference_code: `OR-${id}`,
    execute_on: null,
    created_at: '2026-11-20T09:00:00Z',
    executed_at: null,
    reason: null,
    transfer_instructions: null,
    user: { id: 7, email: 'bianca@example.com', full_name: 'Bianca Basile' },
  });
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url, body, key: config.headers['Idempotency-Key'] });
    const reply = (data: unknown) => ({ status: 200, data, headers: {} });
    if (method === 'GET' && url === '/api/v1/backoffice/orders/') {
      return reply({
        results: [order(11, 'submitted'), order(12, 'submitted'), order(13, 'awaiting_transfer')],
        count: 3,
        next: null,
        previous: null,
        per_page: 10,
        page: 1,
      });
    }
    if (method === 'POST' && url === '/api/v1/backoffice/orders/settle/') {
      return reply({
        detail: 'Settlement completed.',
        settled: [11, 12],
        skipped: [{ id: 13, reason: 'The bank transfer has not arrived yet.' }],
      });
    }
    if (method === 'POST' && url === '/api/v1/backoffice/orders/11/reject/') {
      return reply({ ...order(11, 'rejected'), status_name: 'Rejected', reason: body.reason });
    }
    throw new Error(`unexpected call ${method} ${url}`);
  };
  return { http };
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <OrdersPage /> }], {
    initialEntries: ['/customer/backoffice/orders/'],
  });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('OrdersPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
  });

  it('settles the ticked orders and shows the settled count and each skipped order with its reason', async () => {
    renderPage();
    await screen.findAllByTestId('resource-row');
    await userEvent.click(screen.getByTestId('page-checkbox'));
    await userEvent.click(screen.getByTestId('bulk-settle'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('Settle 3 orders');
    await userEvent.click(screen.getByTestId('confirm-button'));

    const result = await screen.findByTestId('settle-result');
    expect(result).toHaveTextContent('Settlement completed.');
    expect(within(result).getByTestId('settle-settled')).toHaveTextContent('2 orders settled.');
    expect(within(result).getByTestId('settle-skipped')).toHaveTextContent('1 order skipped:');
    expect(within(result).getByTestId('settle-skipped-list')).toHaveTextContent(
      '#13: The bank transfer has not arrived yet.',
    );

    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ ids: [11, 12, 13] });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    // The selection is spent: the bar goes away with it.
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
  });

  it('rejects an order only with a reason of at least three characters', async () => {
    renderPage();
    await screen.findAllByTestId('resource-row');
    await userEvent.click(screen.getByTestId('reject-11'));
    await userEvent.type(await screen.findByTestId('reject-reason'), 'no');
    await userEvent.click(screen.getByTestId('reject-submit'));
    expect(await screen.findByText('This field should be at least 3 characters long.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('reject-reason'), 't enough cash for this order');
    await userEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/backoffice/orders/11/reject/',
      body: { reason: 'not enough cash for this order' },
    });
  });
});
