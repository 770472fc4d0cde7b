import { describe, expect, it } from 'vitest';
import {
  ADVANCE_ACTIONS,
  ADVANCE_ACTORS,
  ADVANCE_STATUS,
  ADVANCE_STATUSES,
  type AdvanceAction,
  type AdvanceActor,
  type AdvanceStatus,
  advanceStatusName,
  allowedActions,
  IN_PROGRESS_STATUSES,
  isInProgress,
  nextStatus,
} from './advance-status';

// Decision 012 written out by hand, one line per allowed move: status → action → who → new status.
// Every (status, action, actor) triple not listed here must be refused.
const ALLOWED: [AdvanceStatus, AdvanceAction, AdvanceActor, AdvanceStatus][] = [
  [1, 'preApprove', 'operator', 2],
  [1, 'reject', 'operator', 7],
  [1, 'cancel', 'customer', 8],
  [2, 'sign', 'customer', 3],
  [2, 'reject', 'operator', 7],
  [2, 'cancel', 'customer', 8],
  [3, 'approve', 'operator', 4],
  [3, 'reject', 'operator', 7],
  [3, 'withdraw', 'customer', 9],
  [4, 'disburse', 'operator', 5],
  [4, 'disburse', 'system', 5],
  [4, 'withdraw', 'customer', 9],
  [5, 'repay', 'customer', 6],
  [5, 'repay', 'system', 6],
  [5, 'withdraw', 'customer', 9],
];

describe('advance statuses', () => {
  it('keeps the stable codes 1 to 9', () => {
    expect(ADVANCE_STATUSES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(advanceStatusName(4)).toBe('moneyOnTheWay');
    expect(advanceStatusName(ADVANCE_STATUS.cancelled)).toBe('cancelled');
  });

  it('counts 1 to 4 as in progress and nothing else', () => {
    expect(IN_PROGRESS_STATUSES).toEqual([1, 2, 3, 4]);
    expect(ADVANCE_STATUSES.filter(isInProgress)).toEqual([1, 2, 3, 4]);
  });
});

describe('the transition table', () => {
  for (const status of ADVANCE_STATUSES) {
    for (const action of ADVANCE_ACTIONS) {
      for (const actor of ADVANCE_ACTORS) {
        const row = ALLOWED.find(([s, a, who]) => s === status && a === action && who === actor);
        const name = `${advanceStatusName(status)} → ${action} by ${actor}`;
        if (row) {
          it(`allows ${name}`, () => {
            expect(nextStatus(status, action, actor)).toBe(row[3]);
            expect(nextStatus(status, action)).toBe(row[3]);
            expect(allowedActions(status, actor)).toContain(action);
          });
        } else {
          it(`refuses ${name}`, () => {
            expect(nextStatus(status, action, actor)).toBeNull();
            expect(allowedActions(status, actor)).not.toContain(action);
            const anyone = ALLOWED.some(([s, a]) => s === status && a === action);
            if (!anyone) expect(nextStatus(status, action)).toBeNull();
          });
        }
      }
    }
  }

  it('offers nothing on a repaid, rejected or cancelled advance', () => {
    for (const status of [6, 7, 8] as const) {
      for (const actor of ADVANCE_ACTORS) expect(allowedActions(status, actor)).toEqual([]);
    }
  });

  it('lists the actions of each side in a fixed order', () => {
    expect(allowedActions(1, 'customer')).toEqual(['cancel']);
    expect(allowedActions(1, 'operator')).toEqual(['preApprove', 'reject']);
    expect(allowedActions(2, 'customer')).toEqual(['sign', 'cancel']);
    expect(allowedActions(3, 'operator')).toEqual(['approve', 'reject']);
    expect(allowedActions(4, 'system')).toEqual(['disburse']);
    expect(allowedActions(5, 'customer')).toEqual(['repay', 'withdraw']);
  });
});
