/** What other parts of the server may use from this feature; the review decision itself lives in platform/verification-review.ts. */
export { verificationSummary } from './service.ts';
export { verificationFeature } from './routes.ts';
