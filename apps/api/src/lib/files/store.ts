// Stored files: the bytes live behind the app's FileStorage (storage.ts: the folder DATA_DIR/files or an
// S3 bucket), keyed <yyyy>/<mm>/<uuid>; the row in stored_files holds the name, type, size and SHA-256 a
// download needs. Storage keys are generated here, never taken from user input.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { onRollback, type Queryable } from '../../db/client';
import { storedFiles } from '../../db/schema/files';
import { AppError } from '../errors';
import type { FileStorage } from './storage';

export type StoredFile = typeof storedFiles.$inferSelect;

/** The folder of stored files when they are kept on this machine (no S3_URL). */
export function filesRoot(dataDir: string) {
  return path.join(dataDir, 'files');
}

function newStorageKey() {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

export interface NewFile {
  fileName: string;
  contentType: string;
  ownerId?: number | null;
}

/** What a streamed write learnt on the way: the bytes are not held anywhere to be measured afterwards. */
export interface WrittenBytes {
  storageKey: string;
  size: number;
  sha256: string;
}

/**
 * Streams `body` into the storage under a new key, counting and hashing it as it passes. Recording it
 * (`recordFile`) is the caller's next step; should that not happen, the caller deletes the key. When the
 * store fails, `body` is destroyed, so that a writer still filling it stops instead of waiting for room.
 */
export async function storeStream(storage: FileStorage, body: Readable, contentType: string): Promise<WrittenBytes> {
  const storageKey = newStorageKey();
  const hash = createHash('sha256');
  let size = 0;
  const measured = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  // The writer's failure reaches the storage through the measured stream, which then stops reading.
  body.once('error', (error) => measured.destroy(error));
  try {
    await storage.put(storageKey, body.pipe(measured), contentType);
  } catch (error) {
    body.destroy(error as Error);
    throw error;
  }
  return { storageKey, size, sha256: hash.digest('hex') };
}

/** Records bytes already written by `storeStream` as a stored file. */
export async function recordFile(db: Queryable, written: WrittenBytes, file: NewFile): Promise<StoredFile> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      storageKey: written.storageKey,
      fileName: safeFileName(file.fileName),
      contentType: file.contentType,
      size: written.size,
      sha256: written.sha256,
      ownerId: file.ownerId ?? null,
    })
    .returning();
  return row!;
}

/**
 * Stores the bytes and records the file, in the caller's transaction (or on its own on the database).
 * The bytes are written before the row that names them; if the transaction does not commit (a later
 * statement fails, the store fails, a retry starts over), they are deleted again (`onRollback`), so no
 * object outlives its row. A store that cannot take them is a 503 and the transaction rolls back.
 */
export async function saveFile(db: Queryable, storage: FileStorage, bytes: Buffer, file: NewFile): Promise<StoredFile> {
  const storageKey = newStorageKey();
  // Registered before the write: a write the store completed but answered late is removed too.
  onRollback(db, () => storage.delete(storageKey));
  await storage.put(storageKey, Readable.from([bytes]), file.contentType);
  const written = { storageKey, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  try {
    return await recordFile(db, written, file);
  } catch (error) {
    // On the database itself there is no transaction to roll back and undo this.
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

export async function findFile(db: Queryable, id: number): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

/**
 * Deletes stored files for good: the bytes first, then the rows. Run again after a failure it finishes the
 * job (a key with nothing under it is no error), so a purge may simply be retried. Callers first remove
 * what points at the rows (document links, copies of data).
 */
export async function deleteStoredFiles(db: Queryable, storage: FileStorage, ids: number[]): Promise<number> {
  const rows = await findFiles(db, ids);
  for (const row of rows) await storage.delete(row.storageKey);
  if (rows.length > 0)
    await db.delete(storedFiles).where(
      inArray(
        storedFiles.id,
        rows.map((row) => row.id),
      ),
    );
  return rows.length;
}

export async function findFiles(db: Queryable, ids: number[]): Promise<StoredFile[]> {
  if (ids.length === 0) return [];
  return db.select().from(storedFiles).where(inArray(storedFiles.id, ids));
}

/**
 * A stored file's `{name, size, content_type}` as a jsonb value, for lists that show the files inside
 * their rows in one query (the stored_files table stays this library's). Written with its own alias:
 * drizzle leaves column names unqualified in the select list of a single-table query, where they would
 * bind to the wrong table.
 */
export function storedFileSummary(fileId: SQL): SQL {
  return sql`(select jsonb_build_object('name', summary_file.file_name, 'size', summary_file.size, 'content_type', summary_file.content_type) from stored_files summary_file where summary_file.id = ${fileId})`;
}

/**
 * The name a file is stored and shown under: one Unicode form (NFC), no control characters (C0, DEL, C1)
 * and no bidirectional controls, which make "report\u202Efdp.exe" read as "reportexe.pdf"; path
 * separators and the characters markup and shells treat specially (< > " `) become "_". Letters of any
 * script, spaces, dots, apostrophes and ampersands stay.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\\/<>"`]/g, '_')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266/5987),
 * so that every browser saves the file under the server's name.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a stored file as the reply: content type, length and file name from the row, the same whatever
 * the storage. A row whose bytes are gone answers 404 with its own message (not a broken stream), and is
 * logged as the fault it is; a store that cannot be reached answers 503.
 */
export async function sendFile(reply: FastifyReply, storage: FileStorage, file: StoredFile) {
  const body = await storage.get(file.storageKey);
  if (!body) {
    reply.log.error(
      { fileId: file.id, storageKey: file.storageKey, location: storage.location },
      'stored file has no bytes in the file store',
    );
    throw new AppError('STORED_FILE_MISSING', { params: { supportEmail: reply.server.config.supportEmail } });
  }
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}
