// Reading back a stored PDF (the issued contract) to sign or send it again, and answering with a PDF
// drawn on demand (the SECCI), for the customer's routes and the back office's alike.
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/files/storage';
import { contentDisposition, type StoredFile } from '../../lib/files/store';
import type { FlowContext } from '../../lib/flow-context';
import { buildSecci, secciFileName } from './documents';
import { advanceTerms } from './operator-service';
import type { AdvanceRow } from './records';

export async function readStoredBytes(storage: FileStorage, file: StoredFile): Promise<Buffer> {
  const stream = await storage.get(file.storageKey);
  if (!stream) throw new AppError('NOT_FOUND');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

/** The SECCI of an advance's terms as priced on the day it was requested, in the reader's language. */
export async function sendAdvanceSecci(
  reply: FastifyReply,
  db: Queryable,
  row: AdvanceRow,
  context: Pick<FlowContext, 't' | 'language' | 'supportEmail'>,
) {
  const terms = await advanceTerms(db, row, row.createdAt.toISOString().slice(0, 10), context);
  return sendPdf(reply, await buildSecci(context.language, terms), secciFileName(context.language, terms));
}
