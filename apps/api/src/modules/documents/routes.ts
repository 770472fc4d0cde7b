// The user's documents (GET /api/v1/documents/, the generic list), the KYC uploads (multipart) and the
// download of one file of a document, for its owner or an admin; anybody else gets the 404 of a
// document that does not exist.

import { hasAnyProfile } from '@lombard/shared/permissions';
import {
  ADDRESS_PROOF_FILE_FIELD,
  addressProofFieldsSchema,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  type DocumentFile,
  type DocumentFileSide,
  documentItemSchema,
  IDENTITY_DOCUMENT_FILE_FIELDS,
  identityDocumentFieldsSchema,
  DOCUMENT_MESSAGES as M,
  SINGLE_SIDED_IDENTITY_DOCUMENTS,
} from '@lombard/shared/schemas/documents';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { documents } from '../../db/schema/documents';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { type FieldMessage, notFound, validationFailed, type ZodLikeIssue } from '../../lib/errors';
import { sendFile, storedFileSummary } from '../../lib/files/store';
import {
  checkUpload,
  multipartBody,
  type ReceivedFile,
  readMultipartForm,
  registerUploads,
} from '../../lib/files/uploads';
import { registerResource } from '../../lib/resource/routes';
import { defineResource } from '../../lib/resource/types';
import {
  findDocumentFile,
  type NewDocumentFile,
  serializeDocument,
  uploadAddressProof,
  uploadIdentityDocument,
} from './service';
import { statementsResource } from './statement-list';

/** `documentStatus` in SQL, for the list's filter and order. */
const statusExpression = sql<string>`case when ${documents.supersededAt} is not null then 'superseded' when ${documents.kind} = 'advance_contract' and ${documents.expiresOn} is not null then 'withdrawn' when ${documents.expiresOn} < current_date then 'expired' else 'active' end`;

/**
 * The files of each row in the same query: one jsonb array per document. Aliased by hand: in the select
 * list of a single-table query drizzle writes columns unqualified, and `document_id = id` would compare
 * the subquery's own columns.
 */
const filesExpression = sql<
  DocumentFile[]
>`coalesce((select jsonb_agg(jsonb_build_object('id', document_file.id, 'side', document_file.side) || ${storedFileSummary(sql.raw('document_file.file_id'))} order by document_file.position, document_file.id) from document_files document_file where document_file.document_id = "documents"."id"), '[]'::jsonb)`;

export const myDocuments = defineResource({
  name: 'documents',
  path: '/api/v1/documents/',
  docs: { tag: 'documents', summary: 'My documents' },
  from: documents,
  select: {
    id: documents.id,
    kind: documents.kind,
    origin: documents.origin,
    type: documents.type,
    number: documents.number,
    issuedOn: documents.issuedOn,
    expiresOn: documents.expiresOn,
    supersededAt: documents.supersededAt,
    createdAt: documents.createdAt,
    files: filesExpression,
  },
  id: documents.id,
  scope: (context) => eq(documents.userId, context.user.id),
  fields: {
    id: { expr: documents.id, type: 'id', sortable: true, filterable: true },
    kind: { expr: documents.kind, type: 'enum', values: DOCUMENT_KINDS, sortable: true, filterable: true },
    type: { expr: documents.type, type: 'text', sortable: true, filterable: true },
    status: { expr: statusExpression, type: 'enum', values: DOCUMENT_STATUSES, sortable: true, filterable: true },
    issued_on: { expr: documents.issuedOn, type: 'date', sortable: true, filterable: true },
    expires_on: { expr: documents.expiresOn, type: 'date', sortable: true, filterable: true },
    created_at: { expr: documents.createdAt, type: 'datetime', sortable: true, filterable: true },
  },
  defaultOrder: ['-created_at'],
  item: documentItemSchema,
  serialize: (row) => serializeDocument(row, row.files),
});

const ID = /^[1-9]\d{0,14}$/;

const viewerOf = (request: FastifyRequest) => {
  const user = currentUser(request);
  return {
    id: user.id,
    isAdmin: hasAnyProfile({ attributes: user.attributes, is_superuser: user.isSuperuser }, ['admin']),
  };
};

/** The accepted file of a form field, or the message saying why it is missing or refused. */
function acceptedFile(
  file: ReceivedFile | undefined,
  side: DocumentFileSide | null,
): { file: NewDocumentFile } | { problem: FieldMessage } {
  if (!file) return { problem: { key: M.fileRequired } };
  const checked = checkUpload(file);
  if ('problem' in checked) return checked;
  return { file: { side, fileName: file.fileName, contentType: checked.contentType, bytes: file.bytes } };
}

const issuesOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  (result.error?.issues ?? []) as ZodLikeIssue[];

/** Multipart routes: the parser is registered in this scope only, with the upload limits. */
async function uploadRoutes(scope: FastifyInstance) {
  await registerUploads(scope, { maxFiles: IDENTITY_DOCUMENT_FILE_FIELDS.length });
  const db = scope.database.db;
  const storage = scope.files;
  const schema = (summary: string, form: z.ZodObject) => ({
    tags: ['documents'],
    summary,
    consumes: ['multipart/form-data'],
    multipartBody: form,
  });

  scope.post(
    '/api/v1/documents/kyc/identity/',
    {
      onRequest: requireAuth,
      schema: schema(
        'Upload the identity document (front, back)',
        multipartBody(identityDocumentFieldsSchema, {
          front: { required: true },
          back: {
            optional: `Required unless the document has one side (${SINGLE_SIDED_IDENTITY_DOCUMENTS.join(', ')})`,
          },
        }),
      ),
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, IDENTITY_DOCUMENT_FILE_FIELDS);
      const fields = identityDocumentFieldsSchema.safeParse(form.fields);
      const singleSided = (SINGLE_SIDED_IDENTITY_DOCUMENTS as readonly string[]).includes(form.fields.type ?? '');
      const problems: Record<string, FieldMessage[]> = {};
      const files: NewDocumentFile[] = [];
      for (const side of IDENTITY_DOCUMENT_FILE_FIELDS) {
        if (side === 'back' && singleSided && !form.files.back) continue;
        const accepted = acceptedFile(form.files[side], side);
        if ('problem' in accepted) problems[side] = [accepted.problem];
        else files.push(accepted.file);
      }
      if (!fields.success || Object.keys(problems).length > 0) throw validationFailed(issuesOf(fields), problems);
      const item = await uploadIdentityDocument(db, storage, currentUser(request).id, fields.data, files);
      return reply.status(201).send(item);
    },
  );

  scope.post(
    '/api/v1/documents/kyc/address-proof/',
    {
      onRequest: requireAuth,
      schema: schema(
        'Upload the proof of address',
        multipartBody(addressProofFieldsSchema, { [ADDRESS_PROOF_FILE_FIELD]: { required: true } }),
      ),
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, [ADDRESS_PROOF_FILE_FIELD]);
      const fields = addressProofFieldsSchema.safeParse(form.fields);
      const accepted = acceptedFile(form.files[ADDRESS_PROOF_FILE_FIELD], null);
      const problems: Record<string, FieldMessage[]> =
        'problem' in accepted ? { [ADDRESS_PROOF_FILE_FIELD]: [accepted.problem] } : {};
      if (!fields.success || 'problem' in accepted) throw validationFailed(issuesOf(fields), problems);
      const item = await uploadAddressProof(db, storage, currentUser(request).id, fields.data, accepted.file);
      return reply.status(201).send(item);
    },
  );
}

export const documentsModule = fp(async (app: FastifyInstance) => {
  await registerResource(app, myDocuments);
  await registerResource(app, statementsResource);
  await app.register(uploadRoutes);

  app.get(
    '/api/v1/documents/:id/files/:fileId/download/',
    { onRequest: requireAuth, schema: { tags: ['documents'], summary: 'Download a file of a document' } },
    async (request, reply) => {
      const params = request.params as { id: string; fileId: string };
      if (!ID.test(params.id) || !ID.test(params.fileId)) throw notFound();
      const file = await findDocumentFile(app.database.db, viewerOf(request), Number(params.id), Number(params.fileId));
      if (!file) throw notFound();
      return sendFile(reply, app.files, file);
    },
  );
});
