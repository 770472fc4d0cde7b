import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

const kycQueue = async () => ({ Component: (await lazyImport(() => import('./kyc-queue-page'))).KycQueuePage });
const kycReview = async () => ({ Component: (await lazyImport(() => import('./kyc-review-page'))).KycReviewPage });

/** Under customer/backoffice/: the queue, and one person's review. */
export const kycReviewRoutes: RouteObject[] = [
  { path: 'kyc-reviews/', lazy: kycQueue },
  { path: 'kyc-reviews/:id/', lazy: kycReview },
];
