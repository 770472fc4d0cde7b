// Where the bytes of stored files live, by storage key: the folder DATA_DIR/files (the default), or an
// S3-compatible bucket when S3_URL is set (docs/decisions/023-object-storage.md). Everything that stores
// or reads a file goes through one FileStorage, chosen once when the app starts.
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../config';
import { PRIVATE_FILE_MODE, privateFolder } from './private-folder';
import { s3FileStorage } from './s3-storage';
import { filesRoot } from './store';

export interface FileStorage {
  /** Where the bytes are, for log lines: a folder or `s3://bucket` (never a credential). */
  readonly location: string;
  /**
   * Streams `body` to `key`, whole or not at all: nothing is found under the key unless every byte
   * arrived. A store that cannot be reached rejects with FILE_STORE_UNAVAILABLE (503); a body that fails
   * rejects with the body's own error.
   */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key's bytes; a key with nothing under it is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Lets go of connections (the app is closing). */
  close(): Promise<void>;
}

function absolutePath(dataDir: string, storageKey: string) {
  const root = filesRoot(dataDir);
  const full = path.resolve(root, storageKey);
  // Defence in depth: a key from the database must still stay inside the files folder.
  if (!full.startsWith(root + path.sep)) throw new Error('storage key outside the files folder');
  return full;
}

const isFile = (full: string) =>
  stat(full).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * The folder DATA_DIR/files: each file owner-only (0600) in owner-only folders (0700), written to a
 * temporary name and renamed once complete, so a reader never sees half a file.
 */
export function localFileStorage(dataDir: string): FileStorage {
  return {
    location: filesRoot(dataDir),
    async put(key, body) {
      const target = absolutePath(dataDir, key);
      await privateFolder(path.dirname(target));
      const temporary = `${target}.part`;
      try {
        await pipeline(body, createWriteStream(temporary, { mode: PRIVATE_FILE_MODE, flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const full = absolutePath(dataDir, key);
      return (await isFile(full)) ? createReadStream(full) : null;
    },
    async delete(key) {
      await rm(absolutePath(dataDir, key), { force: true });
    },
    exists: (key) => isFile(absolutePath(dataDir, key)),
    async close() {},
  };
}

/** The storage this configuration names: the bucket of S3_URL, or the folder DATA_DIR/files. */
export async function openFileStorage(config: Pick<AppConfig, 'dataDir' | 'objectStore'>): Promise<FileStorage> {
  return config.objectStore ? s3FileStorage(config.objectStore) : localFileStorage(config.dataDir);
}
