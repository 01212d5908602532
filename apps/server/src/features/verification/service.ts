import { ID_TYPES, type IdType, isValidDocumentNumber } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityVerifications } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isOwnUpload } from '../../platform/uploaded-files.ts';
import { findUserById } from '../../platform/users.ts';
import { presentRejectReason } from '../../platform/reject-reasons.ts';
import type { VerificationRow } from '../../platform/verification-review.ts';
export type VerificationState = 'none' | 'review' | 'verified' | 'failed';

/** Numeric states for clients that switch on numbers: 0 not verified, 1 in review, 2 verified, 3 failed. */
export const STATE_CODES: Record<VerificationState, number> = { none: 0, review: 1, verified: 2, failed: 3 };

export interface VerificationSummary {
  level: number;
  state: VerificationState;
  status: number;
  /** The level under review or last refused, when there is one. */
  pending_level: number | null;
  reason: string | null;
}

function latestPerLevel(db: Db, userId: number): Map<number, VerificationRow> {
  const rows = db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId)).orderBy(desc(identityVerifications.id)).all();
  const latest = new Map<number, VerificationRow>();
  for (const row of rows) if (!latest.has(row.level)) latest.set(row.level, row);
  return latest;
}

/** The user's verification at a glance: what /user/info and /real/state report, a refusal's reason in the reader's language. */
export function verificationSummary(db: Db, userId: number, level: number, lang: Language): VerificationSummary {
  const next = latestPerLevel(db, userId).get(level + 1);
  if (next?.status === 'review') return { level, state: 'review', status: STATE_CODES.review, pending_level: next.level, reason: null };
  if (next?.status === 'failed') return { level, state: 'failed', status: STATE_CODES.failed, pending_level: next.level, reason: presentRejectReason('verification', lang, next.reason) };
  const state: VerificationState = level > 0 ? 'verified' : 'none';
  return { level, state, status: STATE_CODES[state], pending_level: null, reason: null };
}

function maskName(name: string | null): string | null {
  if (!name) return null;
  const characters = [...name];
  return characters.length <= 1 ? name : `${characters[0]}${'*'.repeat(characters.length - 1)}`;
}

function maskDocument(cardId: string | null): string | null {
  if (!cardId) return null;
  return cardId.length <= 6 ? `${cardId.slice(0, 1)}****` : `${cardId.slice(0, 3)}${'*'.repeat(cardId.length - 6)}${cardId.slice(-3)}`;
}

export function describeLevel(row: VerificationRow | undefined, lang: Language) {
  if (!row) return { state: 'none' as const, status: STATE_CODES.none };
  return {
    id: row.id,
    state: row.status,
    status: STATE_CODES[row.status],
    id_type: row.idType,
    name: maskName(row.name),
    card_id: maskDocument(row.cardId),
    reason: presentRejectReason('verification', lang, row.reason),
    submitted_at: row.createdAt,
    reviewed_at: row.reviewedAt,
  };
}

export function verificationDetails(db: Db, userId: number, lang: Language) {
  const user = findUserById(db, userId);
  if (!user) throw new AppError('errors.pleaseLogin');
  const latest = latestPerLevel(db, userId);
  return {
    ...verificationSummary(db, userId, user.verificationLevel, lang),
    email_bound: Boolean(user.email),
    phone_bound: Boolean(user.phone),
    lv1: describeLevel(latest.get(1), lang),
    lv2: describeLevel(latest.get(2), lang),
  };
}

export interface SubmissionInput {
  realType: 1 | 2;
  idType?: IdType;
  name?: string;
  cardId?: string;
  frontPic?: string;
  reversePic?: string;
}

export function submitVerification(ctx: AppContext, userId: number, input: SubmissionInput): void {
  const { db } = ctx;
  const user = findUserById(db, userId);
  if (!user) throw new AppError('errors.pleaseLogin');
  if (!user.email || !user.phone) throw new AppError('errors.bindEmailAndPhoneFirst');
  if (user.verificationLevel >= input.realType) throw new AppError('errors.verificationAlreadyDone');
  if (input.realType === 2 && user.verificationLevel < 1) throw new AppError('errors.verificationLv1First');
  const latest = latestPerLevel(db, userId);
  if ([...latest.values()].some((row) => row.status === 'review')) throw new AppError('errors.verificationInReview');

  if (!input.frontPic || !isOwnUpload(db, userId, input.frontPic)) throw new AppError('validation.frontPicture');
  let documentFields: Pick<VerificationRow, 'idType' | 'name' | 'cardId' | 'reversePic'>;
  if (input.realType === 1) {
    if (!input.idType) throw new AppError('validation.required', { field: { key: 'fields.id_type' } });
    if (!input.name) throw new AppError('validation.realName');
    const cardId = input.cardId?.toUpperCase() ?? '';
    if (!isValidDocumentNumber(input.idType, cardId)) {
      throw new AppError(input.idType === ID_TYPES.idCard ? 'validation.idCard' : 'validation.documentNumber');
    }
    assertDocumentUnused(db, userId, input.idType, cardId);
    documentFields = { idType: input.idType, name: input.name, cardId, reversePic: null };
  } else {
    if (!input.reversePic || !isOwnUpload(db, userId, input.reversePic)) throw new AppError('validation.reversePicture');
    documentFields = { idType: null, name: null, cardId: null, reversePic: input.reversePic };
  }
  db.insert(identityVerifications)
    .values({ userId, level: input.realType, frontPic: input.frontPic, status: 'review', createdAt: ctx.now(), ...documentFields })
    .run();
}

/** One identity document verifies one account. */
function assertDocumentUnused(db: Db, userId: number, idType: number, cardId: string): void {
  const taken = db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.idType, idType),
        eq(identityVerifications.cardId, cardId),
        ne(identityVerifications.userId, userId),
        inArray(identityVerifications.status, ['review', 'verified']),
      ),
    )
    .get();
  if (taken) throw new AppError('errors.documentInUse');
}
