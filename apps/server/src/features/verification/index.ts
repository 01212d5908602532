/** What other parts of the server may use from this feature. */
export { listVerifications, reviewVerification, verificationSummary } from './service.ts';
export { verificationFeature } from './routes.ts';
