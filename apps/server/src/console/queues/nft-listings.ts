import { formatMinor } from '@openbourse/core';
import { count, desc, eq } from 'drizzle-orm';
import type { Language } from '@openbourse/i18n';
import { z } from 'zod';
import { nftArtworks, nftBlindBoxes, nftBlindSeries, nftCollections, nftListings, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { id, language, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { announceNftListingDecision, type NftListingRow, reviewNftListing } from '../../platform/nft-listing-review.ts';
import { listedRejectReasons, presentRejectReason, rejectBody, storedRejectReason } from '../../platform/reject-reasons.ts';
import { consoleDoc } from '../scope.ts';
import { reviewerOf } from '../sessions.ts';
import { queueList } from './queue-list.ts';
import type { ReviewQueue } from './registry.ts';

/**
 * NFT resale listings (spec: NFT sales need official customer-service
 * review). A user listed an artwork or an unopened blind box at a fixed
 * price or as an auction; the operator checks the item and the terms and
 * approves (it goes on sale in its window) or rejects with a reason.
 */

const STATUSES = ['review', 'on_sale', 'rejected', 'sold', 'unsold', 'awaiting_payment'] as const;
const listQuery = z.object({ status: z.enum(STATUSES).default('review'), ...pagination });
const idParams = z.object({ id: id() });

function nftCurrency(ctx: AppContext) {
  const currency = ctx.catalog.currencyBySymbol('USDT');
  if (!currency) throw new Error('NFT listings are priced in USDT');
  return currency;
}

function itemOf(ctx: AppContext, row: NftListingRow) {
  if (row.itemType === 'box') {
    const box = ctx.db.select().from(nftBlindBoxes).where(eq(nftBlindBoxes.id, row.itemId)).get();
    const series = box ? ctx.db.select().from(nftBlindSeries).where(eq(nftBlindSeries.id, box.seriesId)).get() : undefined;
    return { type: 'box', title: series?.title.en ?? row.code, cover: series?.cover ?? null, media_type: null, media: null, rarity: null, collection: null, royalty_rate: null };
  }
  const artwork = ctx.db.select().from(nftArtworks).where(eq(nftArtworks.id, row.itemId)).get();
  const collection = artwork ? ctx.db.select().from(nftCollections).where(eq(nftCollections.id, artwork.collectionId)).get() : undefined;
  return {
    type: 'artwork',
    title: artwork?.title.en ?? row.code,
    cover: artwork?.cover ?? null,
    media_type: artwork?.mediaType ?? null,
    media: artwork?.media ?? null,
    rarity: artwork?.rarity ?? null,
    collection: collection?.name.en ?? null,
    royalty_rate: collection ? collection.royaltyRate / 10_000 : null,
  };
}

function listItem(ctx: AppContext, row: NftListingRow, account: string | null, lang: Language) {
  const currency = nftCurrency(ctx);
  const money = (units: number) => formatMinor(units, currency.scale);
  return {
    id: row.id,
    user_id: row.sellerId,
    account,
    code: row.code,
    item_type: row.itemType,
    mode: row.mode,
    price: money(row.price),
    increase: money(row.increase),
    margin: money(row.margin),
    currency: currency.symbol,
    start_at: row.startAt,
    end_at: row.endAt,
    status: row.status,
    reason: presentRejectReason('nftListings', lang, row.reason),
    submitted_at: row.createdAt,
    reviewed_at: row.reviewedAt,
    reviewed_by: row.reviewedBy,
  };
}

function findUserListing(ctx: AppContext, listingId: number): NftListingRow {
  const row = ctx.db.select().from(nftListings).where(eq(nftListings.id, listingId)).get();
  if (!row || row.sellerId === null) throw new AppError('errors.nftListingNotFound');
  return row;
}

export const nftListingsQueue: ReviewQueue = {
  key: 'nft-listings',
  permissions: { view: 'nft-listings.view', decide: 'nft-listings.decide' },

  pending: (ctx) => ctx.db.select({ total: count() }).from(nftListings).where(eq(nftListings.status, 'review')).get()?.total ?? 0,

  routes: (api, { ctx, guards }) => {
    const { db } = ctx;
    const view = guards.permit('nft-listings.view');
    const decide = guards.permit('nft-listings.decide');

    api.get('/', { schema: consoleDoc('Users\' NFT resale listings by status (default: waiting for review, oldest first)', { querystring: listQuery }), preValidation: view }, async (request) => {
      const { status, page, limit } = request.query;
      const window = pageWindow(page, limit);
      const where = eq(nftListings.status, status);
      const { rows, total } = queueList(db, nftListings, { owner: nftListings.sellerId, where, oldestFirst: status === 'review', window });
      return ok(toPage(rows.map(({ row, account }) => listItem(ctx, row, account, request.lang)), window, total));
    });

    api.get('/:id', { schema: consoleDoc('One listing: the item (media, collection, royalty), the terms, the seller and their other listings', { params: idParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) => {
      const row = findUserListing(ctx, request.params.id);
      const user = db.select().from(users).where(eq(users.id, row.sellerId as number)).get();
      const others = db
        .select()
        .from(nftListings)
        .where(eq(nftListings.sellerId, row.sellerId as number))
        .orderBy(desc(nftListings.id))
        .limit(10)
        .all()
        .filter((other) => other.id !== row.id);
      return ok({
        ...listItem(ctx, row, user?.email ?? user?.phone ?? null, request.lang),
        item: itemOf(ctx, row),
        user: user ? { id: user.id, email: user.email, phone: user.phone, nickname: user.nickname, frozen: user.frozenAt !== null, created_at: user.createdAt } : null,
        history: others.map((other) => listItem(ctx, other, null, request.lang)),
        reject_reasons: listedRejectReasons('nftListings', request.lang),
      });
    });

    api.post('/:id/approve', { schema: consoleDoc('Approve: the listing goes on sale in its window', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: decide }, async (request) => {
      const row = reviewNftListing(ctx, request.params.id, { approve: true }, reviewerOf(request));
      announceNftListingDecision(ctx, row);
      return ok(listItem(ctx, row, null, request.lang));
    });

    api.post('/:id/reject', { schema: consoleDoc('Reject with a listed reason (reason_code, shown to the user in their language) or a written one (reason); the item stays with the user', { params: idParams, body: rejectBody('nftListings') }), preValidation: decide }, async (request) => {
      const row = reviewNftListing(ctx, request.params.id, { approve: false, reason: storedRejectReason('nftListings', request.body) }, reviewerOf(request));
      announceNftListingDecision(ctx, row);
      return ok(listItem(ctx, row, null, request.lang));
    });
  },
};
