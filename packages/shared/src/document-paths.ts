// The documents API's paths, apart from its schemas (schemas/documents.ts): pages that only read answers
// import them and must not bring zod with them (docs/decisions/016).

/** API paths, for the web client and the tests. */
export const DOCUMENTS_PATH = '/api/v1/documents/';
export const IDENTITY_DOCUMENT_UPLOAD_PATH = '/api/v1/documents/kyc/identity/';
export const ADDRESS_PROOF_UPLOAD_PATH = '/api/v1/documents/kyc/address-proof/';
export const documentFileDownloadPath = (documentId: number, fileId: number) =>
  `/api/v1/documents/${documentId}/files/${fileId}/download/`;
