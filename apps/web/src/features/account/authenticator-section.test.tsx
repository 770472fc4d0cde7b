// Setting up the authenticator app: the server's QR code and the key in groups of four, the app's first
// code (a wrong one answered under the field), then the recovery codes shown once; disabling takes a code.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../test/render';
import { AuthenticatorSection } from './authenticator-section';

const RECOVERY = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, '0')}`);

const server = vi.hoisted(() => ({
  enrolled: false,
  calls: [] as Array<{ method: string; url: string; body: unknown }>,
}));

vi.mock('../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/i18n/i18n', () => ({ currentLanguage: () => 'en', changeLocale: vi.fn() }));
vi.mock('../../lib/http/client', async () =>
  (await import('../../test/fake-http')).fakeHttp(async (config, reply) => {
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    server.calls.push({ method, url: config.url ?? '', body });
    const base = '/api/v1/profile/authenticator/';
    if (config.url === base && method === 'GET')
      return reply(
        server.enrolled
          ? { enrolled: true, enrolled_at: '2026-03-02T09:00:00Z', recovery_codes_left: 10 }
          : { enrolled: false, enrolled_at: null, recovery_codes_left: 0 },
      );
    if (config.url === base)
      return reply({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_uri: 'otpauth://totp/x',
        qr_code: 'data:image/svg+xml;base64,',
      });
    if (config.url === `${base}confirm/`) {
      if (body.code !== '123456')
        return reply(
          { code: 'AUTHENTICATOR_CODE_INVALID', detail: 'The code is not correct. You have 4 attempts left.' },
          400,
        );
      server.enrolled = true;
      return reply({ detail: 'Set up.', recovery_codes: RECOVERY });
    }
    if (config.url === `${base}disable/`) {
      server.enrolled = false;
      return reply({ detail: 'Disabled.' });
    }
    throw new Error(`unexpected call ${method} ${config.url}`);
  }),
);

const renderSection = () => renderWithQueryClient(<AuthenticatorSection />);

async function typeCode(testId: string, code: string) {
  const digits = screen.getByTestId(testId).querySelectorAll('input');
  await userEvent.click(digits[0]!);
  await userEvent.keyboard(code);
}

describe('AuthenticatorSection', () => {
  beforeEach(() => {
    server.enrolled = false;
    server.calls = [];
  });

  it('enrols: the key in groups of four, a wrong code answered under the field, then the recovery codes once', async () => {
    renderSection();
    await userEvent.click(await screen.findByTestId('authenticator-start'));
    expect(await screen.findByTestId('authenticator-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await typeCode('authenticator-first-code', '654321');
    await userEvent.click(screen.getByTestId('authenticator-confirm'));
    expect(await screen.findByText('The code is not correct. You have 4 attempts left.')).toBeInTheDocument();
    await typeCode('authenticator-first-code', '123456');
    await userEvent.click(screen.getByTestId('authenticator-confirm'));
    const codes = await screen.findByTestId('authenticator-recovery-codes');
    for (const code of RECOVERY) expect(codes).toHaveTextContent(code);
    await userEvent.click(screen.getByTestId('authenticator-recovery-done'));
    await waitFor(() => expect(screen.queryByTestId('authenticator-recovery-codes')).not.toBeInTheDocument());
    expect(await screen.findByTestId('authenticator-disable')).toBeInTheDocument();
  });

  it('disables only with a code', async () => {
    server.enrolled = true;
    renderSection();
    await userEvent.click(await screen.findByTestId('authenticator-disable'));
    await userEvent.click(screen.getByTestId('authenticator-disable-confirm'));
    expect(server.calls.filter((call) => call.url.endsWith('disable/'))).toHaveLength(0);
    await typeCode('authenticator-disable-code', '123456');
    await userEvent.click(screen.getByTestId('authenticator-disable-confirm'));
    await waitFor(() =>
      expect(server.calls.find((call) => call.url.endsWith('disable/'))?.body).toEqual({ code: '123456' }),
    );
    expect(await screen.findByTestId('authenticator-start')).toBeInTheDocument();
  });
});
