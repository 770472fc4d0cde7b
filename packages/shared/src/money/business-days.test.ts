import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addCalendarDays,
  calendarDate,
  easterSunday,
  isBusinessDay,
  target2Holidays,
} from './business-days';

describe('TARGET2 business days', () => {
  it('knows Easter Sunday of several years', () => {
    expect(easterSunday(2024).toISOString().slice(0, 10)).toBe('2024-03-31');
    expect(easterSunday(2025).toISOString().slice(0, 10)).toBe('2025-04-20');
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe('2027-03-28');
  });

  it('lists the six closing days of 2026', () => {
    expect(target2Holidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('refuses weekends and closing days, accepts an ordinary weekday', () => {
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-04-03')).toBe(false); // Good Friday
    expect(isBusinessDay('2026-11-26')).toBe(true);
    // An Italian holiday that is not a TARGET2 closing day is a business day for payments.
    expect(isBusinessDay('2026-06-02')).toBe(true);
  });

  it.each([
    ['a Thursday goes to Friday', '2026-11-26', '2026-11-27'],
    ['a Friday goes to Monday', '2026-11-27', '2026-11-30'],
    ['a Saturday goes to Monday', '2026-11-28', '2026-11-30'],
    ['the day before Good Friday skips the Easter weekend and Monday', '2026-04-02', '2026-04-07'],
    ['Christmas Eve goes past Christmas and St Stephen', '2026-12-24', '2026-12-28'],
    ['New Year’s Eve goes past 1 January', '2026-12-31', '2027-01-04'],
    ['30 April goes past 1 May and the weekend', '2026-04-30', '2026-05-04'],
  ])('next business day: %s', (_, from, expected) => {
    expect(addBusinessDays(from, 1)).toBe(expected);
  });

  it('counts several business days', () => {
    expect(addBusinessDays('2026-11-26', 2)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('reads the bank’s calendar date of an instant', () => {
    // 23:30 UTC on 30 November is already 1 December in Rome.
    expect(calendarDate(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(calendarDate(new Date('2026-11-30T23:30:00Z'), 'UTC')).toBe('2026-11-30');
    expect(addCalendarDays('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('turns the day at the bank’s midnight, asked second by second', () => {
    // Rome is UTC+1 in November: its midnight is 23:00 UTC.
    expect(calendarDate(new Date('2026-11-30T22:59:59.999Z'))).toBe('2026-11-30');
    expect(calendarDate(new Date('2026-11-30T23:00:00.000Z'))).toBe('2026-12-01');
    expect(calendarDate(new Date('2026-11-30T22:59:59.999Z'))).toBe('2026-11-30');
    expect(calendarDate(new Date('2026-11-30T23:00:00.000Z'), 'UTC')).toBe('2026-11-30');
  });
});
