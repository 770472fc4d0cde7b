// The bank's maximum advance comes from the global configuration an operator edits; without it no advance
// can be priced, so the answer says so instead of inventing a cap.
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { readSetting, SETTING_KEYS } from '../config/service';

export async function bankMaximumAdvance(db: Queryable): Promise<string> {
  const setting = await readSetting<{ amount?: string }>(db, SETTING_KEYS.bankMaximumAdvance);
  if (!setting?.amount || !/^\d+(\.\d{1,2})?$/.test(setting.amount)) throw new AppError('ADVANCE_BANK_MAXIMUM_MISSING');
  return setting.amount;
}
