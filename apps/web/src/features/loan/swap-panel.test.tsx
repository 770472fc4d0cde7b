// Swapping collateral: the new lines must secure exactly what the returned ones secure, said before any
// call; an exact match sends the code, then signs the swap with it, each call with its own Idempotency-Key.
import type { AdvanceDetail, BorrowingPower } from '@lombard/shared/schemas/advances';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../test/render';
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
    line('position:8', 'Lombard Cash', '5000.00', false),
  ],
  collateral_total: '9000.00',
  maximum_applicable: '9000.00',
  bank_maximum: '500000.00',
  maximum_amount: '9000.00',
  binding: 'collateral',
  minimum_amount: '5000.00',
};

const server = vi.hoisted(() => ({ calls: [] as Array<{ body: Record<string, unknown>; key: unknown }> }));
vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () =>
  (await import('../../test/fake-http')).fakeHttp(async (config, reply) => {
    const body = JSON.parse(String(config.data));
    server.calls.push({ body, key: config.headers['Idempotency-Key'] });
    const data = { detail: body.code ? 'Collateral swapped' : 'Code sent', swappable_amount: '5000.00', advance: null };
    return reply(data);
  }),
);

function renderPanel() {
  renderWithQueryClient(<SwapPanel advance={ADVANCE} power={POWER} />);
}

describe('Collateral swap', { timeout: 20_000 }, () => {
  it('says the new lines must cover exactly the swappable amount, before any call', async () => {
    renderPanel();
    await userEvent.click(screen.getByLabelText(/Lombard Bond Euro/));
    await userEvent.click(screen.getByLabelText(/Lombard Equity World/));
    expect(screen.getByTestId('swap-mismatch')).toHaveTextContent(
      'The collateral you add must be worth exactly the swappable amount of €5,000.00: it is now worth €4,000.00.',
    );
    expect(screen.getByTestId('swap-send-code')).toBeDisabled();
    expect(server.calls).toHaveLength(0);
  });

  it('with an exact match sends the code, then signs the swap, each call with its own key', async () => {
    renderPanel();
    await userEvent.click(screen.getByLabelText(/Lombard Bond Euro/));
    await userEvent.click(screen.getByLabelText(/Lombard Cash/));
    expect(screen.queryByTestId('swap-mismatch')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('swap-send-code'));
    const submit = await screen.findByTestId('swap-submit');
    const digits = within(screen.getByTestId('swap-panel')).getAllByRole('textbox');
    await userEvent.type(digits[0]!, '123456');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(server.calls).toHaveLength(2));
    const [send, sign] = server.calls;
    expect(send?.body).toEqual({ give_back: ['position:1'], pledge: ['position:8'], amount: '5000.00' });
    expect(sign?.body).toEqual({
      give_back: ['position:1'],
      pledge: ['position:8'],
      amount: '5000.00',
      code: '123456',
    });
    expect(send?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sign?.key).not.toBe(send?.key);
  });
});
