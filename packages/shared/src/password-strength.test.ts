import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MIN_SCORE, passwordUserInputs } from './password-strength';

const mario = { email: 'mario.rossi@example.com', firstName: 'Mario', lastName: 'Rossi' };

describe('password strength policy', () => {
  it('refuses what ASVS calls weak: repeated, blank, common, the product, the person’s own name and address', async () => {
    for (const password of [
      'aaaaaaaa',
      '        ',
      'Lombard2026',
      'password123',
      'MarioRossi1',
      'mario.rossi@example.com',
    ]) {
      const verdict = await checkPassword(password, mario);
      expect(verdict.acceptable, password).toBe(false);
      expect(verdict.score, password).toBeLessThan(PASSWORD_MIN_SCORE);
    }
  });

  it('accepts any characters without composition rules when hard enough to guess', async () => {
    for (const password of ['tramonto sulle colline di velluto', 'Demo-pass-2026', 'ñandú-çà-€-über-42']) {
      expect((await checkPassword(password, mario)).acceptable, password).toBe(true);
    }
  });

  it('avoids the product name, the names (each and together) and the parts of the address', () => {
    expect(passwordUserInputs(mario)).toEqual(
      expect.arrayContaining(['lombard', 'mario', 'rossi', 'mariorossi', 'rossimario', 'mario.rossi', 'example']),
    );
    expect(passwordUserInputs({})).toEqual(['lombard']);
  });
});
