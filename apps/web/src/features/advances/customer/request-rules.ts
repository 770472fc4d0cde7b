// The rules of the request form, checked as the customer types so that the messages appear before any
// call: the shared request rules (minimum, the maximum the picked collateral allows, the bank's maximum,
// instalments), then no collateral picked and the one-request-in-progress rule. The server checks all of
// them again.
import type { CalculatorMessage } from '@lombard/shared/money/advance-calculator';
import { validateAdvanceRequest } from '@lombard/shared/money/advance-request-rules';
import type { BorrowingPower } from '@lombard/shared/schemas/advances';
import { toCents } from '../../../lib/money/cents';

export interface RequestDraft {
  amount: string | null;
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
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

export function requestIssues(draft: RequestDraft, power: BorrowingPower, inProgress: boolean): RequestIssues {
  const issues: RequestIssues = validateAdvanceRequest({
    amount: draft.amount,
    instalments: typeof draft.instalments === 'string' ? Number(draft.instalments) : draft.instalments,
    minimum: power.minimum_amount,
    maximumApplicable: pickedContribution(power.lines, draft.collateral),
    bankMaximum: power.bank_maximum,
  });
  if (draft.collateral.length === 0) issues.collateral = { key: REQUEST_MESSAGES.collateralRequired };
  if (inProgress) issues.form = { key: REQUEST_MESSAGES.inProgress };
  return issues;
}
