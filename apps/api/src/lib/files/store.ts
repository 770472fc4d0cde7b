// Stored files: the bytes live behind a FileStorage (by default the folder DATA_DIR/files, keyed
// <yyyy>/<mm>/<uuid>), the row in stored_files holds the name, type and size a download needs. Storage keys
// are generated here, never taken from user input.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { storedFiles } from '../../db/schema/files';
import { AppError } from '../errors';
import { PRIVATE_FILE_MODE, privateFolder } from './private-folder';

export type StoredFile = typeof storedFiles.$inferSelect;

export function filesRoot(dataDir: string) {
  return path.join(dataDir, 'files');
}

function newStorageKey() {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

function absolutePath(dataDir: string, storageKey: string) {
  const root = filesRoot(dataDir);
  const full = path.resolve(root, storageKey);
  // Defence in depth: a key from the database must still stay inside the files folder.
  if (!full.startsWith(root + path.sep)) throw new Error('storage key outside the files folder');
  return full;
}

/**
 * Where the bytes of stored files live, by storage key. The local folder is the default; an object store
 * (S3 and the like) implements the same three calls. Writers that stream straight to disk
 * (`reserveStorage`, `registerFile`: the XLSX exports) still assume the local folder.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

/** The folder DATA_DIR/files; writes are atomic (temporary file, then rename). */
export function localFileStorage(dataDir: string): FileStorage {
  return {
    async put(key, bytes) {
      const target = absolutePath(dataDir, key);
      await privateFolder(path.dirname(target));
      const temporary = `${target}.part`;
      await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, target);
    },
    async get(key) {
      const full = absolutePath(dataDir, key);
      const exists = await stat(full).then(
        (info) => info.isFile(),
        () => false,
      );
      return exists ? createReadStream(full) : null;
    },
    async delete(key) {
      await rm(absolutePath(dataDir, key), { force: true });
    },
  };
}

/** The storage of this deployment: the one place to choose another backend. */
export function fileStorage(dataDir: string): FileStorage {
  return localFileStorage(dataDir);
}

export interface NewFile {
  fileName: string;
  contentType: string;
  ownerId?: number | null;
}

/** The storage keys written by each transaction opened with `inTransactionWithFiles`. */
const filesWrittenIn = new WeakMap<Queryable, string[]>();

/**
 * A transaction that saves files: the bytes are written before the row that names them, so a transaction
 * that does not commit (a later statement fails, a retry starts over) would leave files no row points
 * to. Here they are deleted once the transaction is known not to have committed them.
 */
export async function inTransactionWithFiles<T>(
  db: Database,
  dataDir: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const attempts: string[][] = [];
  const remove = (keys: string[]) => Promise.all(keys.map((key) => fileStorage(dataDir).delete(key)));
  try {
    const result = await inTransaction(db, (tx) => {
      const written: string[] = [];
      attempts.push(written);
      filesWrittenIn.set(tx, written);
      return work(tx);
    });
    // The last attempt committed; any before it was rolled back and retried.
    await remove(attempts.slice(0, -1).flat());
    return result;
  } catch (error) {
    await remove(attempts.flat());
    throw error;
  }
}

/** Writes the bytes (atomically: temp file then rename) and records the file. */
export async function saveFile(db: Queryable, dataDir: string, bytes: Buffer, file: NewFile): Promise<StoredFile> {
  const storageKey = newStorageKey();
  const storage = fileStorage(dataDir);
  await storage.put(storageKey, bytes);
  filesWrittenIn.get(db)?.push(storageKey);
  try {
    const [row] = await db
      .insert(storedFiles)
      .values({
        storageKey,
        fileName: safeFileName(file.fileName),
        contentType: file.contentType,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        ownerId: file.ownerId ?? null,
      })
      .returning();
    return row!;
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
}

/**
 * Adopts a file already written under the files folder (e.g. by a streaming writer) given its key from
 * `reserveStorage`.
 */
export async function registerFile(
  db: Queryable,
  dataDir: string,
  storageKey: string,
  file: NewFile & { sha256: string },
): Promise<StoredFile> {
  const info = await stat(absolutePath(dataDir, storageKey));
  const [row] = await db
    .insert(storedFiles)
    .values({
      storageKey,
      fileName: safeFileName(file.fileName),
      contentType: file.contentType,
      size: info.size,
      sha256: file.sha256,
      ownerId: file.ownerId ?? null,
    })
    .returning();
  return row!;
}

/**
 * A fresh storage key and its absolute path, for writers that stream to disk: the folder is created and
 * the file too, empty and owner-only (a writer that opens it again keeps that mode).
 */
export async function reserveStorage(dataDir: string): Promise<{ storageKey: string; path: string }> {
  const storageKey = newStorageKey();
  const full = absolutePath(dataDir, storageKey);
  await privateFolder(path.dirname(full));
  await writeFile(full, '', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return { storageKey, path: full };
}

export async function findFile(db: Queryable, id: number): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
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
 * Streams a stored file as the reply: content type, length and file name from the row. A row whose bytes
 * are gone answers 404 rather than a broken stream.
 */
export async function sendFile(reply: FastifyReply, dataDir: string, file: StoredFile) {
  const body = await fileStorage(dataDir).get(file.storageKey);
  if (!body) throw new AppError('NOT_FOUND');
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}
