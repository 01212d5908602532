import type { Language } from '@openbourse/i18n';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { language, optionalText } from './fields.ts';
import { hasMessage, translate } from './i18n.ts';

/**
 * Refusal reasons of the review gates. An operator picks a listed reason (its
 * code) or writes one. A listed reason is stored as its message key, so each
 * reader (the user, an operator) sees it in their own language; a written one
 * is stored and shown as written, which is also what rows from before the
 * lists hold.
 */

const GATES = {
  verification: { prefix: 'verification.rejectReasons.', codes: ['blurred', 'mismatch', 'expired', 'incomplete'] },
  deposits: { prefix: 'rejectReasons.deposits.', codes: ['amount_mismatch', 'tx_not_found', 'wrong_network', 'duplicate_receipt'] },
  withdrawals: { prefix: 'rejectReasons.withdrawals.', codes: ['address_risk', 'payee_mismatch', 'verification_needed', 'limit_exceeded', 'suspicious_activity'] },
  nftListings: { prefix: 'rejectReasons.nftListings.', codes: ['copyright', 'inappropriate_content', 'low_quality', 'misleading_description'] },
  traderApplications: { prefix: 'rejectReasons.traderApplications.', codes: ['insufficient_history', 'incomplete_profile', 'risk_too_high'] },
} as const satisfies Record<string, { prefix: string; codes: readonly [string, ...string[]] }>;

export type RejectGate = keyof typeof GATES;

/** The stored form (message key) of a listed reason. */
export function rejectReasonKey(gate: RejectGate, code: string): string {
  return `${GATES[gate].prefix}${code}`;
}

/** The listed reason's code of a stored refusal reason, or null for a reason the operator wrote. */
function rejectReasonCode(gate: RejectGate, stored: string | null): string | null {
  const { prefix, codes } = GATES[gate];
  const code = stored?.startsWith(prefix) ? stored.slice(prefix.length) : null;
  return code !== null && (codes as readonly string[]).includes(code) ? code : null;
}

/** A stored refusal reason as the reader should see it: a listed reason in their language, a written one as written. */
export function presentRejectReason(gate: RejectGate, language: Language, stored: string | null): string | null {
  return rejectReasonCode(gate, stored) !== null && hasMessage(stored as string) ? translate(language, stored as string) : stored;
}

/** A stored refusal reason of whichever gate as the reader should see it (the audit trail, which holds every gate's). */
export function presentStoredReason(language: Language, stored: string): string {
  const gate = (Object.keys(GATES) as RejectGate[]).find((candidate) => rejectReasonCode(candidate, stored) !== null);
  return gate ? (presentRejectReason(gate, language, stored) as string) : stored;
}

/** A listed reason's code written out in the reader's language (a notification's `reason_code`), or null when it is not one of the gate's. */
export function rejectReasonText(gate: RejectGate, language: Language, code: unknown): string | null {
  return typeof code === 'string' && (GATES[gate].codes as readonly string[]).includes(code) ? translate(language, rejectReasonKey(gate, code)) : null;
}

/** The gate's listed reasons in the operator's language, for the console's reject dialog. */
export function listedRejectReasons(gate: RejectGate, language: Language): { code: string; text: string }[] {
  return GATES[gate].codes.map((code) => ({ code, text: translate(language, rejectReasonKey(gate, code)) }));
}

/** A reject route's body: a listed reason (`reason_code`) or a written one (`reason`). An unlisted code is refused with `console.unknownReason`. */
export function rejectBody(gate: RejectGate) {
  return z.object({
    reason_code: z
      .preprocess((value) => (value === '' ? undefined : value), z.enum(GATES[gate].codes, { error: 'console.unknownReason' }).optional())
      .describe('A listed reason, shown to the user in their language; or write one in `reason`'),
    reason: optionalText(200).describe('A written reason, shown to the user as written'),
    lang: language(),
  });
}

/** What a reject body stores: the listed reason's key, else the written reason; neither is refused. */
export function storedRejectReason(gate: RejectGate, body: { reason_code?: string; reason?: string }): string {
  if (body.reason_code) return rejectReasonKey(gate, body.reason_code);
  if (body.reason) return body.reason;
  throw new AppError('console.reasonRequired');
}

/** A refusal's reason in an event: a listed one travels as its code (`reason_code`) and is written out when read, a written one as `reason`. */
export function rejectReasonParams(gate: RejectGate, stored: string | null): { reason_code: string } | { reason: string } {
  const code = rejectReasonCode(gate, stored);
  return code !== null ? { reason_code: code } : { reason: stored ?? '' };
}
