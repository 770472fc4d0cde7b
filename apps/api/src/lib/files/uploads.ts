// Uploads from a person: multipart forms read with @fastify/multipart (registered only in the scope of
// the routes that take files), each file checked three ways before it is stored — the name's extension,
// the declared type and the first bytes must all say the same accepted type. A program renamed .png has
// the right name and the wrong bytes; it is refused with a field message, never stored.
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@lombard/shared/constants';
import {
  contentTypeForFileName,
  DOCUMENT_MESSAGES as M,
  MAX_UPLOAD_MEGABYTES,
  type UploadContentType,
} from '@lombard/shared/schemas/documents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, type FieldMessage } from '../errors';
import { safeFileName } from './store';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * An upload route's form, for the OpenAPI document only (see `multipartBody`): the route reads and
     * checks the form itself (`readMultipartForm`), so it is no `body` for Fastify to validate.
     */
    multipartBody?: z.ZodObject;
  }
}

/** Fields of a form are short (type, number, dates); more than this is not a form of ours. */
const MAX_FIELD_BYTES = 1024;
const MAX_FIELDS = 20;

const FILE_KINDS = `A PDF, JPEG or PNG file of at most ${MAX_UPLOAD_MEGABYTES} MB`;

/**
 * The form of an upload route as a generated client needs it: its text fields (the shared schema the route
 * checks them with) and its files, each a binary part, required or optional (with why, when it depends).
 */
export function multipartBody(fields: z.ZodObject, files: Record<string, { required: true } | { optional: string }>) {
  const parts = Object.fromEntries(
    Object.entries(files).map(([name, need]) => [
      name,
      'required' in need
        ? z.file().describe(FILE_KINDS)
        : z.file().optional().describe(`${FILE_KINDS}. ${need.optional}`),
    ]),
  );
  return z.object({ ...fields.shape, ...parts });
}

/** Registers multipart parsing in the calling plugin's scope; call it inside a non-`fp` plugin. */
export async function registerUploads(scope: FastifyInstance, options: { maxFiles: number }) {
  await scope.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: options.maxFiles,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: options.maxFiles + MAX_FIELDS,
      headerPairs: 100,
    },
  });
}

export interface ReceivedFile {
  field: string;
  /** The name as sent, sanitised (no path, no control characters). */
  fileName: string;
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
}

const tooLarge = (field: string) =>
  new AppError('PAYLOAD_TOO_LARGE', {
    fields: { [field]: [{ key: M.fileTooLarge, params: { max: MAX_UPLOAD_MEGABYTES } }] },
  });

/** Translates the multipart plugin's limit errors into our answers (413 with the field when known). */
function limitError(error: unknown): AppError | null {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const field = (error as { part?: { fieldname?: string } }).part?.fieldname;
    return tooLarge(field ?? 'non_field_errors');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (code === 'FST_PROTO_VIOLATION') return new AppError('BAD_REQUEST');
  return null;
}

/**
 * Reads the whole form: text fields, and the files of the expected fields into memory (each at most
 * MAX_UPLOAD_BYTES). A file in a field the form does not have is refused; a field sent twice keeps the last.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const form: MultipartForm = { fields: {}, files: {} };
  const unknown: Record<string, FieldMessage> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (!fileFields.includes(part.fieldname)) {
        unknown[part.fieldname] = { key: 'validation:unknownField' };
        continue;
      }
      form.files[part.fieldname] = {
        field: part.fieldname,
        fileName: safeFileName(part.filename ?? ''),
        declaredType: (part.mimetype ?? '').toLowerCase(),
        bytes,
      };
    }
  } catch (error) {
    throw limitError(error) ?? error;
  }
  if (Object.keys(unknown).length > 0) throw new AppError('VALIDATION_FAILED', { fields: unfold(unknown) });
  return form;
}

const unfold = (messages: Record<string, FieldMessage>) =>
  Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, [message]]));

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

const SIGNATURES: ReadonlyArray<{ type: UploadContentType; bytes: readonly number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The accepted type the content really is (by its first bytes), or null for anything else. */
export function sniffContentType(bytes: Buffer): UploadContentType | null {
  return SIGNATURES.find((signature) => startsWith(bytes, signature.bytes))?.type ?? null;
}

/** Browsers name JPEG in more than one way; an unknown or generic type says nothing either way. */
function normalisedDeclaredType(declared: string): string | null {
  const type = declared.split(';')[0]!.trim();
  if (type === '' || type === 'application/octet-stream') return null;
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  return type;
}

/**
 * The content type to store the file under, or the field message saying why it is refused: the
 * extension must be an accepted one, the declared type (when given) must match it, and so must the bytes.
 */
export function checkUpload(file: ReceivedFile): { contentType: UploadContentType } | { problem: FieldMessage } {
  const expected = contentTypeForFileName(file.fileName);
  if (!expected) return { problem: { key: M.fileType } };
  const declared = normalisedDeclaredType(file.declaredType);
  if (declared && declared !== expected) return { problem: { key: M.fileType } };
  if (file.bytes.length === 0) return { problem: { key: M.fileEmpty } };
  if (file.bytes.length > MAX_UPLOAD_BYTES)
    return { problem: { key: M.fileTooLarge, params: { max: MAX_UPLOAD_MEGABYTES } } };
  if (sniffContentType(file.bytes) !== expected) return { problem: { key: M.fileContentMismatch } };
  return { contentType: expected };
}
