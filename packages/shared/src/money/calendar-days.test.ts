import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, isCalendarDate, isWeekday } from './calendar-days';

describe('daysBetween', () => {
  it('counts calendar days across month ends and 29 February', () => {
    expect(daysBetween('2026-01-31', '2026-01-31')).toBe(0);
    expect(daysBetween('2026-01-31', '2026-04-30')).toBe(89);
    expect(daysBetween('2026-04-30', '2026-07-31')).toBe(92);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2027-01-01', '2028-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
  });

  it('refuses dates that do not exist', () => {
    expect(() => daysBetween('2026-02-29', '2026-03-01')).toThrow(RangeError);
    expect(() => daysBetween('2026-1-01', '2026-03-01')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('moves across month and year ends', () => {
    expect(addDays('2026-01-31', 14)).toBe('2026-02-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('addMonths', () => {
  it('keeps the day, or falls on the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-01-31', -2)).toBe('2025-11-30');
  });
});

describe('isCalendarDate', () => {
  it('knows the dates that exist', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('isWeekday', () => {
  it('is Monday to Friday', () => {
    expect(isWeekday('2026-11-27')).toBe(true); // a Friday
    expect(isWeekday('2026-11-28')).toBe(false);
    expect(isWeekday('2026-11-29')).toBe(false);
    expect(isWeekday('2026-11-30')).toBe(true);
  });
});
