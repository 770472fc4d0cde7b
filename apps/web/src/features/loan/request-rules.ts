// The rules of the request form, checked as the customer types so that the messages appear before any
// call: the calculator's amount and instalment rules (shared), then the picked collateral's maximum, the
// bank's maximum and the one-request-in-progress rule. The server checks all of them again.
import type { CalculatorMessage } from '@lombard/shared/money/advance-calculator';
import { validateAdvanceInput } from '@lombard/shared/money/advance-calculator';
import type { BorrowingPower } from '@lombard/shared/schemas/advances';
import { isWithin, toCents } from '../../lib/money/cents';

export interface RequestDraft {
  amount: string | number | null;
  instalments: unknown;
  collateral: readonly string[];
}

export interface RequestIssues {
  amount?: CalculatorMessage;
  instalments?: CalculatorMessage;
  collateral?: CalculatorMessage;
  form?: CalculatorMessage;
}

export const REQUEST_MESSAGES = {
  aboveCollateral: 'loan:request.aboveCollateral',
  aboveBank: 'loan:request.aboveBank',
  collateralRequired: 'validation:collateralRequired',
  inProgress: 'errors:advanceInProgress',
} as const;

/** Σ contributions of the picked lines, leaving out lines pledged elsewhere. */
export function pickedContribution(
  lines: ReadonlyArray<{ key: string; contribution: string; pledged: boolean }>,
  collateral: readonly string[],
  { includePledged = false } = {},
): string {
  const cents = lines
    .filter((line) => (includePledged || !line.pledged) && collateral.includes(line.key))
    .reduce((sum, line) => sum + (toCents(line.contribution) ?? 0n), 0n);
  const whole = cents / 100n;
  return `${whole}.${String(cents % 100n).padStart(2, '0')}`;
}

export function requestIssues(draft: RequestDraft, power: BorrowingPower, inProgress: boolean): RequestIssues {
  const issues: RequestIssues = validateAdvanceInput({ amount: draft.amount, instalments: draft.instalments });
  if (inProgress) issues.form = { key: REQUEST_MESSAGES.inProgress };
  if (draft.collateral.length === 0) issues.collateral = { key: REQUEST_MESSAGES.collateralRequired };
  if (!issues.amount && draft.amount !== null) {
    const amount = typeof draft.amount === 'number' ? draft.amount.toFixed(2) : draft.amount;
    if (!isWithin(amount, power.bank_maximum)) {
      issues.amount = { key: REQUEST_MESSAGES.aboveBank, params: { maximumInvestment: power.bank_maximum } };
    } else if (draft.collateral.length > 0 && !isWithin(amount, pickedContribution(power.lines, draft.collateral))) {
      issues.amount = { key: REQUEST_MESSAGES.aboveCollateral };
    }
  }
  return issues;
}
