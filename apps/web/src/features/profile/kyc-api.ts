// The KYC uploads (documents API): multipart bodies with the fields of the shared schemas and the files,
// upload progress reported to the form, and the documents on file for the KYC tab.

import {
  ADDRESS_PROOF_UPLOAD_PATH,
  DOCUMENTS_PATH,
  IDENTITY_DOCUMENT_UPLOAD_PATH,
} from '@lombard/shared/document-paths';
import type { ListResponse } from '@lombard/shared/schemas/common';
import type { AddressProofFields, DocumentItem, IdentityDocumentFields } from '@lombard/shared/schemas/documents';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadPercent } from '../../lib/forms/upload';
import { http } from '../../lib/http/client';
import { profileKeys } from '../../lib/profile/profile-query';
import { resourceKeys } from '../../lib/resource/queries';

export const kycDocumentsQuery = queryOptions({
  queryKey: [...resourceKeys.all(DOCUMENTS_PATH), 'kyc'],
  queryFn: async ({ signal }) =>
    (await http.get<ListResponse<DocumentItem>>(DOCUMENTS_PATH, { params: { status: 'active', per_page: 50 }, signal }))
      .data,
});

function multipart(fields: Record<string, string>, files: Record<string, File | null | undefined>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [key, file] of Object.entries(files)) if (file) body.append(key, file, file.name);
  return body;
}

function useUpload<Values>(path: string, toBody: (values: Values) => FormData) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, onProgress }: { values: Values; onProgress(percent: number): void }) => {
      const { data } = await http.post<DocumentItem>(path, toBody(values), {
        silent: [400, 413, 415, 422],
        // Uploads of a few megabytes on a phone line take longer than an ordinary call.
        timeout: 120_000,
        onUploadProgress: (event) => onProgress(uploadPercent(event)),
      });
      return data;
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: resourceKeys.all(DOCUMENTS_PATH) });
      await client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export type IdentityUpload = IdentityDocumentFields & { front: File | null; back: File | null };
export type AddressProofUpload = AddressProofFields & { file: File | null };

export const useUploadIdentityDocument = () =>
  useUpload<IdentityUpload>(IDENTITY_DOCUMENT_UPLOAD_PATH, ({ front, back, ...fields }) =>
    multipart(fields, { front, back: fields.type === 'passport' ? null : back }),
  );

export const useUploadAddressProof = () =>
  useUpload<AddressProofUpload>(ADDRESS_PROOF_UPLOAD_PATH, ({ file, ...fields }) => multipart(fields, { file }));
