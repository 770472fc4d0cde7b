// The meter applies the shared policy: what it calls too easy to guess is what the server refuses
// (common passwords, repeated characters, the person's name, the product's name).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PasswordStrengthMeter, usePasswordVerdict } from './password-strength-meter';

function Harness() {
  const [password, setPassword] = useState('');
  const verdict = usePasswordVerdict(password, {
    email: 'mario.rossi@example.com',
    firstName: 'Mario',
    lastName: 'Rossi',
  });
  return (
    <>
      <input aria-label="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
      <PasswordStrengthMeter verdict={verdict} testId="meter" />
    </>
  );
}

async function judge(password: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText('password');
  await user.clear(input);
  await user.type(input, password);
  await waitFor(() => expect(screen.getByTestId('meter').getAttribute('data-score')).not.toBe(''), { timeout: 10_000 });
  return screen.getByTestId('meter');
}

describe('PasswordStrengthMeter', () => {
  it('calls weak passwords too easy to guess and strong ones strong', { timeout: 30_000 }, async () => {
    renderWithProviders(<Harness />);
    for (const weak of ['aaaaaaaa', 'Lombard2026', 'MarioRossi1']) {
      const meter = await judge(weak);
      expect(Number(meter.getAttribute('data-score')), weak).toBeLessThan(3);
      expect(meter.textContent, weak).toContain('too easy to guess');
    }
    const strong = await judge('tramonto sulle colline');
    expect(Number(strong.getAttribute('data-score'))).toBeGreaterThanOrEqual(3);
    expect(strong.textContent).not.toContain('too easy to guess');
  });

  it('says nothing while the password is shorter than the minimum length', async () => {
    renderWithProviders(<Harness />);
    await userEvent.setup().type(screen.getByLabelText('password'), 'abc');
    expect(screen.getByTestId('meter').getAttribute('data-score')).toBe('');
    expect(screen.getByTestId('meter').textContent).toBe('');
  });
});
