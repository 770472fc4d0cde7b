import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findTextProblem, text } from './text';

describe('the shared text rule', () => {
  it('accepts ordinary text in any script, emoji (surrogate pairs) included', () => {
    for (const value of ['Giulia Bianchi', 'Zoë Ørsted-Łukasz', '李小龙', 'مرحبا', '🙂👩‍👩‍👧', '']) {
      expect(findTextProblem(value)).toBeNull();
      expect(text().safeParse(value).success).toBe(true);
    }
  });

  it.each([
    ['a NUL byte', 'abc\u0000def', 'control'],
    ['a line feed in one line', 'Mario\nRossi', 'control'],
    ['a carriage return in one line', 'Mario\rBcc: x@y.z', 'control'],
    ['a tab in one line', 'Mario\tRossi', 'control'],
    ['an escape', '\u001b[31mred', 'control'],
    ['DEL', 'abc\u007f', 'control'],
    ['a C1 control', 'abc\u0085', 'control'],
    ['a line separator in one line', 'a\u2028b', 'control'],
    ['a lone high surrogate', 'abc\uD800', 'surrogate'],
    ['a lone low surrogate', '\uDC00abc', 'surrogate'],
    ['two high surrogates', '\uD800\uD800', 'surrogate'],
  ])('refuses %s', (_name, value, problem) => {
    expect(findTextProblem(value)).toBe(problem);
    const result = text().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation:forbiddenCharacters']);
  });

  it('accepts line breaks and tabs in multi-line fields only, and stores CR LF as LF', () => {
    const message = z.object({ message: text({ multiline: true }).trim().min(1) });
    expect(message.parse({ message: 'Buongiorno,\r\n\tvorrei sapere…\r\nGrazie' })).toEqual({
      message: 'Buongiorno,\n\tvorrei sapere…\nGrazie',
    });
    expect(message.safeParse({ message: 'ciao\u0000' }).success).toBe(false);
    expect(message.safeParse({ message: 'ciao\uDBFF' }).success).toBe(false);
  });

  it('gives one message for a refused value, before the length checks', () => {
    const name = text({ error: 'validation:required' }).trim().min(2).max(5);
    const result = name.safeParse('\u0000\u0000\u0000\u0000\u0000\u0000\u0000');
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation:forbiddenCharacters']);
    expect(name.safeParse(42).error?.issues.map((i) => i.message)).toEqual(['validation:required']);
  });
});
