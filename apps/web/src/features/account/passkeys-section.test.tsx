// Passkeys in the settings: the list with when each was added and last used; adding one takes the password,
// then the SMS code the server asks for, then the device's dialog (stood in for here: the browser's
// ceremony is exercised by the Chromium test e2e/tests/passkeys.spec.ts); removing one takes the password.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../test/render';
import { PasskeysSection } from './passkeys-section';

const OPTIONS = { challenge: 'c2lnbi11cA', rp: { id: 'localhost', name: 'Lombard' } };
const REGISTRATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

const server = vi.hoisted(() => ({
  passkeys: [] as Array<{ id: number; name: string; created_at: string; last_used_at: string | null }>,
  calls: [] as Array<{ method: string; url: string; body: unknown }>,
}));
const ceremony = vi.hoisted(() => ({ registration: vi.fn() }));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/i18n/i18n', () => ({ currentLanguage: () => 'en', changeLocale: vi.fn() }));
vi.mock('../../lib/webauthn/ceremony', () => ({
  passkeysSupported: () => true,
  passkeyRegistration: ceremony.registration,
  ceremonyCancelled: (error: unknown) => error instanceof Error && error.name === 'NotAllowedError',
}));
vi.mock('../../lib/http/client', async () =>
  (await import('../../test/fake-http')).fakeHttp(async (config, reply) => {
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url: config.url ?? '', body });
    const base = '/api/v1/profile/passkeys/';
    if (config.url === base && method === 'GET') return reply({ results: server.passkeys });
    if (config.url === `${base}options/`) {
      if (body.password !== 'Giusta-2026') return reply({ password: ['The password is not correct.'] }, 400);
      if (!body.code) return reply({ detail: 'We sent you a code by SMS.', code_factor: 'sms', options: null });
      if (body.code !== '123456') return reply({ code: 'ONE_TIME_CODE_INVALID', detail: 'Wrong code, 2 left.' }, 400);
      return reply({ detail: 'Confirm on your device.', code_factor: null, options: OPTIONS });
    }
    if (config.url === base) {
      const added = { id: 7, name: body.name, created_at: '2026-03-02T09:00:00Z', last_used_at: null };
      server.passkeys = [added];
      return reply({ ...added, detail: 'Passkey added.' }, 201);
    }
    if (config.url === `${base}7/remove/`) {
      server.passkeys = [];
      return reply({ detail: 'Passkey removed.' });
    }
    throw new Error(`unexpected call ${method} ${config.url}`);
  }),
);

const renderSection = () => renderWithQueryClient(<PasskeysSection />);

describe('PasskeysSection', () => {
  beforeEach(() => {
    server.passkeys = [];
    server.calls = [];
    ceremony.registration.mockReset();
  });

  it('lists each passkey with when it was added and last used', async () => {
    server.passkeys = [
      { id: 1, name: 'iPhone di Giulia', created_at: '2026-03-02T09:00:00Z', last_used_at: '2026-03-05T18:00:00Z' },
      { id: 2, name: 'Office PC', created_at: '2026-03-03T09:00:00Z', last_used_at: null },
    ];
    renderSection();
    const list = await screen.findByTestId('passkey-list');
    expect(within(list).getByText('iPhone di Giulia')).toBeInTheDocument();
    expect(within(list).getByText(/Added on 03\/02\/2026 · last used on 03\/05\/2026/)).toBeInTheDocument();
    expect(within(list).getByText(/never used/)).toBeInTheDocument();
    expect(screen.getByText(/You have 2 passkeys/)).toBeInTheDocument();
  });

  it('adds one: the password, the SMS code asked for (a wrong one under the field), then the device', async () => {
    ceremony.registration.mockResolvedValue(REGISTRATION);
    renderSection();
    await userEvent.click(await screen.findByTestId('passkey-add'));
    await userEvent.type(screen.getByLabelText(/Passkey name/), 'Office PC');
    await userEvent.type(screen.getByLabelText(/Current password/), 'Giusta-2026');
    await userEvent.click(screen.getByTestId('passkey-continue'));
    expect(await screen.findByText('We sent you a code by SMS.')).toBeInTheDocument();
    expect(ceremony.registration).not.toHaveBeenCalled();

    const digits = screen.getByTestId('passkey-code').querySelectorAll('input');
    await userEvent.click(digits[0]!);
    await userEvent.keyboard('654321');
    await userEvent.click(screen.getByTestId('passkey-continue'));
    expect(await screen.findByText('Wrong code, 2 left.')).toBeInTheDocument();

    await userEvent.click(digits[0]!);
    await userEvent.keyboard('123456');
    await userEvent.click(screen.getByTestId('passkey-continue'));
    await waitFor(() => expect(screen.queryByTestId('passkey-add-form')).not.toBeInTheDocument());
    expect(ceremony.registration).toHaveBeenCalledWith(OPTIONS);
    const enrol = server.calls.find((call) => call.method === 'POST' && call.url === '/api/v1/profile/passkeys/');
    expect(enrol?.body).toEqual({ name: 'Office PC', response: REGISTRATION });
    expect(await screen.findByText('Office PC')).toBeInTheDocument();
  });

  it('says the creation was cancelled when the device dialog is closed, and registers nothing', async () => {
    ceremony.registration.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    const { notifyInfo } = await import('../../lib/notify');
    renderSection();
    await userEvent.click(await screen.findByTestId('passkey-add'));
    await userEvent.type(screen.getByLabelText(/Passkey name/), 'Office PC');
    await userEvent.type(screen.getByLabelText(/Current password/), 'Giusta-2026');
    await userEvent.click(screen.getByTestId('passkey-continue'));
    const digits = (await screen.findByTestId('passkey-code')).querySelectorAll('input');
    await userEvent.click(digits[0]!);
    await userEvent.keyboard('123456');
    await userEvent.click(screen.getByTestId('passkey-continue'));
    await waitFor(() => expect(notifyInfo).toHaveBeenCalledWith(expect.stringMatching(/cancelled/)));
    expect(server.calls.some((call) => call.url === '/api/v1/profile/passkeys/' && call.method === 'POST')).toBe(false);
  });

  it('removes one with the password', async () => {
    server.passkeys = [{ id: 7, name: 'Office PC', created_at: '2026-03-02T09:00:00Z', last_used_at: null }];
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Office PC' }));
    await userEvent.type(screen.getByLabelText(/Current password/), 'Giusta-2026');
    await userEvent.click(screen.getByTestId('passkey-remove-confirm'));
    await waitFor(() => expect(screen.queryByTestId('passkey-list')).not.toBeInTheDocument());
    expect(server.calls.at(-2)).toMatchObject({
      url: '/api/v1/profile/passkeys/7/remove/',
      body: { password: 'Giusta-2026' },
    });
  });
});
