// The e-mail change's confirming step: a confirmation the server says was given for another address
// (CONFIRMATION_MISMATCH) is told where every answer about the code is, under the code on the step that
// shows the new address, and the step stays for the customer to try again; nothing is shown as a toast.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../lib/notify';
import { renderWithQueryClient } from '../../test/render';
import { ChangeEmailPage } from './change-email-page';

const MISMATCH =
  'This confirmation was given for changing the e-mail address to another one, not to mine@example.test: ' +
  'nothing has been changed. To change it to mine@example.test, ask for this change and confirm it.';

const server = vi.hoisted(() => ({ calls: [] as Array<Record<string, unknown>> }));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/session/logout', () => ({ logout: vi.fn() }));
vi.mock('../../lib/http/client', async () =>
  (await import('../../test/fake-http')).fakeHttp(async (config, reply) => {
    if (config.url !== '/api/account/email/change/') throw new Error(`unexpected call ${config.url}`);
    const body = JSON.parse(String(config.data));
    server.calls.push(body);
    if (!body.confirmation)
      return reply(
        {
          signature_id: 41,
          confirming: { amount: null, iban: null, value: 'mine@example.test' },
          detail: 'You are confirming the change of your e-mail address to mine@example.test.',
          expires_at: '2026-11-30T10:10:00Z',
          factor: 'authenticator',
          challenge: '7F3A09C2',
          passkey: null,
        },
        202,
      );
    return reply({ code: 'CONFIRMATION_MISMATCH', detail: MISMATCH }, 400);
  }),
);

describe('ChangeEmailPage', () => {
  beforeEach(() => {
    server.calls = [];
    vi.mocked(notifyError).mockClear();
  });

  it('shows a confirmation refused for another address under the code, on the step that stays', async () => {
    renderWithQueryClient(
      <MemoryRouter>
        <ChangeEmailPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByTestId('change-email-new'), 'mine@example.test');
    await userEvent.type(screen.getByTestId('change-email-confirm'), 'mine@example.test');
    await userEvent.type(screen.getByTestId('change-email-password'), 'a-long-password');
    await userEvent.click(screen.getByTestId('change-email-submit'));
    const step = await screen.findByTestId('email-change');
    expect(within(step).getByTestId('email-change-value')).toHaveTextContent('mine@example.test');

    const digits = within(step).getByTestId('email-change-confirmation-code').querySelectorAll('input');
    await userEvent.click(digits[0]!);
    await userEvent.keyboard('123456');
    await userEvent.click(within(step).getByTestId('email-change-confirmation-submit'));

    expect(await within(step).findByTestId('code-error')).toHaveTextContent(MISMATCH);
    expect(notifyError).not.toHaveBeenCalled();
    expect(screen.getByTestId('email-change')).toBeInTheDocument();
    // The confirmation went with the values it was asked for, the app's code and the challenge.
    expect(server.calls.at(-1)).toMatchObject({
      new_email: 'mine@example.test',
      confirmation: { signature_id: 41, code: '123456', challenge: '7F3A09C2' },
    });
  });
});
