// The operator's KYC review of one person: a submitted step is approved with one click, or rejected with
// a reason the person will read (required); each decision is a call on that step, and the page shows the
// person's state the server answers afterwards.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { KycReviewPage } from './kyc-review-page';

const STEPS = ['citizenship', 'identity', 'addresses', 'phone-number', 'kyc', 'occupation', 'bank-account', 'mifid'];

const server = vi.hoisted(() => ({
  statuses: {} as Record<string, { status: string; reason: string | null }>,
  calls: [] as Array<{ method: string; url: string; body: unknown }>,
  sharedIban: [] as Array<{ id: number; email: string }>,
}));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../lib/http/http-client');
  const http = createHttpClient();
  const progress = () => ({
    steps: STEPS.map((step) => ({
      step,
      status: server.statuses[step]?.status ?? 'todo',
      reason: server.statuses[step]?.reason ?? null,
      updated_at: null,
    })),
    next_step: 'addresses',
    approved: false,
  });
  const detail = () => ({
    user: {
      id: 7,
      email: 'bianca@example.com',
      first_name: 'Bianca',
      last_name: 'Basile',
      attributes: ['base'],
      language: 'it',
      created_at: '2026-11-02T09:00:00Z',
    },
    profile: {
      citizenship: { citizenships: ['IT'], tax_residence: 'IT', us_green_card: false, us_presence_days: 0 },
      identity: {
        first_name: 'Bianca',
        last_name: 'Basile',
        birth_date: '1992-05-14',
        birth_place: 'Bologna',
        sex: 'F',
        tax_code: 'BSLBNC92E54A944V',
        politically_exposed: false,
      },
      addresses: null,
      phone: null,
      occupation: null,
      bank_account: null,
      mifid: null,
      progress: progress(),
    },
    documents: [
      {
        id: 31,
        kind: 'identity',
        origin: 'uploaded',
        type: 'identity_card',
        number: '•••••4821',
        issued_on: '2021-03-15',
        expires_on: '2031-03-15',
        status: 'active',
        created_at: '2026-11-02T09:00:00Z',
        files: [],
      },
    ],
    iban_shared_with: server.sharedIban,
  });
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url, body });
    const reply = (data: unknown) => ({ status: 200, data, headers: {} });
    const decision = /\/steps\/([\w-]+)\/(approve|reject)\/$/.exec(url);
    if (method === 'POST' && decision) {
      const [, step = '', verb] = decision;
      server.statuses[step] =
        verb === 'approve' ? { status: 'approved', reason: null } : { status: 'rejected', reason: body.reason };
      return reply({ detail: 'ok', progress: progress(), attributes: ['base'] });
    }
    if (url === '/api/v1/backoffice/kyc-reviews/7/') return reply(detail());
    if (url === '/api/v1/profile/countries/') return reply([{ code: 'IT', name: 'Italy' }]);
    throw new Error(`unexpected call ${method} ${url}`);
  };
  return { http };
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/customer/backoffice/kyc-reviews/:id/', Component: KycReviewPage }], {
    initialEntries: ['/customer/backoffice/kyc-reviews/7/'],
  });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const decisions = () => server.calls.filter((c) => c.method === 'POST');

describe('KycReviewPage', () => {
  beforeEach(() => {
    server.calls = [];
    server.sharedIban = [];
    server.statuses = {
      citizenship: { status: 'submitted', reason: null },
      identity: { status: 'submitted', reason: null },
    };
  });

  it('shows the person and offers a decision only on submitted steps', async () => {
    renderPage();
    expect(await screen.findByTestId('kyc-person')).toHaveTextContent('Bianca Basile');
    expect(screen.getByTestId('kyc-approve-identity')).toBeInTheDocument();
    expect(screen.getByTestId('kyc-approve-citizenship')).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-approve-addresses')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('kyc-step-identity')).getByText('BSLBNC92E54A944V')).toBeInTheDocument();
  });

  it('flags an IBAN saved on other accounts in the bank account step, with a link to each', async () => {
    server.sharedIban = [{ id: 12, email: 'carlo@example.com' }];
    renderPage();
    const flag = await screen.findByTestId('kyc-iban-shared');
    expect(screen.getByTestId('kyc-step-bank-account')).toContainElement(flag);
    expect(flag).toHaveTextContent('This IBAN is also saved on other accounts');
    expect(within(flag).getByRole('link', { name: 'carlo@example.com' })).toHaveAttribute(
      'href',
      '/customer/backoffice/kyc-reviews/12/',
    );
  });

  it('shows no such flag when the IBAN is on this account only', async () => {
    renderPage();
    await screen.findByTestId('kyc-person');
    expect(screen.queryByTestId('kyc-iban-shared')).not.toBeInTheDocument();
  });

  it('shows the identity document number, issue and expiry dates on the KYC step', async () => {
    server.statuses.kyc = { status: 'submitted', reason: null };
    renderPage();
    expect(await screen.findByTestId('kyc-document-facts-31')).toHaveTextContent(
      'Number •••••4821 · Issued on 15/03/2021 · Expires on 15/03/2031',
    );
  });

  it('a double-click on Approve sends one decision, not a second one the server would refuse', async () => {
    renderPage();
    await userEvent.dblClick(await screen.findByTestId('kyc-approve-identity'));
    await waitFor(() => expect(screen.getByTestId('kyc-step-identity')).toHaveAttribute('data-status', 'approved'));
    expect(decisions()).toHaveLength(1);
  });

  it('approves a step with a call on that step, then shows it approved', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('kyc-approve-identity'));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toMatchObject({ url: '/api/v1/backoffice/kyc-reviews/7/steps/identity/approve/' });
    await waitFor(() => expect(screen.getByTestId('kyc-step-identity')).toHaveAttribute('data-status', 'approved'));
    expect(screen.queryByTestId('kyc-approve-identity')).not.toBeInTheDocument();
  });

  it('rejects a step only with a reason, and sends the reason', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('kyc-reject-citizenship'));
    const confirm = await screen.findByTestId('kyc-reject-confirm');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByTestId('kyc-reject-reason'), '  The tax residence is missing a document. ');
    await userEvent.click(confirm);
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toEqual({
      method: 'POST',
      url: '/api/v1/backoffice/kyc-reviews/7/steps/citizenship/reject/',
      body: { reason: 'The tax residence is missing a document.' },
    });
    await waitFor(() => expect(screen.getByTestId('kyc-step-citizenship')).toHaveAttribute('data-status', 'rejected'));
    expect(screen.getByTestId('kyc-step-citizenship')).toHaveTextContent('The tax residence is missing a document.');
  });
});
