// Everything under DATA_DIR (documents, exports, the outbox, the embedded database, the signing key) is
// for the server's user alone: folders 0700, files 0600. Folders created by an older version with wider
// modes are narrowed whenever they are used again.
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) owner-only, or narrows an existing one. */
export async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(folder, PRIVATE_FOLDER_MODE);
}

export function privateFolderSync(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(folder, PRIVATE_FOLDER_MODE);
}
