// The statements the platform issues (contract notes, statements of assets, costs reports, advance
// statements): filed once per user and key, whatever runs the job twice or two instances race, and
// announced by an e-mail in the customer's language that leads to the documents page, without the PDF
// attached (the mail is not where personal figures should travel).
import type { DocumentKind } from '@lombard/shared/schemas/documents';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { documentFiles, documents } from '../../db/schema/documents';
import type { FileStorage } from '../../lib/files/storage';
import { saveFile } from '../../lib/files/store';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';
import { getAccount } from '../account/service';

/** The kinds of document the platform issues as statements. */
export type StatementKind = Extract<
  DocumentKind,
  'contract_note' | 'asset_statement' | 'costs_report' | 'advance_statement'
>;

export interface IssuedStatement {
  userId: number;
  kind: StatementKind;
  /** What it is of, unique per user among current documents: `contract-note:transactions:12`. */
  key: string;
  issuedOn: string;
  fileName: string;
  bytes: Uint8Array;
}

export interface CurrentStatement {
  id: number;
  issuedOn: string | null;
}

/** The current document of a key, if one was filed. */
export async function currentStatement(db: Queryable, userId: number, key: string): Promise<CurrentStatement | null> {
  const [row] = await db
    .select({ id: documents.id, issuedOn: documents.issuedOn })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.statementKey, key), isNull(documents.supersededAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Files a statement in the caller's transaction unless `keep` accepts the one already filed under its key
 * (default: any); otherwise the one before is superseded. Takes a lock per user and key first, so a second
 * run waits and then sees the first one's document. Answers the new document's id, or null when kept.
 */
export async function fileStatement(
  tx: Queryable,
  storage: FileStorage,
  input: IssuedStatement,
  keep: (current: CurrentStatement) => boolean = () => true,
): Promise<number | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`statement:${input.userId}:${input.key}`}))`);
  const current = await currentStatement(tx, input.userId, input.key);
  if (current && keep(current)) return null;
  if (current) await tx.update(documents).set({ supersededAt: new Date() }).where(eq(documents.id, current.id));
  // As `createDocument` files one: the bytes first, deleted again should the transaction roll back.
  const [row] = await tx
    .insert(documents)
    .values({
      userId: input.userId,
      kind: input.kind,
      origin: 'issued',
      type: input.kind,
      issuedOn: input.issuedOn,
      statementKey: input.key,
    })
    .returning({ id: documents.id });
  const stored = await saveFile(tx, storage, Buffer.from(input.bytes), {
    fileName: input.fileName,
    contentType: 'application/pdf',
    ownerId: input.userId,
  });
  await tx.insert(documentFiles).values({ documentId: row!.id, fileId: stored.id, side: null, position: 0 });
  return row!.id;
}

/** An issued statement's owner, kind and key, by document id; null for any other document. */
export async function findStatementDocument(db: Queryable, id: number) {
  const [row] = await db
    .select({ userId: documents.userId, kind: documents.kind, key: documents.statementKey })
    .from(documents)
    .where(eq(documents.id, id));
  return row?.key ? { userId: row.userId, kind: row.kind as StatementKind, key: row.key } : null;
}

export interface StatementNoticeSettings {
  publicUrl: string;
  supportEmail: string;
}

/**
 * E-mails the customer that a statement of `kind` is in their documents; `params` fill the texts
 * (`emails:statementIssued.<kind>` names what it is).
 */
export async function tellStatementIssued(
  tx: Queryable,
  settings: StatementNoticeSettings,
  input: { userId: number; kind: StatementKind; params?: Record<string, string> },
) {
  const account = await getAccount(tx, input.userId);
  if (!account) return;
  const t = translator(account.language);
  const what = t(`emails:statementIssued.kinds.${input.kind}`, input.params ?? {});
  const content = renderEmail({
    greeting: account.firstName ? t('emails:greeting', { name: account.firstName }) : t('emails:greetingAnonymous'),
    paragraphs: [t('emails:statementIssued.intro', { what }), t('emails:statementIssued.next')],
    action: { label: t('emails:statementIssued.action'), url: `${settings.publicUrl}/customer/document/` },
    footer: t('emails:footer', { supportEmail: settings.supportEmail }),
  });
  await queueEmail(tx, {
    to: account.email,
    template: `statement_${input.kind}`,
    language: account.language,
    subject: t('emails:statementIssued.subject', { what }),
    ...content,
  });
}
