// Swapping collateral: the panel shows the server's quote (what the new collateral must secure and the units
// it pledges, part of a line included) before any code is sent, says when the offer falls short, then sends
// the code and signs the swap, each call with its own Idempotency-Key. With a passkey the panel shows its
// confirmation instead of the code field, and its assertion signs the swap.
import type { AdvanceDetail, BorrowingPower, SwapQuote } from '@lombard/shared/schemas/advances';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render';
import { SwapPanel } from './swap-panel';

const line = (key: string, label: string, contribution: string, pledged: boolean) => ({
  key,
  kind: 'position' as const,
  label,
  units: '100.000000',
  unit_price: '100.000000',
  value: '10000.00',
  loan_to_value: '0.5000',
  contribution,
  pledged,
});

const ADVANCE = {
  id: 3,
  collateral: [line('position:1', 'Lombard Bond Euro', '5000.00', true)],
} as unknown as AdvanceDetail;

const POWER: BorrowingPower = {
  lines: [
    line('position:7', 'Lombard Equity World', '4000.00', false),
    line('position:8', 'Lombard Cash', '6000.00', false),
  ],
  collateral_total: '10000.00',
  maximum_applicable: '10000.00',
  bank_maximum: '500000.00',
  maximum_amount: '10000.00',
  binding: 'collateral',
  minimum_amount: '5000.00',
};

/** The server's quote: 5,000 to secure; the equity line falls short, the cash line is pledged in part. */
function quoteFor(pledge: string[]): SwapQuote {
  const cash = pledge.includes('position:8');
  return {
    returned: '5000.00',
    outstanding: '20000.00',
    required: '5000.00',
    offered: cash ? '10000.00' : '4000.00',
    pledged: cash ? '5000.00' : '4000.00',
    covered: cash,
    pledges: cash
      ? [
          {
            key: 'position:8',
            kind: 'position',
            label: 'Lombard Cash',
            units: '83.333400',
            free_units: '100.000000',
            value: '10000.00',
            contribution: '5000.00',
            whole: false,
          },
        ]
      : [],
  };
}

/** The server's distance to a call and borrowing power, before and after the swap. */
const SWAP_RISK = vi.hoisted(() => ({
  before: { loan_to_value: '0.4000', limit_loan_to_value: '0.5000', fall: '0.2000', limit: '25000.00' },
  after: { loan_to_value: '0.4000', limit_loan_to_value: '0.5000', fall: '0.2000', limit: '25000.00' },
  borrowing_power_before: '10000.00',
  borrowing_power_after: '10000.00',
}));

const ASSERTION = vi.hoisted(() => ({
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
}));
const OPTIONS = vi.hoisted(() => ({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' }));
const ceremony = vi.hoisted(() => ({ assertion: vi.fn() }));
vi.mock('../../../lib/webauthn/ceremony', () => ({
  passkeyAssertion: ceremony.assertion,
  ceremonyCancelled: (error: unknown) => error instanceof Error && error.name === 'NotAllowedError',
}));

const server = vi.hoisted(() => ({
  calls: [] as Array<{ body: Record<string, unknown>; key: unknown }>,
  passkey: false,
}));
vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    if (config.method?.toLowerCase() === 'get') {
      if (config.url === '/api/v1/signatures/factor/') return reply({ factor: server.passkey ? 'passkey' : 'sms' });
      const params = config.params as URLSearchParams;
      if (String(config.url).includes('/swap-risk/')) return reply(SWAP_RISK);
      return reply(quoteFor(params.getAll('pledge')));
    }
    const body = JSON.parse(String(config.data));
    server.calls.push({ body, key: config.headers['Idempotency-Key'] });
    const proof = body.code || body.assertion;
    const asked =
      server.passkey && !proof
        ? { factor: 'passkey', challenge: '1A2B3C4D', passkey: { options: OPTIONS, fallback: null } }
        : {};
    const detail = proof ? 'Collateral swapped' : server.passkey ? 'Confirm the swap with your passkey' : 'Code sent';
    return reply({ detail, swappable_amount: '5000.00', advance: null, ...asked });
  }),
);

function renderPanel() {
  renderWithQueryClient(<SwapPanel advance={ADVANCE} power={POWER} />);
}

describe('Collateral swap', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
    server.passkey = false;
    ceremony.assertion.mockReset();
  });

  it('says when the offered holdings secure too little, before any code is sent', async () => {
    renderPanel();
    await userEvent.click(screen.getByLabelText(/Lombard Bond Euro/));
    await userEvent.click(screen.getByLabelText(/Lombard Equity World/));
    expect(await screen.findByTestId('swap-short')).toHaveTextContent(
      'The holdings you picked secure €4,000.00 in all: pick more to reach €5,000.00.',
    );
    expect(screen.getByTestId('swap-send-code')).toBeDisabled();
    expect(server.calls).toHaveLength(0);
  });

  it('shows the part of a line it pledges, then sends the code and signs the swap, each call with its own key', async () => {
    renderPanel();
    await userEvent.click(screen.getByLabelText(/Lombard Bond Euro/));
    await userEvent.click(screen.getByLabelText(/Lombard Cash/));
    expect(await screen.findByTestId('swap-pledges-position:8')).toHaveTextContent(
      'Lombard Cash: 83.333 of 100.000 units, securing €5,000.00',
    );
    expect(screen.getByTestId('swap-amounts')).toHaveTextContent('The new collateral must secure €5,000.00');
    expect(await screen.findByTestId('swap-risk')).toHaveTextContent(
      'After the swap a fall of 20.00% in the pledged collateral would open a margin call (today 20.00%).',
    );
    await userEvent.click(screen.getByTestId('swap-send-code'));
    const submit = await screen.findByTestId('swap-submit');
    expect(screen.queryByTestId('swap-passkey')).not.toBeInTheDocument();
    const digits = within(screen.getByTestId('swap-panel')).getAllByRole('textbox');
    await userEvent.type(digits[0]!, '123456');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(server.calls).toHaveLength(2));
    const [send, sign] = server.calls;
    expect(send?.body).toEqual({ give_back: ['position:1'], pledge: ['position:8'], amount: '5000.00' });
    expect(sign?.body).toEqual({ ...send?.body, code: '123456' });
    expect(send?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sign?.key).not.toBe(send?.key);
  });

  it('with a passkey: shows its confirmation instead of the code field, and its assertion signs the swap', async () => {
    server.passkey = true;
    ceremony.assertion.mockResolvedValue(ASSERTION);
    renderPanel();
    await userEvent.click(screen.getByLabelText(/Lombard Bond Euro/));
    await userEvent.click(screen.getByLabelText(/Lombard Cash/));
    await screen.findByTestId('swap-pledges-position:8');
    expect(screen.getByTestId('swap-send-code')).toHaveTextContent('Continue with the passkey');
    await userEvent.click(screen.getByTestId('swap-send-code'));
    expect(await screen.findByTestId('swap-asked')).toHaveTextContent('Confirm the swap with your passkey');
    expect(screen.queryByTestId('swap-submit')).not.toBeInTheDocument();
    const boxes = within(screen.getByTestId('swap-panel')).queryAllByRole('textbox');
    expect(boxes).toHaveLength(0);
    await userEvent.click(screen.getByTestId('swap-passkey-confirm'));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(ceremony.assertion).toHaveBeenCalledWith(OPTIONS);
    const [send, sign] = server.calls;
    expect(sign?.body).toEqual({ ...send?.body, assertion: ASSERTION });
    expect(sign?.key).not.toBe(send?.key);
    // Swapped: the panel starts over.
    await waitFor(() => expect(screen.queryByTestId('swap-passkey')).not.toBeInTheDocument());
    expect(screen.getByTestId('swap-send-code')).toBeInTheDocument();
  });
});
