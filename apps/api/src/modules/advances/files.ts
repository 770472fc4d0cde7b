// Reading back a stored PDF (the issued contract) to sign or send it again.
import { AppError } from '../../lib/errors';
import { fileStorage, type StoredFile } from '../../lib/files/store';

export async function readStoredBytes(dataDir: string, file: StoredFile): Promise<Buffer> {
  const stream = await fileStorage(dataDir).get(file.storageKey);
  if (!stream) throw new AppError('NOT_FOUND');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
