// The demo lead and customer hold an identity card and a recent utility bill; the demo base user has
// none yet (it uploads them in the browser test).
import { inArray } from 'drizzle-orm';
import type { FileStorage } from '../../lib/files/storage';
import { type DemoDocumentOwner, seedDemoDocuments as fileDemoDocuments } from '../../modules/documents/seed';
import type { Queryable } from '../client';
import { users } from '../schema/accounts';

const OWNERS: Record<string, Pick<DemoDocumentOwner, 'documentNumber' | 'address'>> = {
  'lead@demo.lombard.test': { documentNumber: 'CA48213LL', address: 'Via Giuseppe Verdi 12, 20121 Milano (MI)' },
  'customer@demo.lombard.test': {
    documentNumber: 'CA73905CC',
    address: 'Corso Vittorio Emanuele II 88, 10121 Torino (TO)',
  },
};

export async function seedDemoDocuments(db: Queryable, storage: FileStorage): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, Object.keys(OWNERS)));
  const owners = rows.map((row) => ({
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    ...OWNERS[row.email]!,
  }));
  await fileDemoDocuments(db, storage, owners);
}
