// Signing the contract by code, as orders are signed: the code is sent by SMS, typed, and the contract
// signed; a wrong code leaves the customer on the panel with an empty code, told the tries left under it;
// a double-click on "send me the code" is one call. With an authenticator the panel asks for the app's code
// (or a recovery code) and sends the act's challenge with it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../lib/notify';
import { renderWithQueryClient } from '../../../test/render';
import { SignPanel } from './sign-panel';

const server = vi.hoisted(() => ({
  calls: [] as Array<{ url: string; body: unknown }>,
  wrong: false,
  app: false,
  passkey: false,
}));
const OPTIONS = vi.hoisted(() => ({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' }));
const ASSERTION = vi.hoisted(() => ({
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
}));
vi.mock('../../../lib/webauthn/ceremony', () => ({
  passkeyAssertion: async () => ASSERTION,
  ceremonyCancelled: () => false,
}));
vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../../lib/http/client', async () =>
  (await import('../../../test/fake-http')).fakeHttp(async (config, reply) => {
    const url = config.url ?? '';
    if (url === '/api/v1/signatures/factor/') {
      return reply({ factor: server.passkey ? 'passkey' : server.app ? 'authenticator' : 'sms' });
    }
    const body = JSON.parse(String(config.data ?? '{}'));
    server.calls.push({ url, body });
    if (url === '/api/v1/advances/4/signature/' && server.passkey) {
      return reply({
        document_hash: 'abc',
        detail: 'You are confirming the advance contract of €10,000.00. Confirm with your passkey.',
        expires_at: '2026-11-24T18:40:00Z',
        factor: 'passkey',
        challenge: '1A2B3C4D',
        passkey: { options: OPTIONS, fallback: null },
      });
    }
    if (url === '/api/v1/advances/4/sign/' && server.passkey) return reply({ id: 4, status: 3 });
    if (url === '/api/v1/advances/4/signature/' && server.app) {
      return reply({
        document_hash: 'abc',
        detail: 'You are confirming the advance contract of €10,000.00. Fingerprint of this operation: 1A2B3C4D.',
        expires_at: '2026-11-24T18:40:00Z',
        factor: 'authenticator',
        challenge: '1A2B3C4D',
      });
    }
    if (url === '/api/v1/advances/4/sign/' && server.app) return reply({ id: 4, status: 3 });
    if (url === '/api/v1/advances/4/signature/') {
      return reply({
        document_hash: 'abc',
        detail: 'We sent a code to +39 *** *** 4567.',
        expires_at: '2026-11-24T18:40:00Z',
      });
    }
    if (url === '/api/v1/advances/4/sign/' && server.wrong) {
      return reply(
        { detail: 'The code is not correct. You have 4 attempts left.', code: 'ONE_TIME_CODE_INVALID' },
        400,
      );
    }
    throw new Error(`unexpected call ${url}`);
  }),
);

function renderPanel(contractUrl?: string) {
  renderWithQueryClient(<SignPanel advanceId={4} contractUrl={contractUrl} />);
}

describe('Contract signature', { timeout: 20_000 }, () => {
  beforeEach(() => {
    server.calls = [];
    server.app = false;
    server.passkey = false;
    vi.mocked(notifySuccess).mockClear();
  });

  it('sends the code, and after a wrong one empties the code to try again', async () => {
    server.wrong = true;
    renderPanel();
    // A code is sent: the button says so.
    await waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent('Send me the code'));
    await userEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('We sent a code to +39 *** *** 4567.')).toBeInTheDocument();
    const submit = screen.getByTestId('sign-contract');
    expect(submit).toBeDisabled();
    const digits = within(screen.getByTestId('sign-panel')).getAllByRole('textbox');
    await userEvent.type(digits[0]!, '654321');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(digits.every((digit) => (digit as HTMLInputElement).value === '')).toBe(true);
    expect(server.calls.find((call) => call.url.endsWith('/sign/'))?.body).toEqual({ code: '654321' });
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(screen.getByTestId('code-error')).toHaveTextContent('The code is not correct. You have 4 attempts left.');
  });

  it('asks for one code when "send me the code" is double-clicked', async () => {
    renderPanel();
    await userEvent.dblClick(screen.getByTestId('send-code'));
    expect(await screen.findByText('We sent a code to +39 *** *** 4567.')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.url.endsWith('/signature/'))).toHaveLength(1);
  });

  it('offers the contract to read beside the code, when there is one', async () => {
    renderPanel('/api/v1/advances/4/contract/');
    expect(screen.getByTestId('sign-contract-download')).toHaveTextContent('Download the contract (PDF)');
    cleanup();
    renderPanel();
    expect(screen.queryByTestId('sign-contract-download')).not.toBeInTheDocument();
  });

  it('with an authenticator: names the act, asks for the app’s code, and takes a recovery code with the challenge', async () => {
    server.app = true;
    renderPanel();
    // Nothing is sent to an app user: the button names the app.
    await waitFor(() =>
      expect(screen.getByTestId('send-code')).toHaveTextContent('Continue with the authenticator app'),
    );
    await userEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText(/advance contract of €10,000.00/)).toBeInTheDocument();
    expect(screen.getByText('Code from your authenticator app')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Lost your phone? Use a recovery code'));
    await userEvent.type(screen.getByTestId('contract-code-recovery'), 'abcde-fghjk');
    await userEvent.click(screen.getByTestId('sign-contract'));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('/sign/'))?.body).toEqual({
        recovery_code: 'abcde-fghjk',
        challenge: '1A2B3C4D',
      }),
    );
  });

  it('with a passkey: no longer promises a code by phone, and the passkey signs the contract', async () => {
    server.passkey = true;
    renderPanel();
    await userEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('Read the contract, then sign it with your passkey.')).toBeInTheDocument();
    expect(within(screen.getByTestId('sign-panel')).queryAllByRole('textbox')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('contract-passkey-confirm'));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Contract signed'));
    expect(server.calls.find((call) => call.url.endsWith('/sign/'))?.body).toEqual({ assertion: ASSERTION });
  });
});
