// "Your data": asking for a copy shows it being prepared, a ready copy offers its one download, and the
// closure dialog lists what is kept and why before it sends the request with the reason.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ClosureRow, DataExportRow } from './your-data';

const server = vi.hoisted(() => ({
  exportStatus: { status: 'none' } as Record<string, unknown>,
  closure: { status: 'none' } as Record<string, unknown>,
  calls: [] as Array<{ method: string; url: string; body: unknown }>,
}));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/i18n/i18n', () => ({ currentLanguage: () => 'it', changeLocale: vi.fn() }));
vi.mock('../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url: config.url ?? '', body });
    const reply = (data: unknown, status = 200) => ({ status, data, headers: {} });
    if (config.url === '/api/v1/account/data-export/' && method === 'POST') {
      server.exportStatus = { ...server.exportStatus, status: 'pending' };
      return reply(server.exportStatus, 202);
    }
    if (config.url === '/api/v1/account/data-export/') return reply(server.exportStatus);
    if (config.url === '/api/v1/account/closure/' && method === 'POST') {
      server.closure = { ...server.closure, status: 'requested' };
      return reply(server.closure, 202);
    }
    if (config.url === '/api/v1/account/closure/') return reply(server.closure);
    throw new Error(`unexpected call ${method} ${config.url}`);
  };
  return { http };
});

const blank = { requested_at: null, ready_at: null, expires_at: null, downloaded_at: null };

function render(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('Your data', () => {
  beforeEach(() => {
    server.calls = [];
    server.exportStatus = { status: 'none', ...blank };
    server.closure = {
      status: 'none',
      requested_at: null,
      completed_at: null,
      kept: [{ record: 'ledger', what: 'Le scritture contabili', why: 'Antiriciclaggio', until: '10 anni' }],
    };
  });

  it('asks for a copy, then shows it being prepared', async () => {
    render(<DataExportRow />);
    await userEvent.click(await screen.findByTestId('data-export-request'));
    await waitFor(() => expect(screen.getByTestId('data-export-request')).toBeDisabled());
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('offers the download of a ready copy with its last day', async () => {
    server.exportStatus = { ...blank, status: 'ready', expires_at: '2026-12-06T10:00:00.000Z' };
    render(<DataExportRow />);
    expect(await screen.findByTestId('data-export-download')).toBeInTheDocument();
    expect(screen.getByText(/06\/12\/2026/)).toBeInTheDocument();
  });

  it('lists what is kept before asking to close, and sends the reason', async () => {
    render(<ClosureRow />);
    await userEvent.click(await screen.findByTestId('closure-request'));
    expect(await screen.findByText(/Le scritture contabili — Antiriciclaggio/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox'), 'Trasloco');
    await userEvent.click(screen.getByTestId('closure-confirm'));
    await waitFor(() => expect(screen.getByTestId('closure-request')).toBeDisabled());
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Trasloco' });
  });
});
