import type { MessageKey, MessageParams } from './i18n.ts';

/** A business error: answered as `{type:"error"}` with HTTP 200 and the message in the caller's language. */
export class AppError extends Error {
  readonly envelopeType: string = 'error';
  constructor(
    readonly key: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(key);
  }
}

/** Missing, expired or revoked token on a protected call. */
export class SessionInvalidError extends AppError {
  override readonly envelopeType = '999';
  constructor(key: MessageKey = 'errors.sessionInvalid') {
    super(key);
  }
}

/** The action needs identity verification first. */
export class VerificationRequiredError extends AppError {
  override readonly envelopeType = '998';
}
