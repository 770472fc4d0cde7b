// Advance request statuses and the one table of who may move an advance from one status to the next
// (docs/decisions/012). The server refuses anything not in the table (409 ADVANCE_TRANSITION_NOT_ALLOWED)
// and the web app offers only the actions the table allows, so both read it from here.

/** Stable status codes, stored in the database and sent on the wire; never shown as numbers. */
export const ADVANCE_STATUS = {
  requestReceived: 1,
  readyToSign: 2,
  pendingVerification: 3,
  moneyOnTheWay: 4,
  active: 5,
  repaid: 6,
  rejected: 7,
  cancelled: 8,
  /** The customer used the right of withdrawal: the contract ended as if never made. */
  withdrawn: 9,
} as const;
export type AdvanceStatusName = keyof typeof ADVANCE_STATUS;
export type AdvanceStatus = (typeof ADVANCE_STATUS)[AdvanceStatusName];

export const ADVANCE_STATUSES = Object.values(ADVANCE_STATUS) as readonly AdvanceStatus[];

/** The name of a status code, for message keys and logs. */
export function advanceStatusName(status: AdvanceStatus): AdvanceStatusName {
  return (Object.keys(ADVANCE_STATUS) as AdvanceStatusName[]).find((name) => ADVANCE_STATUS[name] === status)!;
}

export const ADVANCE_ACTIONS = [
  'preApprove',
  'sign',
  'approve',
  'disburse',
  'repay',
  'withdraw',
  'reject',
  'cancel',
] as const;
export type AdvanceAction = (typeof ADVANCE_ACTIONS)[number];

/** Who acts: the customer in their area, an operator in the back office, or a scheduled job. */
export const ADVANCE_ACTORS = ['customer', 'operator', 'system'] as const;
export type AdvanceActor = (typeof ADVANCE_ACTORS)[number];

interface Transition {
  from: readonly AdvanceStatus[];
  to: AdvanceStatus;
  by: readonly AdvanceActor[];
}

const S = ADVANCE_STATUS;

/**
 * The transition table. Notes on the less obvious rows:
 * - disburse: the operator's "record disbursement" or the payout job when the payout time runs out.
 * - repay: the customer's full early repayment, or the interest job collecting the principal at maturity.
 * - withdraw: the customer's right of withdrawal exists once the contract is signed (3, 4 or 5); the
 *   14-day window is checked by `withdrawalSettlement`, not here. A withdrawn advance ends as withdrawn.
 * - cancel: only before signing; after it the customer withdraws instead.
 */
export const ADVANCE_TRANSITIONS: Readonly<Record<AdvanceAction, Transition>> = {
  preApprove: { from: [S.requestReceived], to: S.readyToSign, by: ['operator'] },
  sign: { from: [S.readyToSign], to: S.pendingVerification, by: ['customer'] },
  approve: { from: [S.pendingVerification], to: S.moneyOnTheWay, by: ['operator'] },
  disburse: { from: [S.moneyOnTheWay], to: S.active, by: ['operator', 'system'] },
  repay: { from: [S.active], to: S.repaid, by: ['customer', 'system'] },
  withdraw: { from: [S.pendingVerification, S.moneyOnTheWay, S.active], to: S.withdrawn, by: ['customer'] },
  reject: { from: [S.requestReceived, S.readyToSign, S.pendingVerification], to: S.rejected, by: ['operator'] },
  cancel: { from: [S.requestReceived, S.readyToSign], to: S.cancelled, by: ['customer'] },
};

/** Statuses of a request still in progress: a customer may have one of these at a time. */
export const IN_PROGRESS_STATUSES: readonly AdvanceStatus[] = [
  S.requestReceived,
  S.readyToSign,
  S.pendingVerification,
  S.moneyOnTheWay,
];

export function isInProgress(status: AdvanceStatus): boolean {
  return IN_PROGRESS_STATUSES.includes(status);
}

/**
 * The status an action leads to from `from`, or null when the action is not allowed from there. With an
 * actor, also null when that actor may not take the action.
 */
export function nextStatus(from: AdvanceStatus, action: AdvanceAction, actor?: AdvanceActor): AdvanceStatus | null {
  const transition = ADVANCE_TRANSITIONS[action];
  if (!transition.from.includes(from)) return null;
  if (actor && !transition.by.includes(actor)) return null;
  return transition.to;
}

/** The actions an actor may take on an advance in `status`, in the table's order. */
export function allowedActions(status: AdvanceStatus, actor: AdvanceActor): AdvanceAction[] {
  return ADVANCE_ACTIONS.filter((action) => nextStatus(status, action, actor) !== null);
}
