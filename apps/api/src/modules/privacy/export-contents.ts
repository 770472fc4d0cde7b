// What the copy of a customer's data holds: one JSON file per domain, read through each domain's service,
// a README describing the files in the customer's language, and the document files themselves.
import type { Language } from '@lombard/shared/locale';
import type { Queryable } from '../../db/client';
import { findFiles } from '../../lib/files/store';
import { translator } from '../../lib/i18n';
import { accountRecord } from '../account/service';
import { advanceRecords } from '../advances/service';
import { signInHistory } from '../auth/service';
import { documentRecords } from '../documents/service';
import { ledgerLinesOf } from '../ledger/service';
import { resultHistory } from '../mifid/service';
import { subscriptionOf } from '../newsletter/service';
import { notificationRecords } from '../notifications/service';
import { profileRecords } from '../profile/service';
import { signatureRecords } from '../signing/service';
import { stockPlanRecords } from '../stock-plans/service';
import { transactionRecords } from '../transactions/service';

/** The JSON files of the copy, in the order the README lists them. */
export const EXPORT_FILES = [
  'profile',
  'documents',
  'orders',
  'ledger',
  'advances',
  'stock-plans',
  'signatures',
  'notifications',
  'consents',
  'suitability',
  'sign-ins',
] as const;
type ExportFile = (typeof EXPORT_FILES)[number];

export interface ExportContents {
  json: Record<ExportFile, unknown>;
  readme: string;
  /** Stored files to add under files/, with the name they get in the ZIP. */
  attachments: { storageKey: string; path: string }[];
}

export async function collectContents(db: Queryable, userId: number, language: Language): Promise<ExportContents> {
  const t = translator(language);
  const account = await accountRecord(db, userId);
  if (!account) throw new Error(`user ${userId} not found`);
  const [profile, documents, orders, ledger, advances, plans, signatures, notifications, subscription, mifid, signIns] =
    await Promise.all([
      profileRecords(db, userId),
      documentRecords(db, userId),
      transactionRecords(db, userId),
      ledgerLinesOf(db, userId),
      advanceRecords(db, userId),
      stockPlanRecords(db, userId),
      signatureRecords(db, userId),
      notificationRecords(db, userId, t),
      subscriptionOf(db, account.email),
      resultHistory(db, userId, t),
      signInHistory(db, userId),
    ]);
  const fileIds = [
    ...documents.flatMap((doc) => doc.files.map((file) => file.fileId)),
    ...signatures.flatMap((signature) => (signature.fileId === null ? [] : [signature.fileId])),
  ];
  const stored = await findFiles(db, [...new Set(fileIds)]);
  // Each file under its id, so two files of one name (front and back, two contracts) never collide.
  const attachments = stored.map((file) => ({
    storageKey: file.storageKey,
    path: `files/${file.id}-${file.fileName}`,
  }));
  const pathOf = new Map(stored.map((file, i) => [file.id, attachments[i]!.path]));
  return {
    json: {
      profile: { account, tabs: profile.tabs, steps: profile.steps },
      documents: documents.map((doc) => ({
        ...doc,
        files: doc.files.map((file) => ({ side: file.side, path: pathOf.get(file.fileId) ?? null })),
      })),
      orders,
      ledger,
      advances,
      'stock-plans': plans,
      signatures: signatures.map((s) => ({ ...s, path: s.fileId === null ? null : (pathOf.get(s.fileId) ?? null) })),
      notifications,
      consents: { preferences: profile.settings, newsletter: subscription },
      suitability: mifid,
      'sign-ins': signIns,
    },
    readme: readmeText(t),
    attachments,
  };
}

function readmeText(t: ReturnType<typeof translator>): string {
  const lines = [`# ${t('privacy:readme.title')}`, '', t('privacy:readme.intro'), ''];
  for (const file of EXPORT_FILES) {
    lines.push(`## ${file}.json`, '', t(`privacy:readme.files.${file}`), '');
  }
  lines.push('## files/', '', t('privacy:readme.attachments'), '', t('privacy:readme.formats'), '');
  return lines.join('\n');
}
