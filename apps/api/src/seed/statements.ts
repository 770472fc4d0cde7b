// The demo customer's statements, issued by the same services as the jobs issue them: the contract notes
// of the orders the money step settled (whose jobs the seed runs itself, having no worker).
import type { Queryable } from '../db/client';
import { issueQueuedContractNotes } from '../modules/transactions/service';
import type { SeedContext } from './steps';

export async function seedDemoStatements(db: Queryable, context: SeedContext): Promise<void> {
  await issueQueuedContractNotes(db, context.files, context);
}
