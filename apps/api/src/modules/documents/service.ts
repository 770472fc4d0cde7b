// A user's documents: what they uploaded for KYC (identity document, proof of address) and, later, what
// the platform issues them. Other modules call `createDocument` to file a document (a signed contract, a
// stock-plan proof) and `listDocuments` to show a user's documents (the KYC review). Document numbers are
// personal data: stored as typed, shown masked, never logged.
import type {
  AddressProofFields,
  DocumentFile,
  DocumentFileSide,
  DocumentItem,
  DocumentKind,
  DocumentOrigin,
  DocumentStatus,
  IdentityDocumentFields,
} from '@lombard/shared/schemas/documents';
import { todayIso } from '@lombard/shared/schemas/documents';
import { and, asc, desc, eq, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { documentFiles, documents } from '../../db/schema/documents';
import type { FileStorage } from '../../lib/files/storage';
import { deleteStoredFiles, findFile, findFiles, type StoredFile, saveFile } from '../../lib/files/store';
import { submitStep } from '../profile/service';

export type DocumentRow = typeof documents.$inferSelect;

/** `•••••1234`: the last four characters are enough to recognise one's own document. */
export function maskDocumentNumber(number: string | null): string | null {
  if (!number) return null;
  const visible = number.length > 4 ? number.slice(-4) : '';
  return `${'•'.repeat(number.length - visible.length)}${visible}`;
}

/** Kinds whose expiry is set only when the customer withdraws from them (`endIssuedDocument`): the day they did. */
const WITHDRAWABLE_KINDS: readonly string[] = ['advance_contract'];

export function documentStatus(
  row: Pick<DocumentRow, 'supersededAt' | 'expiresOn' | 'kind'>,
  today = todayIso(),
): DocumentStatus {
  if (row.supersededAt) return 'superseded';
  if (row.expiresOn && WITHDRAWABLE_KINDS.includes(row.kind)) return 'withdrawn';
  if (row.expiresOn && row.expiresOn < today) return 'expired';
  return 'active';
}

async function filesOf(db: Queryable, documentIds: number[]): Promise<Map<number, DocumentFile[]>> {
  const byDocument = new Map<number, DocumentFile[]>();
  if (documentIds.length === 0) return byDocument;
  const links = await db
    .select()
    .from(documentFiles)
    .where(inArray(documentFiles.documentId, documentIds))
    .orderBy(asc(documentFiles.position), asc(documentFiles.id));
  const fileIds = links.map((link) => link.fileId);
  const stored = new Map((await findFiles(db, fileIds)).map((file) => [file.id, file]));
  for (const link of links) {
    const file = stored.get(link.fileId);
    if (!file) continue;
    const list = byDocument.get(link.documentId) ?? [];
    list.push(fileItem(link.id, link.side, file));
    byDocument.set(link.documentId, list);
  }
  return byDocument;
}

const fileItem = (id: number, side: string | null, file: StoredFile): DocumentFile => ({
  id,
  side: side as DocumentFileSide | null,
  name: file.fileName,
  size: file.size,
  content_type: file.contentType,
});

/** The list item of a document: number masked, status as of today, its files. */
export function serializeDocument(
  row: Omit<DocumentRow, 'userId' | 'statementKey'>,
  files: DocumentFile[],
  today = todayIso(),
): DocumentItem {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    origin: row.origin as DocumentOrigin,
    type: row.type,
    number: maskDocumentNumber(row.number),
    issued_on: row.issuedOn,
    expires_on: row.expiresOn,
    status: documentStatus(row, today),
    created_at: row.createdAt.toISOString(),
    files,
  };
}

/** Every document of a user, newest first, superseded ones included (for the owner and the KYC review). */
export async function listDocuments(db: Queryable, userId: number): Promise<DocumentItem[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  const today = todayIso();
  return rows.map((row) => serializeDocument(row, files.get(row.id) ?? [], today));
}

/** One document of a user as the list shows it, or null when it is not theirs. */
export async function findDocumentItem(db: Queryable, userId: number, id: number): Promise<DocumentItem | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  if (!row) return null;
  return serializeDocument(row, (await filesOf(db, [row.id])).get(row.id) ?? []);
}

export interface NewDocumentFile {
  side: DocumentFileSide | null;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface NewDocument {
  userId: number;
  kind: DocumentKind;
  origin: DocumentOrigin;
  type: string;
  number?: string | null;
  issuedOn?: string | null;
  expiresOn?: string | null;
  files: NewDocumentFile[];
  /** The user's current documents of the same kind become `superseded` (a new upload replaces the old). */
  replacesCurrent?: boolean;
}

/**
 * Files a document with its files, in the caller's transaction (pass one: the document, its files and
 * the replaced one change together). The bytes are written first; should the
 * transaction roll back, they are deleted again (`saveFile`), never left as a document without its files.
 */
export async function createDocument(tx: Queryable, storage: FileStorage, input: NewDocument): Promise<DocumentItem> {
  if (input.replacesCurrent) {
    await tx
      .update(documents)
      .set({ supersededAt: new Date() })
      .where(and(eq(documents.userId, input.userId), eq(documents.kind, input.kind), isNull(documents.supersededAt)));
  }
  const [row] = await tx
    .insert(documents)
    .values({
      userId: input.userId,
      kind: input.kind,
      origin: input.origin,
      type: input.type,
      number: input.number ?? null,
      issuedOn: input.issuedOn ?? null,
      expiresOn: input.expiresOn ?? null,
    })
    .returning();
  const files: DocumentFile[] = [];
  for (const [position, file] of input.files.entries()) {
    const stored = await saveFile(tx, storage, file.bytes, {
      fileName: file.fileName,
      contentType: file.contentType,
      ownerId: input.userId,
    });
    const [link] = await tx
      .insert(documentFiles)
      .values({ documentId: row!.id, fileId: stored.id, side: file.side, position })
      .returning({ id: documentFiles.id });
    files.push(fileItem(link!.id, file.side, stored));
  }
  return serializeDocument(row!, files);
}

/**
 * Files a document the platform issued over a file already stored (a PDF signed by code), in the caller's
 * transaction, so that the customer finds it again among their documents.
 */
export async function fileIssuedDocument(
  tx: Queryable,
  input: { userId: number; kind: DocumentKind; type: string; issuedOn: string; fileId: number },
): Promise<void> {
  const [row] = await tx
    .insert(documents)
    .values({ userId: input.userId, kind: input.kind, origin: 'issued', type: input.type, issuedOn: input.issuedOn })
    .returning({ id: documents.id });
  await tx.insert(documentFiles).values({ documentId: row!.id, fileId: input.fileId, side: null, position: 0 });
}

/** The issued document of a stored file (a contract) ends on `day`: the customer withdrew from it. */
export async function endIssuedDocument(tx: Queryable, fileId: number, day: string): Promise<void> {
  await tx
    .update(documents)
    .set({ expiresOn: day })
    .where(
      and(
        eq(documents.origin, 'issued'),
        inArray(
          documents.id,
          tx.select({ id: documentFiles.documentId }).from(documentFiles).where(eq(documentFiles.fileId, fileId)),
        ),
      ),
    );
}

/** Whether the user has a current (not superseded) document of each kind. */
async function hasCurrent(tx: Queryable, userId: number, kinds: DocumentKind[]): Promise<boolean> {
  const rows = await tx
    .selectDistinct({ kind: documents.kind })
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.kind, kinds), isNull(documents.supersededAt)));
  return kinds.every((kind) => rows.some((row) => row.kind === kind));
}

const KYC_KINDS: DocumentKind[] = ['identity_document', 'address_proof'];

/**
 * Files a KYC document in the caller's transaction, replacing the current one of its kind; once both an
 * identity document and a proof of address are on file, the KYC step goes to review.
 */
async function fileKycDocument(tx: Queryable, storage: FileStorage, input: NewDocument): Promise<DocumentItem> {
  const item = await createDocument(tx, storage, { ...input, replacesCurrent: true });
  if (await hasCurrent(tx, input.userId, KYC_KINDS)) await submitStep(tx, input.userId, 'kyc');
  return item;
}

/** The identity document (fields checked against the shared schema, files by the upload rules). */
export function fileIdentityDocument(
  tx: Queryable,
  storage: FileStorage,
  userId: number,
  fields: IdentityDocumentFields,
  files: NewDocumentFile[],
): Promise<DocumentItem> {
  return fileKycDocument(tx, storage, {
    userId,
    kind: 'identity_document',
    origin: 'uploaded',
    type: fields.type,
    number: fields.number,
    issuedOn: fields.issued_on,
    expiresOn: fields.expires_on,
    files,
  });
}

/** The proof of address (fields checked against the shared schema, the file by the upload rules). */
export function fileAddressProof(
  tx: Queryable,
  storage: FileStorage,
  userId: number,
  fields: AddressProofFields,
  file: NewDocumentFile,
): Promise<DocumentItem> {
  return fileKycDocument(tx, storage, {
    userId,
    kind: 'address_proof',
    origin: 'uploaded',
    type: fields.type,
    issuedOn: fields.issued_on,
    files: [file],
  });
}

export const uploadIdentityDocument = (
  db: Database,
  storage: FileStorage,
  userId: number,
  fields: IdentityDocumentFields,
  files: NewDocumentFile[],
) => inTransaction(db, (tx) => fileIdentityDocument(tx, storage, userId, fields, files));

export const uploadAddressProof = (
  db: Database,
  storage: FileStorage,
  userId: number,
  fields: AddressProofFields,
  file: NewDocumentFile,
) => inTransaction(db, (tx) => fileAddressProof(tx, storage, userId, fields, file));

/**
 * The stored file behind `documents/{documentId}/files/{fileId}/`, for its owner or an admin; null for
 * anybody else, exactly as for a file that does not exist.
 */
export async function findDocumentFile(
  db: Queryable,
  viewer: { id: number; isAdmin: boolean },
  documentId: number,
  fileId: number,
): Promise<StoredFile | null> {
  const [link] = await db
    .select({ fileId: documentFiles.fileId, ownerId: documents.userId })
    .from(documentFiles)
    .innerJoin(documents, eq(documents.id, documentFiles.documentId))
    .where(and(eq(documentFiles.id, fileId), eq(documentFiles.documentId, documentId)))
    .limit(1);
  if (!link || (link.ownerId !== viewer.id && !viewer.isAdmin)) return null;
  return findFile(db, link.fileId);
}

/**
 * The first file of a document as an SQL expression (its stored file's id), for downloads from other
 * lists. Aliased by hand, and `documentId` must be qualified (see `filesExpression` in routes.ts).
 */
export function firstFileOf(documentId: SQLWrapper) {
  return sql<
    number | null
  >`(select first_file.file_id from document_files first_file where first_file.document_id = ${documentId} order by first_file.position, first_file.id limit 1)`;
}

/** The stored file of a document's first file (an issued contract has one), or null. */
export async function firstStoredFile(db: Queryable, documentId: number): Promise<StoredFile | null> {
  const [row] = await db
    .execute(sql`select ${firstFileOf(sql`${documentId}::bigint`)} as file_id`)
    .then((r) => (r as unknown as { rows: Array<{ file_id: number | null }> }).rows);
  const fileId = row?.file_id;
  return fileId ? findFile(db, Number(fileId)) : null;
}

export {
  type CurrentStatement,
  currentStatement,
  fileStatement,
  findStatementDocument,
  type IssuedStatement,
  type StatementKind,
  type StatementNoticeSettings,
  tellStatementIssued,
} from './statements';

/** Every document of a user (superseded ones too) with its stored files, for the copy of their data. */
export async function documentRecords(db: Queryable, userId: number) {
  const rows = await db.select().from(documents).where(eq(documents.userId, userId)).orderBy(asc(documents.id));
  const files =
    rows.length === 0
      ? []
      : await db
          .select({ documentId: documentFiles.documentId, fileId: documentFiles.fileId, side: documentFiles.side })
          .from(documentFiles)
          .where(
            inArray(
              documentFiles.documentId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(documentFiles.documentId), asc(documentFiles.position));
  return rows.map((row) => ({ ...row, files: files.filter((file) => file.documentId === row.id) }));
}

/**
 * Deletes a user's identity documents and proofs of address (the KYC uploads, replaced ones too) with
 * their files' bytes, once the law no longer requires them to be kept (modules/privacy's purge); the
 * documents the platform issued (contracts, statements) stay. Answers how many files went. Safe to run
 * again after a failure: what is already gone is skipped.
 */
export async function eraseKycDocuments(tx: Queryable, storage: FileStorage, userId: number): Promise<number> {
  const rows = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.origin, 'uploaded'), inArray(documents.kind, KYC_KINDS)));
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  const links = await tx
    .select({ fileId: documentFiles.fileId })
    .from(documentFiles)
    .where(inArray(documentFiles.documentId, ids));
  // The links go with the documents (cascade); then nothing points at the stored files any more.
  await tx.delete(documents).where(inArray(documents.id, ids));
  return deleteStoredFiles(
    tx,
    storage,
    links.map((link) => link.fileId),
  );
}
