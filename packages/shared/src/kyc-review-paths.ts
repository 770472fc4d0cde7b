// The back office's KYC review paths, apart from its schemas (schemas/kyc-review.ts): pages that only
// read answers import them and must not bring zod with them (docs/decisions/016).

export const KYC_REVIEWS_PATH = '/api/v1/backoffice/kyc-reviews/';
export const kycReviewPath = (userId: number) => `/api/v1/backoffice/kyc-reviews/${userId}/`;
export const kycStepDecisionPath = (userId: number, step: string, decision: 'approve' | 'reject') =>
  `/api/v1/backoffice/kyc-reviews/${userId}/steps/${step}/${decision}/`;
