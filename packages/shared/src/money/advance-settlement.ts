// Interest of a running advance, the withdrawal settlement and early repayments (docs/decisions/012,
// "Interest" and "Rights under Directive (EU) 2023/2225"). Pure functions on decimal strings and
// `YYYY-MM-DD` dates; the server's jobs and the customer's screens both call them.
//
// Day counting: a principal outstanding from day a to day b (exclusive) is charged for b − a days, so a
// repayment lowers the principal from its own day on, and the payout day itself is charged. Quarter k runs
// from addMonths(start, 3(k − 1)) to addMonths(start, 3k), both counted from the payout date so that a
// 31 January advance falls due on 30 April and then 31 July, not 30 July.
import Decimal from 'decimal.js';
import { INSTALMENTS_PER_YEAR, WITHDRAWAL_PERIOD_DAYS } from '../constants';
import { APR_DECIMALS, annualPercentageRate, type CashFlow } from './advance-apr';
import type { AdvanceInstalment } from './advance-calculator';
import { addMonths, daysBetween } from './calendar-days';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const MONTHS_PER_INSTALMENT = 12 / INSTALMENTS_PER_YEAR;

/** The principal outstanding from `date` on, until the next change. */
export interface PrincipalChange {
  date: string;
  principal: string;
}

/** The principal outstanding on each day from `from` (inclusive) to `to` (exclusive), as runs of days. */
function principalRuns(changes: readonly PrincipalChange[], from: string, to: string) {
  const sorted = [...changes].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const opening = sorted.filter((change) => change.date <= from).at(-1);
  if (!opening) throw new RangeError(`no principal known on ${from}`);
  const runs: { principal: Decimal; days: number }[] = [];
  let cursor = from;
  let principal = new D(opening.principal);
  for (const change of sorted.filter((c) => c.date > from && c.date < to)) {
    runs.push({ principal, days: daysBetween(cursor, change.date) });
    cursor = change.date;
    principal = new D(change.principal);
  }
  runs.push({ principal, days: daysBetween(cursor, to) });
  return runs;
}

/**
 * Unrounded interest from `quarterStart` to `until` in the quarter ending `quarterEnd`: each principal
 * × annual rate / 4 × its days over the days of the quarter.
 */
function proRata(
  changes: readonly PrincipalChange[],
  annualRate: string,
  quarterStart: string,
  quarterEnd: string,
  until: string,
): Decimal {
  if (until < quarterStart || until > quarterEnd) {
    throw new RangeError(`${until} is outside the quarter ${quarterStart} – ${quarterEnd}`);
  }
  const quarterDays = daysBetween(quarterStart, quarterEnd);
  const quarterlyRate = new D(annualRate).div(INSTALMENTS_PER_YEAR);
  return principalRuns(changes, quarterStart, until).reduce(
    (sum, run) => sum.plus(run.principal.mul(quarterlyRate).mul(run.days).div(quarterDays)),
    new D(0),
  );
}

/**
 * The interest instalment of one quarter: principal × rate / 4 when the principal did not change, each
 * part pro rata of its days when it did; rounded half-up to the cent once.
 */
export function instalmentInterest(input: {
  principalChanges: readonly PrincipalChange[];
  quarterStart: string;
  quarterEnd: string;
  annualRate: string;
}): string {
  const { principalChanges, quarterStart, quarterEnd, annualRate } = input;
  return proRata(principalChanges, annualRate, quarterStart, quarterEnd, quarterEnd).toDecimalPlaces(2).toFixed(2);
}

/** Interest accrued on a constant principal from the quarter's start to `onDate`, rounded half-up. */
export function accruedInterest(
  principal: string,
  annualRate: string,
  quarterStart: string,
  quarterEnd: string,
  onDate: string,
): string {
  const changes = [{ date: quarterStart, principal }];
  return proRata(changes, annualRate, quarterStart, quarterEnd, onDate).toDecimalPlaces(2).toFixed(2);
}

export interface WithdrawalSettlement {
  /** Principal to give back: the whole advance once paid out, nothing before. */
  principal: string;
  /** Interest from the payout day to the withdrawal day, pro rata of the first quarter. */
  interest: string;
  total: string;
  /** Whether the withdrawal falls within WITHDRAWAL_PERIOD_DAYS of signing; the caller refuses it if not. */
  withinWindow: boolean;
}

/**
 * What a customer owes when they withdraw from a signed advance. The signing day is day 0 and day
 * WITHDRAWAL_PERIOD_DAYS is the last one inside the window. `quarterEnd` is the first instalment's due
 * date (a withdrawal always falls in the first quarter); `payoutDate` null means not paid out yet.
 */
export function withdrawalSettlement(input: {
  principal: string;
  annualRate: string;
  payoutDate: string | null;
  signedDate: string;
  withdrawalDate: string;
  quarterEnd: string;
}): WithdrawalSettlement {
  const day = daysBetween(input.signedDate, input.withdrawalDate);
  if (day < 0) throw new RangeError(`withdrawal on ${input.withdrawalDate} before signing on ${input.signedDate}`);
  const withinWindow = day <= WITHDRAWAL_PERIOD_DAYS;
  if (input.payoutDate === null || input.withdrawalDate < input.payoutDate) {
    return { principal: '0.00', interest: '0.00', total: '0.00', withinWindow };
  }
  const principal = new D(input.principal).toDecimalPlaces(2);
  const interest = new D(
    accruedInterest(principal.toFixed(2), input.annualRate, input.payoutDate, input.quarterEnd, input.withdrawalDate),
  );
  return {
    principal: principal.toFixed(2),
    interest: interest.toFixed(2),
    total: principal.plus(interest).toFixed(2),
    withinWindow,
  };
}

/** Due date and start of quarter `number` (1-based) of an advance paid out on `startDate`. */
export function quarterOf(startDate: string, number: number): { quarterStart: string; dueDate: string } {
  return {
    quarterStart: addMonths(startDate, (number - 1) * MONTHS_PER_INSTALMENT),
    dueDate: addMonths(startDate, number * MONTHS_PER_INSTALMENT),
  };
}

export interface AdvanceTerms {
  /** Principal paid out. */
  principal: string;
  /** Nominal annual rate fixed when the request was made, a fraction. */
  annualRate: string;
  /** Payout date: the first quarter starts here. */
  startDate: string;
  instalments: number;
  /**
   * Each instalment's due date as scheduled (index 0: instalment 1), when a deferral moved them; the
   * quarters' own due dates (`quarterOf`) when absent.
   */
  dueDates?: readonly string[];
}

/** Which contract quarter ends on `date` (quarter k ends addMonths(start, 3k)); refuses any other day. */
function quarterEnding(startDate: string, date: string): number {
  const [y1, m1] = startDate.split('-').map(Number) as [number, number];
  const [y2, m2] = date.split('-').map(Number) as [number, number];
  const k = ((y2 - y1) * 12 + (m2 - m1)) / MONTHS_PER_INSTALMENT;
  if (!Number.isInteger(k) || k < 1 || quarterOf(startDate, k).dueDate !== date) {
    throw new RangeError(`${date} is not a due date of an advance paid out on ${startDate}`);
  }
  return k;
}

export interface InstalmentPeriod {
  /** The previous instalment's due date (the payout day for the first). */
  quarterStart: string;
  dueDate: string;
  /** The contract quarters it pays the interest of: one, or more after a deferral. */
  quarters: { quarterStart: string; dueDate: string }[];
}

/**
 * The days instalment `number` pays interest for: from the previous due date to its own. Without a
 * deferral that is its own quarter; a deferred instalment spans the quarters up to its new due date, and
 * each quarter is charged as the contract charges one (rate ÷ 4 pro rata of its days): no interest on
 * interest, no fee.
 */
export function instalmentPeriod(
  terms: Pick<AdvanceTerms, 'startDate' | 'dueDates'>,
  number: number,
): InstalmentPeriod {
  const due = (n: number) => terms.dueDates?.[n - 1] ?? quarterOf(terms.startDate, n).dueDate;
  const quarterStart = number === 1 ? terms.startDate : due(number - 1);
  const dueDate = due(number);
  const from = number === 1 ? 0 : quarterEnding(terms.startDate, quarterStart);
  const to = quarterEnding(terms.startDate, dueDate);
  const quarters = [];
  for (let k = from + 1; k <= to; k++) quarters.push(quarterOf(terms.startDate, k));
  return { quarterStart, dueDate, quarters };
}

/** Unrounded interest of a period up to `until` (its due date by default), quarter by quarter. */
function periodInterest(
  changes: readonly PrincipalChange[],
  annualRate: string,
  period: InstalmentPeriod,
  until = period.dueDate,
): Decimal {
  return period.quarters
    .filter((quarter) => quarter.quarterStart <= until)
    .reduce(
      (sum, quarter) =>
        sum.plus(
          proRata(
            changes,
            annualRate,
            quarter.quarterStart,
            quarter.dueDate,
            until < quarter.dueDate ? until : quarter.dueDate,
          ),
        ),
      new D(0),
    );
}

/** The interest of instalment `number` on its due date, rounded half-up to the cent once. */
export function scheduledInterest(input: {
  terms: Pick<AdvanceTerms, 'startDate' | 'dueDates' | 'annualRate'>;
  number: number;
  principalChanges: readonly PrincipalChange[];
}): string {
  const period = instalmentPeriod(input.terms, input.number);
  return periodInterest(input.principalChanges, input.terms.annualRate, period).toDecimalPlaces(2).toFixed(2);
}

/**
 * An instalment deferral (forbearance, Directive (EU) 2023/2225 Art. 35): the first unpaid instalment and
 * every one after it fall due one contract quarter later, so the deferred one pays two quarters' interest
 * and the last (with the principal) comes a quarter later. `dueDates` as scheduled now (index 0:
 * instalment 1), `paid` the instalments already settled; answers the new due dates.
 */
export function deferredDueDates(startDate: string, dueDates: readonly string[], paid: number): string[] {
  if (paid >= dueDates.length) throw new RangeError('no instalment left to defer');
  return dueDates.map((date, index) =>
    index < paid ? date : quarterOf(startDate, quarterEnding(startDate, date) + 1).dueDate,
  );
}

export interface EarlyRepaymentInput {
  terms: AdvanceTerms;
  /** Instalments already settled (1 to this number); the repayment may not fall in their quarters. */
  paidInstalments: number;
  /** Earlier early repayments, already applied. */
  repayments?: readonly { date: string; amount: string }[];
  amount: string;
  date: string;
}

export interface EarlyRepaymentPlan {
  outstandingBefore: string;
  /** Outstanding principal after this repayment. */
  outstanding: string;
  fullRepayment: boolean;
  /** Interest accrued in the running quarter up to the repayment day: due now on a full repayment only. */
  interestDueNow: string;
  /** Repayment amount plus interestDueNow. */
  totalDueNow: string;
  /**
   * The instalments still to pay, recomputed: on a partial repayment every unpaid instalment to maturity
   * (the running quarter pro rata); on a full one only unpaid instalments already due, if any.
   */
  schedule: AdvanceInstalment[];
  totalInterest: string;
  /**
   * APR of the whole credit as it now runs (payout, instalments already paid, earlier repayments, this
   * payment and the schedule above). A credit repaid in full on its payout day costs nothing: 0.
   */
  apr: string;
}

/**
 * The effect of an early repayment, shown before the customer confirms it. Refuses (RangeError) an
 * amount that is not positive or exceeds the outstanding principal, and a date before the running
 * quarter, before an earlier repayment or on or after maturity; the customer-facing checks are
 * `validateRepayment`'s.
 */
export function earlyRepaymentPlan(input: EarlyRepaymentInput): EarlyRepaymentPlan {
  const { terms, paidInstalments, date } = input;
  const repayments = [...(input.repayments ?? [])].sort((a, b) => (a.date < b.date ? -1 : 1));
  const amount = new D(input.amount);
  const principal = new D(terms.principal);
  const outstandingBefore = repayments.reduce((rest, r) => rest.minus(r.amount), principal);
  const maturity = instalmentPeriod(terms, terms.instalments).dueDate;
  if (amount.lte(0) || amount.gt(outstandingBefore)) throw new RangeError(`cannot repay ${input.amount}`);
  if (date < instalmentPeriod(terms, paidInstalments + 1).quarterStart || date >= maturity) {
    throw new RangeError(`${date} is not in an unpaid quarter before maturity`);
  }
  if (repayments.some((r) => r.date > date)) throw new RangeError(`${date} is before an earlier repayment`);

  const outstanding = outstandingBefore.minus(amount);
  const fullRepayment = outstanding.isZero();
  const changes: PrincipalChange[] = [{ date: terms.startDate, principal: principal.toFixed(2) }];
  let rest = principal;
  for (const repayment of [...repayments, { date, amount: input.amount }]) {
    rest = rest.minus(repayment.amount);
    changes.push({ date: repayment.date, principal: rest.toFixed(2) });
  }

  const instalment = (number: number): AdvanceInstalment => {
    const { dueDate } = instalmentPeriod(terms, number);
    const interest = new D(scheduledInterest({ terms, number, principalChanges: changes }));
    const repaid = number === terms.instalments ? outstanding : new D(0);
    return {
      number,
      dueDate,
      interest: interest.toFixed(2),
      principal: repaid.toFixed(2),
      total: interest.plus(repaid).toFixed(2),
    };
  };

  const schedule: AdvanceInstalment[] = [];
  let interestDueNow = new D(0);
  for (let number = paidInstalments + 1; number <= terms.instalments; number++) {
    const period = instalmentPeriod(terms, number);
    if (!fullRepayment || period.dueDate <= date) {
      schedule.push(instalment(number));
    } else {
      interestDueNow = periodInterest(changes, terms.annualRate, period, date).toDecimalPlaces(2);
      break;
    }
  }

  const flows: CashFlow[] = [{ date: terms.startDate, amount: principal.neg().toFixed(2) }];
  for (let number = 1; number <= paidInstalments; number++) {
    const row = instalment(number);
    flows.push({ date: row.dueDate, amount: row.total });
  }
  for (const repayment of repayments) flows.push(repayment);
  flows.push({ date, amount: amount.plus(interestDueNow).toFixed(2) });
  for (const row of schedule) flows.push({ date: row.dueDate, amount: row.total });
  const apr = flows.some((flow) => flow.date > terms.startDate && new D(flow.amount).gt(0))
    ? annualPercentageRate(flows)
    : new D(0).toFixed(APR_DECIMALS);

  return {
    outstandingBefore: outstandingBefore.toFixed(2),
    outstanding: outstanding.toFixed(2),
    fullRepayment,
    interestDueNow: interestDueNow.toFixed(2),
    totalDueNow: amount.plus(interestDueNow).toFixed(2),
    schedule,
    totalInterest: schedule.reduce((sum, row) => sum.plus(row.interest), new D(0)).toFixed(2),
    apr,
  };
}
