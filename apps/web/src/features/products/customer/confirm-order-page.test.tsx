// Confirming an order: the server's quote is shown; when the MiFID profile does not cover the product's
// risk the customer must acknowledge the warning and sign with the SMS code, or with the passkey when the
// server asks for one (the app's code as the other method); the order goes with one Idempotency-Key per
// visit, the same on a retry.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ConfirmOrderPage } from './confirm-order-page';

const ASSERTION = vi.hoisted(() => ({
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
}));
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const ceremony = vi.hoisted(() => ({ assertion: vi.fn() }));
vi.mock('../../../lib/webauthn/ceremony', () => ({
  passkeyAssertion: ceremony.assertion,
  ceremonyCancelled: (error: unknown) => error instanceof Error && error.name === 'NotAllowedError',
}));

const server = vi.hoisted(() => ({
  passkey: false,
  signatureRequired: true,
  failFirstInvest: false,
  calls: [] as Array<{ method: string; url: string; body: unknown; key: string | undefined }>,
}));

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () => {
  const { createHttpClient } = await import('../../../lib/http/http-client');
  const http = createHttpClient();
  http.defaults.transport = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    const key = config.headers['Idempotency-Key'];
    server.calls.push({ method, url, body, key });
    const reply = (data: unknown, status = 200) => ({ status, data, headers: {} });
    if (url === '/api/v1/signatures/factor/') return reply({ factor: server.passkey ? 'passkey' : 'sms' });
    if (url === '/api/v1/products/3/invest/quote/') {
      return reply({
        product: { id: 3, name: 'Azionario Globale Sostenibile', isin: 'LU2607781254', risk_indicator: 5 },
        amount: body.amount,
        entry_cost_rate: '0.0150',
        entry_cost: '150.00',
        net_amount: '9850.00',
        nav: '123.456789',
        nav_date: '2026-11-20',
        estimated_units: '79.784686',
        payment_method: body.payment_method,
        available_cash: '25000.00',
        appropriateness: { score: 0, max_risk: 3, product_risk: 5, sufficient: !server.signatureRequired },
        signature_required: server.signatureRequired,
      });
    }
    if (url === '/api/v1/products/3/invest/signature/' && server.passkey) {
      return reply({
        document_id: 41,
        document_hash: 'ab12',
        detail: 'You are confirming the order of €10,000.00. Fingerprint of this operation: 1A2B3C4D.',
        expires_at: '2026-11-23T10:10:00Z',
        factor: 'passkey',
        challenge: '1A2B3C4D',
        passkey: {
          options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' },
          fallback: 'authenticator',
        },
      });
    }
    if (url === '/api/v1/products/3/invest/signature/') {
      return reply({
        document_id: 41,
        document_hash: 'ab12',
        detail: 'We sent a code to +39 *** *** 4567.',
        expires_at: '2026-11-23T10:10:00Z',
      });
    }
    if (url === '/api/v1/products/3/invest/') {
      if (server.failFirstInvest) {
        server.failFirstInvest = false;
        // No answer in time: the customer presses Confirm again.
        throw new TypeError('Failed to fetch');
      }
      const transfer = body.payment_method === 'bank_transfer';
      return reply(
        {
          id: 90,
          type: 'invest',
          type_name: 'Investment',
          status: transfer ? 'awaiting_transfer' : 'submitted',
          status_name: 'Submitted',
          amount: body.amount,
          units: null,
          nav: null,
          nav_date: null,
          fee: '150.00',
          product: { id: 3, name: 'Azionario Globale Sostenibile', isin: 'LU2607781254' },
          payment_method: body.payment_method,
          reference_code: 'RF47ORD000090',
          execute_on: null,
          created_at: '2026-11-23T10:00:00Z',
          executed_at: null,
          reason: null,
          transfer_instructions: transfer
            ? {
                beneficiary: 'Lombard S.p.A.',
                iban: 'IT60X0542811101000000123456',
                bic: 'BPMOIT22',
                bank_name: 'Banca Partner S.p.A.',
                reference_code: 'RF47ORD000090',
                amount: body.amount,
              }
            : null,
        },
        201,
      );
    }
    throw new Error(`unexpected call ${method} ${url}`);
  };
  return { http };
});

function renderConfirm(search = 'amount=10000&payment_method=cash') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/customer/product/:id/confirm-order/', Component: ConfirmOrderPage },
      { path: '/customer/transaction/', element: <p>transactions list</p> },
    ],
    { initialEntries: [`/customer/product/3/confirm-order/?${search}`] },
  );
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const posts = (path: string) => server.calls.filter((c) => c.method === 'POST' && c.url === path);

describe('ConfirmOrderPage', () => {
  beforeEach(() => {
    server.calls = [];
    server.passkey = false;
    ceremony.assertion.mockReset();
    server.signatureRequired = true;
    server.failFirstInvest = false;
  });

  it('shows the quote: amount, entry cost, net amount, NAV and estimated units', async () => {
    renderConfirm();
    const summary = await screen.findByTestId('order-summary');
    expect(summary).toHaveTextContent('€10,000.00');
    expect(summary).toHaveTextContent('Entry cost (1.50%)€150.00');
    expect(summary).toHaveTextContent('Net amount invested€9,850.00');
    expect(summary).toHaveTextContent('79.784686');
    expect(posts('/api/v1/products/3/invest/quote/')[0]!.body).toEqual({ amount: '10000', payment_method: 'cash' });
  });

  it('asks an inappropriate order to be acknowledged and signed with the SMS code before it is sent', async () => {
    const router = renderConfirm();
    expect(await screen.findByTestId('mifid-warning')).toHaveTextContent('risk indicator is 5');
    const sendCode = screen.getByTestId('send-code');
    const submit = screen.getByTestId('submit-order');
    expect(sendCode).toBeDisabled();
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Sign and submit');

    await userEvent.click(screen.getByLabelText('I understand the warning and want to proceed'));
    await userEvent.click(sendCode);
    expect(await screen.findByText('We sent a code to +39 *** *** 4567.')).toBeInTheDocument();
    expect(posts('/api/v1/products/3/invest/signature/')).toHaveLength(1);
    expect(screen.getByTestId('order-document')).toHaveTextContent('Download the order document');
    expect(submit).toBeDisabled();

    const digits = within(screen.getByTestId('signature-panel')).getAllByRole('textbox');
    await userEvent.type(digits[0]!, '123456');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/transaction/'));
    const [order] = posts('/api/v1/products/3/invest/');
    expect(order!.body).toEqual({
      amount: '10000',
      payment_method: 'cash',
      signature: { document_id: 41, code: '123456' },
    });
    expect(order!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByTestId('order-passkey')).not.toBeInTheDocument();
  });

  it('with a passkey: shows its confirmation instead of the code field, and its assertion signs and sends the order', async () => {
    server.passkey = true;
    ceremony.assertion.mockResolvedValue(ASSERTION);
    const router = renderConfirm();
    await userEvent.click(await screen.findByLabelText('I understand the warning and want to proceed'));
    // Nothing is sent to a passkey user: the button names the passkey.
    expect(screen.getByTestId('send-code')).toHaveTextContent('Continue with the passkey');
    await userEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText(/order of €10,000.00. Fingerprint of this operation: 1A2B3C4D/)).toBeInTheDocument();
    const panel = screen.getByTestId('signature-panel');
    expect(within(panel).queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByTestId('submit-order')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('order-passkey-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/transaction/'));
    expect(ceremony.assertion).toHaveBeenCalledWith(OPTIONS);
    const [order] = posts('/api/v1/products/3/invest/');
    expect(order!.body).toEqual({
      amount: '10000',
      payment_method: 'cash',
      signature: { document_id: 41, assertion: ASSERTION },
    });
    expect(order!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with a passkey not at hand: the authenticator app’s code and the challenge sign the order instead', async () => {
    server.passkey = true;
    const router = renderConfirm();
    await userEvent.click(await screen.findByLabelText('I understand the warning and want to proceed'));
    await userEvent.click(screen.getByTestId('send-code'));
    await userEvent.click(await screen.findByText('Passkey not at hand? Use your authenticator app'));
    expect(screen.queryByTestId('order-passkey')).not.toBeInTheDocument();
    expect(screen.getByText('Code from your authenticator app')).toBeInTheDocument();
    const digits = within(screen.getByTestId('signature-panel')).getAllByRole('textbox');
    await userEvent.type(digits[0]!, '123456');
    await userEvent.click(screen.getByTestId('submit-order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/transaction/'));
    expect(ceremony.assertion).not.toHaveBeenCalled();
    expect(posts('/api/v1/products/3/invest/')[0]!.body).toEqual({
      amount: '10000',
      payment_method: 'cash',
      signature: { document_id: 41, code: '123456', challenge: '1A2B3C4D' },
    });
  });

  it('sends an appropriate order at once, retries it with the same key, and shows where to transfer', async () => {
    server.signatureRequired = false;
    server.failFirstInvest = true;
    renderConfirm('amount=10000&payment_method=bank_transfer');
    const submit = await screen.findByTestId('submit-order');
    expect(screen.queryByTestId('signature-panel')).not.toBeInTheDocument();
    expect(submit).toHaveTextContent('Submit order');
    await userEvent.click(submit);
    await waitFor(() => expect(posts('/api/v1/products/3/invest/')).toHaveLength(1));
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    const panel = await screen.findByTestId('transfer-instructions');
    expect(panel).toHaveTextContent('IT60X0542811101000000123456');
    expect(panel).toHaveTextContent('RF47ORD000090');
    const [first, retry] = posts('/api/v1/products/3/invest/');
    expect(retry!.key).toBe(first!.key);
    expect(retry!.body).toEqual({ amount: '10000', payment_method: 'bank_transfer' });
  });

  it('goes back to the amount when the address holds no valid order', async () => {
    const client = new QueryClient();
    const router = createMemoryRouter(
      [
        {
          path: '/customer/product/:id/',
          children: [
            { path: 'confirm-order/', Component: ConfirmOrderPage },
            { path: 'invest/', element: <p>invest form</p> },
          ],
        },
      ],
      { initialEntries: ['/customer/product/3/confirm-order/?amount=abc'] },
    );
    renderWithProviders(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('invest form')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
