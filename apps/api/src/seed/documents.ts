// Demo documents, filed through the same service as a user's upload: the demo lead and customer each hold
// an identity card (front and back as PNG photos) and a recent utility bill (PDF); the demo base user has
// none yet (it uploads them in the browser test). The dates are relative to the day of seeding, so the
// documents pass the same rules a user's would. Filing both sends the KYC step to review; the profiles
// step approves it afterwards.
import dayjs from 'dayjs';
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { users } from '../db/schema/accounts';
import type { FileStorage } from '../lib/files/storage';
import { fileAddressProof, fileIdentityDocument } from '../modules/documents/service';
import { samplePdf, samplePng } from './sample-files';

interface DemoDocumentOwner {
  userId: number;
  firstName: string;
  lastName: string;
  /** The identity card's number, e.g. `CA12345AB`; shown masked except the last four characters. */
  documentNumber: string;
  /** The address printed on the bill. */
  address: string;
}

const isoDate = (date: dayjs.Dayjs) => date.format('YYYY-MM-DD');

async function fileDemoDocuments(
  tx: Queryable,
  storage: FileStorage,
  owners: readonly DemoDocumentOwner[],
): Promise<void> {
  const today = dayjs();
  for (const owner of owners) {
    const name = `${owner.firstName} ${owner.lastName}`;
    await fileIdentityDocument(
      tx,
      storage,
      owner.userId,
      {
        type: 'identity_card',
        number: owner.documentNumber,
        issued_on: isoDate(today.subtract(2, 'year')),
        expires_on: isoDate(today.add(8, 'year')),
      },
      [
        {
          side: 'front',
          fileName: 'carta-identita-fronte.png',
          contentType: 'image/png',
          bytes: samplePng(320, 200, [0x1f, 0x4e, 0x8c]),
        },
        {
          side: 'back',
          fileName: 'carta-identita-retro.png',
          contentType: 'image/png',
          bytes: samplePng(320, 200, [0x5a, 0x6b, 0x7c]),
        },
      ],
    );
    const billDate = today.subtract(1, 'month');
    await fileAddressProof(
      tx,
      storage,
      owner.userId,
      { type: 'utility_bill', issued_on: isoDate(billDate) },
      {
        side: null,
        fileName: `bolletta-luce-${billDate.format('YYYY-MM')}.pdf`,
        contentType: 'application/pdf',
        bytes: await samplePdf('Bolletta energia elettrica', [
          `Intestatario: ${name}`,
          `Indirizzo di fornitura: ${owner.address}`,
          `Data di emissione: ${billDate.format('DD/MM/YYYY')}`,
        ]),
      },
    );
  }
}

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
