// The phone change's confirming step: a confirmation the server says was given for another number
// (CONFIRMATION_MISMATCH) is told under the code on the step showing the new number — not under the number
// field above it, nor as a toast — and the verified number stays shown as the one in use.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../lib/notify';
import { renderWithQueryClient } from '../../test/render';
import { PhoneTab } from './phone-tab';

const MISMATCH =
  'This confirmation was given for changing the phone number to another one, not to +393401110002: ' +
  'nothing has been changed. To change it to +393401110002, ask for this change and confirm it.';

const server = vi.hoisted(() => ({ calls: [] as Array<Record<string, unknown>> }));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/http/client', async () =>
  (await import('../../test/fake-http')).fakeHttp(async (config, reply) => {
    if (config.url !== '/api/v1/profile/phone-number/') throw new Error(`unexpected call ${config.url}`);
    const body = JSON.parse(String(config.data));
    server.calls.push(body);
    if (!body.confirmation)
      return reply(
        {
          signature_id: 52,
          confirming: { amount: null, iban: null, value: '+393401110002' },
          detail: 'You are confirming the change of your phone number to +393401110002.',
          expires_at: '2026-11-30T10:10:00Z',
          factor: 'sms',
          challenge: '0B6E51D4',
          passkey: null,
        },
        202,
      );
    return reply({ code: 'CONFIRMATION_MISMATCH', detail: MISMATCH }, 400);
  }),
);

describe('PhoneTab', () => {
  beforeEach(() => {
    server.calls = [];
    vi.mocked(notifyError).mockClear();
  });

  it('shows a confirmation refused for another number under the code of the confirming step', async () => {
    renderWithQueryClient(<PhoneTab saved={{ phone: '+393401110001', verified: true }} />);
    const number = screen.getByTestId('phone-number');
    await userEvent.clear(number);
    await userEvent.type(number, '+393401110002');
    await userEvent.click(screen.getByTestId('phone-send-code'));
    const step = await screen.findByTestId('phone-change');
    expect(within(step).getByTestId('phone-change-value')).toHaveTextContent('+393401110002');

    const digits = within(step).getByTestId('phone-change-confirmation-code').querySelectorAll('input');
    await userEvent.click(digits[0]!);
    await userEvent.keyboard('654321');
    await userEvent.click(within(step).getByTestId('phone-change-confirmation-submit'));

    expect(await within(step).findByTestId('code-error')).toHaveTextContent(MISMATCH);
    // Said once, in that one place.
    expect(screen.getAllByText(MISMATCH)).toHaveLength(1);
    expect(notifyError).not.toHaveBeenCalled();
    expect(screen.getByTestId('phone-verified')).toHaveTextContent('+393401110001');
    expect(server.calls.at(-1)).toMatchObject({
      phone: '+393401110002',
      confirmation: { signature_id: 52, code: '654321' },
    });
  });
});
