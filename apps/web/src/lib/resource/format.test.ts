import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatCell, formatDate, formatDateTime, formatNumber, truncate } from './format';

const labels = { yes: 'Yes', no: 'No' };

describe('formatting', () => {
  it('cuts text at 40 characters', () => {
    const long = 'alessandro.mancini36@clienti.lombard.test.example';
    expect(truncate(long)).toEqual({ text: `${long.slice(0, 40)}…`, cut: true });
    expect(truncate('x'.repeat(40))).toEqual({ text: 'x'.repeat(40), cut: false });
  });

  it('writes dates DD/MM/YYYY in Italian and MM/DD/YYYY in English, with time', () => {
    const instant = dayjs('2026-03-05T14:07:00').toISOString();
    expect(formatDate('2026-03-05', 'it')).toBe('05/03/2026');
    expect(formatDate('2026-03-05', 'en')).toBe('03/05/2026');
    expect(formatDateTime(instant, 'it')).toBe('05/03/2026 14:07');
    expect(formatDateTime(instant, 'en')).toBe('03/05/2026 02:07 PM');
  });

  it('formats amounts and numbers per locale, rounding numbers to 3 decimals', () => {
    expect(formatAmount('12345.5', 'it')).toBe('12.345,50\u00a0€');
    expect(formatAmount('1234.5', 'en')).toBe('€1,234.50');
    expect(formatNumber('3.14159', 'en')).toBe('3.142');
  });

  it('shows empty values as a dash and booleans as words', () => {
    expect(formatCell('text', null, 'en', labels)).toBe('—');
    expect(formatCell('boolean', true, 'en', labels)).toBe('Yes');
    expect(formatCell('text', ['a', 'b'], 'en', labels)).toBe('a, b');
  });
});
