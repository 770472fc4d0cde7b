// The closure queue: each open request says what still blocks it; completing one asks first, a
// double-click on the confirmation sends one call, and the API's refusal is shown in the dialog, which
// stays open.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { ClosuresPage } from './closures-page';

const server = vi.hoisted(() => ({
  calls: [] as Array<{ method: string; url: string }>,
  refuse: false,
  completed: new Set<number>(),
}));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../../lib/http/http-client');
  const http = createHttpClient();
  const row = (id: number, name: string, blocking: string[], completed: string | null = null) => ({
    id,
    user_id: id + 100,
    name,
    email: completed ? `closed-${id + 100}@closed.invalid` : `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    reason: completed ? null : 'Mi trasferisco all’estero',
    requested_at: '2026-11-20T09:00:00Z',
    completed_at: completed,
    blocking,
    retain_until: completed ? '2036-11-21T10:00:00Z' : null,
    purged_at: null,
  });
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    server.calls.push({ method, url });
    if (method === 'GET' && url === '/api/v1/backoffice/closures/') {
      const results = [
        server.completed.has(1) ? row(1, '', [], '2026-11-29T10:00:00Z') : row(1, 'Giulia Conti', []),
        row(2, 'Marco Ferri', ['cash', 'orders']),
        row(3, '', [], '2026-11-21T10:00:00Z'),
      ];
      return { status: 200, data: { results, count: results.length }, headers: {} };
    }
    if (method === 'POST' && url === '/api/v1/backoffice/closures/1/complete/') {
      if (server.refuse) {
        return {
          status: 409,
          data: {
            code: 'ACCOUNT_CLOSURE_BLOCKED',
            detail: 'Il conto non può ancora essere chiuso: restano liquidità.',
          },
          headers: {},
        };
      }
      server.completed.add(1);
      return { status: 200, data: row(1, '', [], '2026-11-29T10:00:00Z'), headers: {} };
    }
    throw new Error(`unexpected call ${method} ${url}`);
  };
  return { http };
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ClosuresPage /> }], {
    initialEntries: ['/customer/backoffice/closures/'],
  });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { language: 'it' },
  );
}

const posts = () => server.calls.filter((c) => c.method === 'POST');

describe('ClosuresPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
    server.refuse = false;
    server.completed = new Set();
    vi.mocked(notifySuccess).mockClear();
  });

  it('lists open requests with what blocks each, and the completed ones with how long data is kept', async () => {
    renderPage();
    const free = await screen.findByTestId('closure-1');
    expect(free).toHaveTextContent('Giulia Conti');
    expect(free).toHaveTextContent('Richiesta il 20/11/2026');
    expect(free).toHaveTextContent('Non resta nulla: si può chiudere');
    const blocked = screen.getByTestId('closure-2');
    expect(within(blocked).getByTestId('blocker-cash')).toHaveTextContent('Liquidità');
    expect(within(blocked).getByTestId('blocker-orders')).toHaveTextContent('Ordine in attesa');
    expect(screen.getByRole('heading', { name: 'Richieste aperte (2)' })).toBeInTheDocument();
    const done = screen.getByTestId('closure-3');
    expect(done).toHaveTextContent('Conto chiuso n. 103');
    expect(done).toHaveTextContent('Dati identificativi conservati fino al 21/11/2036');
  });

  it('completes a closure once however the confirmation is double-clicked', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('complete-1'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('Il conto di Giulia Conti sarà chiuso');
    await userEvent.dblClick(screen.getByTestId('confirm-button'));
    // The list is read again: the request moved to the completed ones.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Richiesta aperta (1)' })).toBeInTheDocument());
    expect(posts()).toHaveLength(1);
    expect(notifySuccess).toHaveBeenCalledTimes(1);
    expect(notifySuccess).toHaveBeenCalledWith('Conto chiuso. Il cliente non può più accedere.');
    expect(screen.getByTestId('closure-1')).toHaveTextContent('Chiuso il 29/11/2026');
  });

  it("shows the API's refusal in the confirmation and keeps it open", async () => {
    server.refuse = true;
    renderPage();
    await userEvent.click(await screen.findByTestId('complete-1'));
    await userEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByTestId('closure-refusal')).toHaveTextContent(
      'Il conto non può ancora essere chiuso: restano liquidità.',
    );
    expect(screen.getByTestId('confirm-dialog')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });
});
