import { isDeepStrictEqual } from 'node:util';
import type { ProfileStep } from '@lombard/shared/profile-steps';
import {
  type Addresses,
  type Citizenship,
  holderNameMatches,
  type Identity,
  type OccupationData,
  usPersonReasons,
} from '@lombard/shared/schemas/profile';
import type { Database, Queryable } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { getAccount } from '../account/service';
import { activePartnerName } from '../partners/service';
import { type BankAccountData, type ProfileTabKey, readTabs, stepStatus, submitStep, writeTab } from './steps';

async function save(db: Queryable, userId: number, step: ProfileStep, tab: ProfileTabKey, data: unknown, now: Date) {
  // A transaction of its own, or a savepoint inside the caller's (demo data).
  await (db as Database).transaction(async (tx) => {
    // Saved again as approved, nothing changed: the step keeps its approval instead of waiting for a review
    // of what an operator already checked. (Compared as JSON: the database keeps no undefined fields.)
    if ((await stepStatus(tx, userId, step)) === 'approved') {
      const saved = (await readTabs(tx, userId, [tab]))[tab];
      if (isDeepStrictEqual(saved, JSON.parse(JSON.stringify(data)))) return;
    }
    await writeTab(tx, userId, tab, data, now);
    await submitStep(tx, userId, step, now);
  });
}

export async function saveCitizenship(db: Queryable, userId: number, data: Citizenship, now: Date) {
  // A US person is told why and nothing is kept: the step stays where it was.
  const reasons = usPersonReasons(data);
  if (reasons.length > 0) throw new AppError('US_PERSON_NOT_ELIGIBLE');
  await save(db, userId, 'citizenship', 'citizenship', data, now);
}

export async function saveIdentity(db: Queryable, userId: number, data: Identity, now: Date) {
  await save(db, userId, 'identity', 'identity', data, now);
}

export async function saveAddresses(db: Queryable, userId: number, data: Addresses, now: Date) {
  const upper = (a: Addresses['residence']) => (a.country === 'IT' ? { ...a, province: a.province.toUpperCase() } : a);
  const normalised = { ...data, residence: upper(data.residence), domicile: data.domicile && upper(data.domicile) };
  await save(db, userId, 'addresses', 'addresses', normalised, now);
}

export async function saveOccupation(db: Queryable, userId: number, data: OccupationData, now: Date) {
  if (data.employer_partner_id !== null && !(await activePartnerName(db, data.employer_partner_id))) {
    throw fieldError({ employer_partner_id: 'validation:invalid' });
  }
  await save(db, userId, 'occupation', 'occupation', data, now);
}

export async function saveBankAccount(db: Queryable, userId: number, data: BankAccountData, now: Date) {
  const account = await getAccount(db, userId);
  if (!account) throw new AppError('NOT_FOUND');
  if (!holderNameMatches(data.holder_name, { first_name: account.firstName, last_name: account.lastName })) {
    throw fieldError({ holder_name: 'validation:holderMismatch' });
  }
  await save(db, userId, 'bank-account', 'bank-account', data, now);
}
