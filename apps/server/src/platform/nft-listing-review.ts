import { eq } from 'drizzle-orm';
import { nftListings, nftMessages } from '../db/schema.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { rejectReasonParams } from './reject-reasons.ts';
import type { Reviewer } from './verification-review.ts';

/**
 * The NFT resale gate (spec: NFT sales need official customer-service
 * review). A user's listing waits in `review`; an operator approves it (it
 * goes on sale in its own window) or rejects it with a reason. No money
 * moves here: a listing holds nothing until someone buys or bids. The
 * console queue and any CLI call this one function.
 */

export type NftListingRow = typeof nftListings.$inferSelect;
export type NftListingDecision = { approve: true } | { approve: false; reason: string };

export function reviewNftListing(ctx: AppContext, id: number, decision: NftListingDecision, reviewer: Reviewer): NftListingRow {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    const before = tx.select().from(nftListings).where(eq(nftListings.id, id)).get();
    if (!before || before.sellerId === null) throw new AppError('errors.nftListingNotFound');
    if (before.status !== 'review') throw new AppError('errors.nftListingNotInReview');
    const after = tx
      .update(nftListings)
      .set(decision.approve ? { status: 'on_sale', reviewedBy: reviewer.actor, reviewedAt: now } : { status: 'rejected', reason: decision.reason, reviewedBy: reviewer.actor, reviewedAt: now })
      .where(eq(nftListings.id, id))
      .returning()
      .get();
    tx.insert(nftMessages)
      .values({
        userId: before.sellerId,
        kind: decision.approve ? 'listing_approved' : 'listing_rejected',
        listingId: id,
        code: before.code,
        params: decision.approve ? {} : { reason: decision.reason },
        createdAt: now,
      })
      .run();
    writeAudit(
      tx,
      { actor: reviewer.actor, operatorId: reviewer.operatorId, ip: reviewer.ip, action: decision.approve ? 'nft_listing.approve' : 'nft_listing.reject', targetType: 'nft_listing', targetId: id, before, after },
      now,
    );
    return after;
  });
}

export function announceNftListingDecision(ctx: AppContext, row: NftListingRow): void {
  if (row.sellerId === null) return;
  ctx.bus.emit('user', {
    userId: row.sellerId,
    kind: row.status === 'on_sale' ? 'nft.listing_approved' : 'nft.listing_rejected',
    refType: 'nft_listing',
    refId: row.id,
    params: { code: row.code, ...(row.status === 'rejected' ? rejectReasonParams('nftListings', row.reason) : {}) },
    time: ctx.now(),
  });
}
