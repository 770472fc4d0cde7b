import { describe, expect, it } from 'vitest';
import { deferredDueDates, earlyRepaymentPlan, instalmentPeriod, scheduledInterest } from './advance-settlement';

// 10,000 at 4 % paid out on 31 January 2026, four instalments due 30 Apr, 31 Jul, 31 Oct 2026, 31 Jan 2027.
// A full quarter's interest is 10,000 × 0.04 ÷ 4 = 100.00, whatever its days.
const start = '2026-01-31';
const scheduled = ['2026-04-30', '2026-07-31', '2026-10-31', '2027-01-31'];
const terms = { principal: '10000.00', annualRate: '0.04', startDate: start, instalments: 4 };

describe('instalment deferral', () => {
  it('moves the first unpaid instalment and every later one a contract quarter on', () => {
    expect(deferredDueDates(start, scheduled, 1)).toEqual(['2026-04-30', '2026-10-31', '2027-01-31', '2027-04-30']);
    // Deferred twice: quarters are counted from the payout day, so 30 April is followed by 31 July.
    const twice = deferredDueDates(start, deferredDueDates(start, scheduled, 0), 0);
    expect(twice).toEqual(['2026-10-31', '2027-01-31', '2027-04-30', '2027-07-31']);
    expect(() => deferredDueDates(start, scheduled, 4)).toThrow(RangeError);
  });

  it('the deferred instalment pays two quarters of interest, no interest on interest', () => {
    const dueDates = deferredDueDates(start, scheduled, 1);
    const changes = [{ date: start, principal: '10000.00' }];
    expect(instalmentPeriod({ startDate: start, dueDates }, 2)).toMatchObject({
      quarterStart: '2026-04-30',
      dueDate: '2026-10-31',
    });
    expect(scheduledInterest({ terms: { ...terms, dueDates }, number: 2, principalChanges: changes })).toBe('200.00');
    expect(scheduledInterest({ terms: { ...terms, dueDates }, number: 3, principalChanges: changes })).toBe('100.00');
    // 5,000 repaid on 30 September: the second quarter 100.00, the third 10,000 × 1 % × 61/92 + 5,000 × 1 %
    // × 31/92 = 66.3043 + 16.8478; 183.15 rounded once.
    const repaid = [...changes, { date: '2026-09-30', principal: '5000.00' }];
    expect(scheduledInterest({ terms: { ...terms, dueDates }, number: 2, principalChanges: repaid })).toBe('183.15');
  });

  it('an early repayment after a deferral counts the new dates: maturity a quarter later', () => {
    const dueDates = deferredDueDates(start, scheduled, 1);
    // Repaying all on 30 September: 100.00 of the deferred quarter + 10,000 × 1 % × 61/92 = 166.30.
    const full = earlyRepaymentPlan({
      terms: { ...terms, dueDates },
      paidInstalments: 1,
      amount: '10000.00',
      date: '2026-09-30',
    });
    expect(full).toMatchObject({ fullRepayment: true, interestDueNow: '166.30', totalDueNow: '10166.30' });
    // Half of it on the same day: the rest is due on the new dates, the principal on 30 April 2027.
    const half = earlyRepaymentPlan({
      terms: { ...terms, dueDates },
      paidInstalments: 1,
      amount: '5000.00',
      date: '2026-09-30',
    });
    expect(half.schedule.map((row) => [row.dueDate, row.interest, row.principal])).toEqual([
      ['2026-10-31', '183.15', '0.00'],
      ['2027-01-31', '50.00', '0.00'],
      ['2027-04-30', '50.00', '5000.00'],
    ]);
    // Without the deferral, 31 January 2027 would have been maturity: now a repayment on it is allowed.
    expect(() =>
      earlyRepaymentPlan({ terms: { ...terms, dueDates }, paidInstalments: 3, amount: '1.00', date: '2027-02-01' }),
    ).not.toThrow();
  });
});
