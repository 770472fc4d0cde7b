// The demo customer's statements, issued by the same services as the jobs issue them: the contract notes
// of the orders the money step settled (whose jobs the seed runs itself, having no worker), and the
// statement of assets of the quarter so far (the demo's entries are all dated the day it is seeded; the
// quarterly job replaces it with the complete one once the quarter has ended).
import { calendarDate } from '@lombard/shared/money/business-days';
import type { Queryable } from '../db/client';
import { getAccountByEmail } from '../modules/account/service';
import { issueAssetStatement, quarterOfDay } from '../modules/statements/service';
import { issueQueuedContractNotes } from '../modules/transactions/service';
import type { SeedContext } from './steps';

export async function seedDemoStatements(db: Queryable, context: SeedContext): Promise<void> {
  const customer = await getAccountByEmail(db, 'customer@demo.lombard.test');
  if (!customer) return;
  await issueQueuedContractNotes(db, context.files, context, customer.id);
  const today = calendarDate(new Date());
  await issueAssetStatement(db, context.files, context, { userId: customer.id, quarter: quarterOfDay(today), today });
}
