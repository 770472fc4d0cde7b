// Demo documents, filed through the same service as a user's upload: for each person an identity card
// (front and back as PNG photos) and a recent utility bill (PDF). The dates are relative to the day of
// seeding, so the documents pass the same rules a user's would. Filing both sends the KYC step to review;
// the profile seed approves it afterwards.
import dayjs from 'dayjs';
import type { Queryable } from '../../db/client';
import type { FileStorage } from '../../lib/files/storage';
import { samplePdf, samplePng } from './sample-files';
import { fileAddressProof, fileIdentityDocument } from './service';

export interface DemoDocumentOwner {
  userId: number;
  firstName: string;
  lastName: string;
  /** The identity card's number, e.g. `CA12345AB`; shown masked except the last four characters. */
  documentNumber: string;
  /** The address printed on the bill. */
  address: string;
}

const isoDate = (date: dayjs.Dayjs) => date.format('YYYY-MM-DD');

export async function seedDemoDocuments(
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
