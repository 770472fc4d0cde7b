import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_PERIOD_DAYS } from '../constants';
import {
  accruedInterest,
  earlyRepaymentPlan,
  instalmentInterest,
  quarterOf,
  withdrawalSettlement,
} from './advance-settlement';

// The running example: 10,000 at 4.90 % paid out on 31 January 2026, four quarterly instalments.
// Quarters end 30 Apr (89 days), 31 Jul (92), 31 Oct (92) and 31 Jan 2027 (92); a full quarter's interest
// is 10,000 × 0.049 / 4 = 122.50 whatever its length.
const terms = { principal: '10000.00', annualRate: '0.0490', startDate: '2026-01-31', instalments: 4 };

describe('quarterOf', () => {
  it('counts every due date from the payout date: 31 Jan → 30 Apr → 31 Jul', () => {
    expect(quarterOf('2026-01-31', 1)).toEqual({ quarterStart: '2026-01-31', dueDate: '2026-04-30' });
    expect(quarterOf('2026-01-31', 2)).toEqual({ quarterStart: '2026-04-30', dueDate: '2026-07-31' });
    expect(quarterOf('2027-11-30', 1)).toEqual({ quarterStart: '2027-11-30', dueDate: '2028-02-29' });
  });
});

describe('instalmentInterest', () => {
  it('charges a quarter of the yearly rate when the principal does not change, short quarter or long', () => {
    const principalChanges = [{ date: '2026-01-31', principal: '10000.00' }];
    const rate = { principalChanges, annualRate: '0.0490' };
    expect(instalmentInterest({ ...rate, quarterStart: '2026-01-31', quarterEnd: '2026-04-30' })).toBe('122.50');
    expect(instalmentInterest({ ...rate, quarterStart: '2026-04-30', quarterEnd: '2026-07-31' })).toBe('122.50');
  });

  it('charges each principal pro rata of its days when it changes inside the quarter', () => {
    // 30 Apr → 15 Jun = 46 days at 10,000, 15 Jun → 31 Jul = 46 days at 6,000, of 92:
    // 10,000 × 0.01225 × 46/92 = 61.25; 6,000 × 0.01225 × 46/92 = 36.75; total 98.00
    const principalChanges = [
      { date: '2026-01-31', principal: '10000.00' },
      { date: '2026-06-15', principal: '6000.00' },
    ];
    expect(
      instalmentInterest({
        principalChanges,
        quarterStart: '2026-04-30',
        quarterEnd: '2026-07-31',
        annualRate: '0.049',
      }),
    ).toBe('98.00');
  });

  it('counts 29 February in a leap-year quarter and rounds once, half-up', () => {
    // 30 Nov 2027 → 29 Feb 2028 = 91 days; 5,000 repaid on 15 Jan 2028 (46 days in):
    // 20,000 × 0.011 × 46/91 = 111.2087912…; 15,000 × 0.011 × 45/91 = 81.5934066…; sum 192.8021978 → 192.80
    const principalChanges = [
      { date: '2027-11-30', principal: '20000.00' },
      { date: '2028-01-15', principal: '15000.00' },
    ];
    expect(
      instalmentInterest({
        principalChanges,
        quarterStart: '2027-11-30',
        quarterEnd: '2028-02-29',
        annualRate: '0.044',
      }),
    ).toBe('192.80');
  });

  it('refuses a quarter with no principal known at its start', () => {
    expect(() =>
      instalmentInterest({
        principalChanges: [{ date: '2026-02-01', principal: '1.00' }],
        quarterStart: '2026-01-31',
        quarterEnd: '2026-04-30',
        annualRate: '0.049',
      }),
    ).toThrow(RangeError);
  });
});

describe('accruedInterest', () => {
  it('accrues by days over the quarter’s days, in a common and in a leap year', () => {
    // 31 Jan → 1 Mar 2026 = 29 of 89 days: 122.50 × 29/89 = 39.9157… → 39.92
    expect(accruedInterest('10000', '0.049', '2026-01-31', '2026-04-30', '2026-03-01')).toBe('39.92');
    // 31 Jan → 1 Mar 2028 = 30 of 90 days: 122.50 × 30/90 = 40.8333… → 40.83
    expect(accruedInterest('10000', '0.049', '2028-01-31', '2028-04-30', '2028-03-01')).toBe('40.83');
  });

  it('is nothing on the first day and the whole instalment on the due date', () => {
    expect(accruedInterest('10000', '0.049', '2026-01-31', '2026-04-30', '2026-01-31')).toBe('0.00');
    expect(accruedInterest('10000', '0.049', '2026-01-31', '2026-04-30', '2026-04-30')).toBe('122.50');
    expect(() => accruedInterest('10000', '0.049', '2026-01-31', '2026-04-30', '2026-05-01')).toThrow(RangeError);
  });
});

describe('withdrawalSettlement', () => {
  // Signed 2 March 2026, paid out 4 March; the first quarter runs to 4 June (92 days).
  const base = {
    principal: '10000.00',
    annualRate: '0.0490',
    payoutDate: '2026-03-04',
    signedDate: '2026-03-02',
    quarterEnd: '2026-06-04',
  };

  it('owes nothing when withdrawn on the signing day, before the payout', () => {
    expect(withdrawalSettlement({ ...base, withdrawalDate: '2026-03-02' })).toEqual({
      principal: '0.00',
      interest: '0.00',
      total: '0.00',
      withinWindow: true,
    });
    expect(withdrawalSettlement({ ...base, payoutDate: null, withdrawalDate: '2026-03-10' }).total).toBe('0.00');
  });

  it('owes the principal alone when withdrawn on the payout day', () => {
    expect(withdrawalSettlement({ ...base, withdrawalDate: '2026-03-04' })).toMatchObject({
      principal: '10000.00',
      interest: '0.00',
      total: '10000.00',
    });
  });

  it('day 14 is still inside: principal plus 12 days of interest', () => {
    // 4 → 16 March = 12 days of 92: 122.50 × 12/92 = 15.978… → 15.98
    expect(WITHDRAWAL_PERIOD_DAYS).toBe(14);
    expect(withdrawalSettlement({ ...base, withdrawalDate: '2026-03-16' })).toEqual({
      principal: '10000.00',
      interest: '15.98',
      total: '10015.98',
      withinWindow: true,
    });
  });

  it('day 15 is outside the window', () => {
    // Figures still computed (13 days: 122.50 × 13/92 = 17.3097… → 17.31) for the caller to refuse.
    expect(withdrawalSettlement({ ...base, withdrawalDate: '2026-03-17' })).toEqual({
      principal: '10000.00',
      interest: '17.31',
      total: '10017.31',
      withinWindow: false,
    });
  });

  it('refuses a withdrawal dated before the signature', () => {
    expect(() => withdrawalSettlement({ ...base, withdrawalDate: '2026-03-01' })).toThrow(RangeError);
  });
});

describe('earlyRepaymentPlan', () => {
  it('a partial repayment mid-quarter lowers the running instalment pro rata and the later ones', () => {
    // 4,000 on 15 June, first instalment paid: Q2 = 61.25 + 36.75 = 98.00 (see instalmentInterest);
    // Q3, Q4 = 6,000 × 0.01225 = 73.50; the principal 6,000 at maturity.
    // APR of -10,000 (31 Jan), 122.50 (30 Apr), 4,000 (15 Jun), 98.00 (31 Jul), 73.50 (31 Oct),
    // 6,073.50 (31 Jan 2027), solved independently by bisection: 0.0500464.
    const plan = earlyRepaymentPlan({ terms, paidInstalments: 1, amount: '4000', date: '2026-06-15' });
    expect(plan).toEqual({
      outstandingBefore: '10000.00',
      outstanding: '6000.00',
      fullRepayment: false,
      interestDueNow: '0.00',
      totalDueNow: '4000.00',
      schedule: [
        { number: 2, dueDate: '2026-07-31', interest: '98.00', principal: '0.00', total: '98.00' },
        { number: 3, dueDate: '2026-10-31', interest: '73.50', principal: '0.00', total: '73.50' },
        { number: 4, dueDate: '2027-01-31', interest: '73.50', principal: '6000.00', total: '6073.50' },
      ],
      totalInterest: '245.00',
      apr: '0.050046',
    });
  });

  it('a full repayment settles the interest accrued in the running quarter and leaves nothing to pay', () => {
    // 30 Apr → 15 Jun = 46 of 92 days: 122.50 × 46/92 = 61.25. APR of -10,000, 122.50 (30 Apr),
    // 10,061.25 (15 Jun): 0.0506751 (independent bisection).
    const plan = earlyRepaymentPlan({ terms, paidInstalments: 1, amount: '10000', date: '2026-06-15' });
    expect(plan).toEqual({
      outstandingBefore: '10000.00',
      outstanding: '0.00',
      fullRepayment: true,
      interestDueNow: '61.25',
      totalDueNow: '10061.25',
      schedule: [],
      totalInterest: '0.00',
      apr: '0.050675',
    });
  });

  it('repaying the rest after an earlier partial repayment counts both principals in the quarter', () => {
    // 10,000 × 0.01225 × 46/92 = 61.25 and 6,000 × 0.01225 × 30/92 = 23.967… → 85.22 accrued on 15 July.
    // APR of -10,000, 122.50 (30 Apr), 4,000 (15 Jun), 6,085.22 (15 Jul): 0.0505010.
    const plan = earlyRepaymentPlan({
      terms,
      paidInstalments: 1,
      repayments: [{ date: '2026-06-15', amount: '4000.00' }],
      amount: '6000',
      date: '2026-07-15',
    });
    expect(plan).toMatchObject({
      outstandingBefore: '6000.00',
      outstanding: '0.00',
      fullRepayment: true,
      interestDueNow: '85.22',
      totalDueNow: '6085.22',
      schedule: [],
      apr: '0.050501',
    });
  });

  it('keeps an overdue instalment in the schedule of a full repayment', () => {
    // Instalment 1 (122.50, due 30 Apr) is unpaid; 30 Apr → 10 May = 10 of 92 days: 122.50 × 10/92 =
    // 13.315… → 13.32 accrued. APR of -10,000, 122.50 (30 Apr), 10,013.32 (10 May): 0.0510597.
    const plan = earlyRepaymentPlan({ terms, paidInstalments: 0, amount: '10000', date: '2026-05-10' });
    expect(plan.schedule).toEqual([
      { number: 1, dueDate: '2026-04-30', interest: '122.50', principal: '0.00', total: '122.50' },
    ]);
    expect(plan).toMatchObject({ interestDueNow: '13.32', totalDueNow: '10013.32', apr: '0.051060' });
  });

  it('costs nothing when the whole advance is repaid on its payout day', () => {
    const plan = earlyRepaymentPlan({ terms, paidInstalments: 0, amount: '10000', date: '2026-01-31' });
    expect(plan).toMatchObject({
      fullRepayment: true,
      interestDueNow: '0.00',
      totalDueNow: '10000.00',
      apr: '0.000000',
    });
  });

  it('refuses amounts and dates the advance cannot take', () => {
    const ok = { terms, paidInstalments: 1, amount: '1000', date: '2026-06-15' };
    expect(() => earlyRepaymentPlan({ ...ok, amount: '0' })).toThrow(RangeError);
    expect(() => earlyRepaymentPlan({ ...ok, amount: '10000.01' })).toThrow(RangeError);
    // in the quarter already paid, at maturity, before an earlier repayment
    expect(() => earlyRepaymentPlan({ ...ok, date: '2026-04-29' })).toThrow(RangeError);
    expect(() => earlyRepaymentPlan({ ...ok, date: '2027-01-31' })).toThrow(RangeError);
    expect(() =>
      earlyRepaymentPlan({ ...ok, repayments: [{ date: '2026-06-20', amount: '100.00' }], date: '2026-06-15' }),
    ).toThrow(RangeError);
  });
});
