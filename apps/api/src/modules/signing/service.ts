// The signing module's face to the rest of the API: documents signed and acts confirmed with the customer's
// strongest factor (signatures.ts), and the acts done by a later request, bound to their terms (acts.ts).
export {
  ACT_PURPOSES,
  type ActConfirmationRequest,
  type ActPurpose,
  confirmActSignature,
  consumeSignaturesSql,
  hasConfirmationFactor,
  releaseSignaturesSql,
  requestActConfirmation,
  signatureRefusal,
} from './acts';
export {
  askedDetail,
  challengeOf,
  confirmSignature,
  consumeSignature,
  fileSignedDocument,
  latestSignatureOf,
  ORDER_SIGNATURE_PURPOSE,
  type OrderTerms,
  requestOrderSignature,
  requestSignature,
  type SignatureRequest,
  type SignatureRequested,
  signatureDocument,
  signatureRecords,
} from './signatures';
