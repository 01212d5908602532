import {
  type AuctionTerms,
  blindBoxContent,
  checkBid,
  formatMinor,
  millionthsToPercent,
  minimumBid,
  PAYMENT_REMINDER_LEAD_MS,
  paymentDeadline,
  paymentReminderDue,
  purchaseWindowError,
  rarityOdds,
  saleSplit,
  saleState,
  saleTimeFlag,
  settleMargins,
  winnerPayment,
} from '@openbourse/core';
import { isLanguage, type Language } from '@openbourse/i18n';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nftArtists, nftArtworks, nftBids, nftBlindBoxes, nftBlindSeries, nftCollections, nftFavourites, nftListings, nftMargins, nftMessages } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { type PostingLine, post } from '../../ledger/ledger.ts';
import type { UserEvent } from '../../market/bus.ts';
import { parseUserAmount } from '../../platform/amounts.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { presentRejectReason } from '../../platform/reject-reasons.ts';
import type { NftTerms } from './seed.ts';

type Artwork = typeof nftArtworks.$inferSelect;
type Listing = typeof nftListings.$inferSelect;
type Series = typeof nftBlindSeries.$inferSelect;
type Box = typeof nftBlindBoxes.$inferSelect;
type MessageKind = (typeof nftMessages.$inferInsert)['kind'];

/** A message's values as the reader sees them: a listed refusal reason in their language. */
function presentMessageParams(params: Record<string, string | number>, lang: Language): Record<string, string | number> {
  return typeof params.reason === 'string' ? { ...params, reason: presentRejectReason('nftListings', lang, params.reason) ?? '' } : params;
}

/** A listing still in play: it blocks another listing of the same item and the item's opening. */
const LIVE_STATUSES = ['review', 'on_sale', 'awaiting_payment'] as const;

const localized = (text: Record<string, string>, lang: string) => text[lang] ?? text.en ?? '';

/** "", "0", "0.00": not a price or an increase (parseUserAmount refuses them with a generic message). */
const isZero = (text: string) => /^\s*0*(\.0*)?\s*$/.test(text);

const auctionTerms = (listing: Listing): AuctionTerms => ({ startAt: listing.startAt, endAt: listing.endAt, startPrice: listing.price, increase: listing.increase });

export interface ResellInput {
  code: string;
  mode: 1 | 2;
  price: string;
  increase?: string | undefined;
  startAt: number;
  endAt: number;
}

export interface CatalogueFilter {
  keyword?: string | undefined;
  collectionId?: number | undefined;
  artist?: string | undefined;
  type?: string | undefined;
  mode?: number | undefined;
}

export function createNftService(ctx: AppContext, terms: NftTerms) {
  const { db } = ctx;
  const currency = terms.currency;
  const spotType = ctx.catalog.accountTypeByCode('change');
  if (!spotType) throw new Error('the NFT marketplace pays from the change (spot) account');
  const spot = (userId: number): AccountRef => ({ userId, currencyId: currency.id, accountTypeId: spotType.id });
  const system = (code: 'fees' | 'treasury' | 'royalties'): AccountRef => ({ system: code, currencyId: currency.id });
  const money = (units: number | null) => (units === null ? null : formatMinor(units, currency.scale));

  function announce(events: UserEvent[]): void {
    for (const event of events) ctx.bus.emit('user', event);
    for (const userId of new Set(events.map((event) => event.userId))) ctx.bus.emit('balance', { userId });
  }

  /** Stores a message for the user's NFT inbox and answers the bus event to emit once the transaction has committed. */
  function message(tx: Db, userId: number, kind: MessageKind, listing: Listing, params: Record<string, string | number>, now: number): UserEvent {
    tx.insert(nftMessages).values({ userId, kind, listingId: listing.id, code: listing.code, params, createdAt: now }).run();
    return { userId, kind: `nft.${kind}`, refType: 'nft_listing', refId: listing.id, params: { code: listing.code, ...params }, time: now };
  }

  // ---- reading ---------------------------------------------------------------

  function liveListing(tx: Db, itemType: 'artwork' | 'box', itemId: number): Listing | undefined {
    return tx
      .select()
      .from(nftListings)
      .where(and(eq(nftListings.itemType, itemType), eq(nftListings.itemId, itemId), inArray(nftListings.status, [...LIVE_STATUSES])))
      .get();
  }

  /** The listing a page shows for an artwork: the live one, else the latest that was not rejected. */
  function shownListings(artworkIds: number[]): Map<number, Listing> {
    if (artworkIds.length === 0) return new Map();
    const rows = db
      .select()
      .from(nftListings)
      .where(and(eq(nftListings.itemType, 'artwork'), inArray(nftListings.itemId, artworkIds), ne(nftListings.status, 'rejected')))
      .orderBy(asc(nftListings.id))
      .all();
    const shown = new Map<number, Listing>();
    for (const row of rows) {
      const current = shown.get(row.itemId);
      const live = (LIVE_STATUSES as readonly string[]).includes(row.status);
      if (!current || live || !(LIVE_STATUSES as readonly string[]).includes(current.status)) shown.set(row.itemId, row);
    }
    return shown;
  }

  function listingView(listing: Listing | undefined, userId: number | null, now: number) {
    if (!listing) return null;
    const margin = userId === null ? undefined : db.select().from(nftMargins).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.userId, userId))).get();
    const sold = listing.status === 'sold';
    return {
      listing_id: listing.id,
      /** 1 fixed price, 2 auction. */
      sale_mode: listing.mode === 'auction' ? 2 : 1,
      price: money(listing.price),
      increase: money(listing.increase),
      margin: money(listing.margin),
      start_time: listing.startAt,
      end_time: listing.endAt,
      status: listing.status,
      /** The spec's sale-time helper: 2 before the start, inside 0 (status 0: on sale) or 1, 0 after the end. */
      sale_time: saleTimeFlag(now, listing.startAt, listing.endAt, listing.status === 'on_sale' ? 0 : 1),
      state: listing.status === 'review' ? 'in_review' : saleState(now, { startAt: listing.startAt, endAt: listing.endAt, sold, awaitingPayment: listing.status === 'awaiting_payment' || (listing.status === 'on_sale' && listing.bidCount > 0) }),
      current_bid: money(listing.currentBid),
      min_bid: listing.mode === 'auction' ? money(minimumBid(auctionTerms(listing), listing.currentBid)) : null,
      bid_count: listing.bidCount,
      is_highest: userId !== null && listing.currentBidderId === userId,
      margin_paid: margin?.status === 'held' || margin?.status === 'applied',
      is_seller: userId !== null && listing.sellerId === userId,
      seller: listing.sellerId === null ? 'platform' : 'user',
      payment_deadline: listing.paymentDeadline,
      is_winner: userId !== null && listing.winnerId === userId,
      sold_price: money(listing.soldPrice),
    };
  }

  function artistsById(ids: number[]) {
    const rows = ids.length === 0 ? [] : db.select().from(nftArtists).where(inArray(nftArtists.id, ids)).all();
    return new Map(rows.map((row) => [row.id, row]));
  }

  function collectionsById(ids: number[]) {
    const rows = ids.length === 0 ? [] : db.select().from(nftCollections).where(inArray(nftCollections.id, ids)).all();
    return new Map(rows.map((row) => [row.id, row]));
  }

  function presentArtworks(rows: Artwork[], userId: number | null, lang: string) {
    const now = ctx.now();
    const listings = shownListings(rows.map((row) => row.id));
    const artists = artistsById([...new Set(rows.map((row) => row.artistId))]);
    const collections = collectionsById([...new Set(rows.map((row) => row.collectionId))]);
    const favourites =
      userId === null || rows.length === 0
        ? new Set<number>()
        : new Set(
            db
              .select({ id: nftFavourites.artworkId })
              .from(nftFavourites)
              .where(and(eq(nftFavourites.userId, userId), inArray(nftFavourites.artworkId, rows.map((row) => row.id))))
              .all()
              .map((row) => row.id),
          );
    return rows.map((row) => {
      const artist = artists.get(row.artistId);
      const collection = collections.get(row.collectionId);
      return {
        id: row.id,
        code: row.code,
        title: localized(row.title, lang),
        description: localized(row.description, lang),
        type: row.mediaType,
        media: row.media,
        cover: row.cover,
        rarity: row.rarity,
        edition: row.edition,
        creator: artist ? { uid: artist.uid, name: artist.name, avatar: artist.avatar } : null,
        collection: collection ? { id: collection.id, name: localized(collection.name, lang), royalty_rate: millionthsToPercent(collection.royaltyRate), royalty_millionths: collection.royaltyRate } : null,
        owner: row.ownerId === null ? 'platform' : 'user',
        is_mine: userId !== null && row.ownerId === userId,
        collected: favourites.has(row.id),
        in_blind_box: row.seriesId !== null,
        currency: currency.symbol,
        fee_rate: millionthsToPercent(terms.feeRate),
        fee_millionths: terms.feeRate,
        sale: listingView(listings.get(row.id), userId, now),
      };
    });
  }

  function matchesKeyword(row: Artwork, keyword: string, artistName: string, collectionName: Record<string, string>): boolean {
    const needle = keyword.toLowerCase();
    return [...Object.values(row.title), row.code, artistName, ...Object.values(collectionName)].some((text) => text.toLowerCase().includes(needle));
  }

  /** The artworks anyone may see: those in a blind box stay hidden until their box is opened (counts included). */
  function visibleArtworks(): Artwork[] {
    const openedIds = new Set(
      db
        .select({ id: nftBlindBoxes.artworkId })
        .from(nftBlindBoxes)
        .where(isNotNull(nftBlindBoxes.openedAt))
        .all()
        .map((row) => row.id),
    );
    return db
      .select()
      .from(nftArtworks)
      .orderBy(asc(nftArtworks.id))
      .all()
      .filter((row) => row.seriesId === null || openedIds.has(row.id));
  }

  /** Artworks to browse and search. */
  function artworks(filter: CatalogueFilter, userId: number | null, lang: string, page: number, limit: number) {
    let rows = visibleArtworks();
    if (filter.collectionId !== undefined) rows = rows.filter((row) => row.collectionId === filter.collectionId);
    if (filter.type) rows = rows.filter((row) => row.mediaType === filter.type);
    const artists = artistsById([...new Set(rows.map((row) => row.artistId))]);
    if (filter.artist) rows = rows.filter((row) => artists.get(row.artistId)?.uid === filter.artist);
    if (filter.keyword) {
      const collections = collectionsById([...new Set(rows.map((row) => row.collectionId))]);
      const keyword = filter.keyword;
      rows = rows.filter((row) => matchesKeyword(row, keyword, artists.get(row.artistId)?.name ?? '', collections.get(row.collectionId)?.name ?? {}));
    }
    let list = presentArtworks(rows, userId, lang);
    if (filter.mode !== undefined) list = list.filter((item) => item.sale?.sale_mode === filter.mode);
    const window = pageWindow(page, limit);
    return toPage(list.slice(window.offset, window.offset + window.limit), window, list.length);
  }

  function artworkById(id: number): Artwork {
    const row = db.select().from(nftArtworks).where(eq(nftArtworks.id, id)).get();
    if (!row || (row.seriesId !== null && !openedArtwork(row.id))) throw new AppError('errors.nftNotFound');
    return row;
  }

  function openedArtwork(artworkId: number): boolean {
    const box = db.select().from(nftBlindBoxes).where(eq(nftBlindBoxes.artworkId, artworkId)).get();
    return box?.openedAt !== null && box?.openedAt !== undefined;
  }

  function artworkDetail(id: number, userId: number | null, lang: string) {
    const row = artworkById(id);
    return presentArtworks([row], userId, lang)[0];
  }

  function artists(lang: string) {
    const rows = db.select().from(nftArtists).orderBy(asc(nftArtists.id)).all();
    const worksOf = new Map<number, number>();
    for (const artwork of visibleArtworks()) worksOf.set(artwork.artistId, (worksOf.get(artwork.artistId) ?? 0) + 1);
    return rows.map((row) => ({ uid: row.uid, name: row.name, avatar: row.avatar, biography: localized(row.biography, lang), works: worksOf.get(row.id) ?? 0 }));
  }

  function artistDetail(uid: string, userId: number | null, lang: string) {
    const artist = db.select().from(nftArtists).where(eq(nftArtists.uid, uid)).get();
    if (!artist) throw new AppError('errors.nftNotFound');
    const works = artworks({ artist: uid }, userId, lang, 1, 100);
    return { uid: artist.uid, name: artist.name, avatar: artist.avatar, biography: localized(artist.biography, lang), works: works.list };
  }

  function collections(lang: string) {
    const rows = db.select().from(nftCollections).orderBy(asc(nftCollections.id)).all();
    const items = visibleArtworks();
    const listings = db.select().from(nftListings).where(eq(nftListings.itemType, 'artwork')).all();
    const collectionOf = new Map(items.map((item) => [item.id, item.collectionId]));
    const now = ctx.now();
    return rows.map((row) => {
      const own = listings.filter((listing) => collectionOf.get(listing.itemId) === row.id);
      const onSale = own.filter((listing) => listing.status === 'on_sale' && listing.mode === 'normal' && listing.startAt <= now && now < listing.endAt);
      const floor = onSale.length === 0 ? null : Math.min(...onSale.map((listing) => listing.price));
      const volume = own.reduce((total, listing) => total + (listing.soldPrice ?? 0), 0);
      const artist = db.select().from(nftArtists).where(eq(nftArtists.id, row.artistId)).get();
      return {
        id: row.id,
        name: localized(row.name, lang),
        description: localized(row.description, lang),
        cover: row.cover,
        creator: artist ? { uid: artist.uid, name: artist.name, avatar: artist.avatar } : null,
        items: items.filter((item) => item.collectionId === row.id).length,
        floor_price: money(floor),
        volume: money(volume),
        royalty_rate: millionthsToPercent(row.royaltyRate),
        currency: currency.symbol,
      };
    });
  }

  /** The series' unopened boxes that owners resell and that can be bought now (fixed price, approved, in their window), cheapest first. */
  function boxResales(boxes: Box[], now: number, viewerId: number | null) {
    const byId = new Map(boxes.map((box) => [box.id, box]));
    const listings = byId.size === 0 ? [] : db.select().from(nftListings).where(and(eq(nftListings.itemType, 'box'), eq(nftListings.status, 'on_sale'), inArray(nftListings.itemId, [...byId.keys()]))).all();
    return listings
      .filter((listing) => listing.startAt <= now && now < listing.endAt)
      .sort((a, b) => a.price - b.price || a.id - b.id)
      .map((listing) => ({ code: listing.code, box_number: (byId.get(listing.itemId) as Box).boxNumber, price: money(listing.price), currency: currency.symbol, end_time: listing.endAt, mine: viewerId !== null && listing.sellerId === viewerId }));
  }

  function presentSeries(series: Series, lang: string, viewerId: number | null) {
    const members = db.select().from(nftArtworks).where(eq(nftArtworks.seriesId, series.id)).orderBy(asc(nftArtworks.id)).all();
    const opened = db.select().from(nftBlindBoxes).where(eq(nftBlindBoxes.seriesId, series.id)).orderBy(asc(nftBlindBoxes.boxNumber)).all();
    const now = ctx.now();
    return {
      id: series.id,
      code: series.code,
      title: localized(series.title, lang),
      cover: series.cover,
      price: money(series.price),
      currency: currency.symbol,
      start_time: series.startAt,
      end_time: series.endAt,
      total: members.length,
      sold: series.sold,
      state: saleState(now, { startAt: series.startAt, endAt: series.endAt, sold: series.sold >= members.length }),
      sale_time: saleTimeFlag(now, series.startAt, series.endAt, series.sold >= members.length ? 1 : 0),
      /** What a box may hold, with each rarity's share of the series. */
      possible: members.map((member) => ({ id: member.id, title: localized(member.title, lang), rarity: member.rarity, cover: member.cover, type: member.mediaType })),
      odds: rarityOdds(members.map((member) => member.rarity)).map((odds) => ({ ...odds, percent: millionthsToPercent(odds.oddsMillionths) })),
      commitment: series.commitment,
      committed_at: series.committedAt,
      // The seed stays secret until the series sells out or ends.
      seed: series.revealedAt === null ? null : series.seed,
      revealed_at: series.revealedAt,
      opened: series.revealedAt === null ? [] : opened.filter((box) => box.openedAt !== null).map((box) => ({ box_number: box.boxNumber, code: box.code, artwork_id: box.artworkId })),
      resales: boxResales(opened, now, viewerId),
    };
  }

  function blindSeries(lang: string, viewerId: number | null) {
    return db.select().from(nftBlindSeries).orderBy(asc(nftBlindSeries.id)).all().map((series) => presentSeries(series, lang, viewerId));
  }

  // ---- buying ----------------------------------------------------------------

  /** Fee, royalty and the seller's share of a sale, posted in one journal entry with the buyer's payment. */
  function saleLines(listing: Listing, price: number, payer: PostingLine[]): { lines: PostingLine[]; fee: number; royalty: number } {
    const royaltyRate = listing.sellerId === null ? 0 : royaltyRateOf(listing);
    const split = saleSplit(price, terms.feeRate, royaltyRate, listing.sellerId !== null);
    const lines: PostingLine[] = [...payer];
    if (split.fee > 0) lines.push({ account: system('fees'), bucket: 'available', amount: split.fee });
    if (split.royalty > 0) lines.push({ account: system('royalties'), bucket: 'available', amount: split.royalty });
    if (split.seller > 0) lines.push({ account: listing.sellerId === null ? system('treasury') : spot(listing.sellerId), bucket: 'available', amount: split.seller });
    return { lines, fee: split.fee, royalty: split.royalty };
  }

  const collectionRoyalty = (collectionId: number) => db.select().from(nftCollections).where(eq(nftCollections.id, collectionId)).get()?.royaltyRate ?? 0;

  /**
   * An unopened box's royalty is its series' lowest: one that followed the
   * artwork inside would tell the seller (in the preview, or from the amount
   * booked) which collection the box holds before they open it.
   */
  function seriesRoyaltyRate(seriesId: number): number {
    const members = db.select({ collectionId: nftArtworks.collectionId }).from(nftArtworks).where(eq(nftArtworks.seriesId, seriesId)).all();
    return Math.min(...members.map((member) => collectionRoyalty(member.collectionId)));
  }

  function royaltyRateOf(listing: Listing): number {
    if (listing.itemType === 'box') return seriesRoyaltyRate((db.select().from(nftBlindBoxes).where(eq(nftBlindBoxes.id, listing.itemId)).get() as Box).seriesId);
    return collectionRoyalty((db.select().from(nftArtworks).where(eq(nftArtworks.id, listing.itemId)).get() as Artwork).collectionId);
  }

  function transferItem(tx: Db, listing: Listing, buyerId: number): void {
    if (listing.itemType === 'artwork') tx.update(nftArtworks).set({ ownerId: buyerId }).where(eq(nftArtworks.id, listing.itemId)).run();
    else tx.update(nftBlindBoxes).set({ ownerId: buyerId }).where(eq(nftBlindBoxes.id, listing.itemId)).run();
  }

  function windowError(now: number, startAt: number, endAt: number): void {
    const error = purchaseWindowError(now, startAt, endAt);
    if (error === 'not_started') throw new AppError('errors.nftNotStarted');
    if (error === 'ended') throw new AppError('errors.nftSaleEnded');
  }

  /** The live on-sale listing behind a code (an artwork's or an unopened box's), or not found. */
  function onSaleListing(tx: Db, code: string): Listing {
    const listing = tx.select().from(nftListings).where(and(eq(nftListings.code, code), inArray(nftListings.status, [...LIVE_STATUSES]))).get();
    if (!listing || listing.status === 'review') throw new AppError('errors.nftNotFound');
    return listing;
  }

  /** buyNFT: a fixed-price artwork or box (ownership and payment in one transaction), or a new box of a blind-box series. */
  function buy(userId: number, code: string): { type: 'artwork' | 'box'; code: string } {
    const now = ctx.now();
    const { result, events } = db.transaction((tx) => {
      const series = tx.select().from(nftBlindSeries).where(eq(nftBlindSeries.code, code)).get();
      if (series) return buyBox(tx, userId, series, now);
      const listing = onSaleListing(tx, code);
      if (listing.mode !== 'normal') throw new AppError('errors.nftNotFixedPrice');
      if (listing.sellerId === userId) throw new AppError('errors.nftOwnListing');
      if (listing.status !== 'on_sale') throw new AppError('errors.nftSaleEnded');
      windowError(now, listing.startAt, listing.endAt);
      const { lines, fee, royalty } = saleLines(listing, listing.price, [{ account: spot(userId), bucket: 'available', amount: -listing.price }]);
      const entry = { type: 'nft_purchase', refType: 'nft_listing', refId: listing.id, memo: `${listing.code} bought at the fixed price` };
      postOrRefuse(entry, lines, now);
      tx.update(nftListings).set({ status: 'sold', buyerId: userId, soldPrice: listing.price, fee, royalty, soldAt: now }).where(eq(nftListings.id, listing.id)).run();
      transferItem(tx, listing, userId);
      const events: UserEvent[] = [{ userId, kind: 'nft.bought', refType: 'nft_listing', refId: listing.id, params: { code, price: money(listing.price) ?? '', currency: currency.symbol }, time: now }];
      if (listing.sellerId !== null) events.push(message(tx, listing.sellerId, 'sold', listing, { price: money(listing.price) ?? '', currency: currency.symbol }, now));
      return { result: { type: listing.itemType, code: listing.code }, events };
    });
    announce(events);
    return result;
  }

  function postOrRefuse(entry: { type: string; refType: string; refId: number; memo: string }, lines: PostingLine[], now: number): void {
    const spending = lines.find((line) => line.amount < 0 && !('system' in line.account));
    if (spending && 'userId' in spending.account) {
      const balance = ctx.sqlite
        .prepare('SELECT available, frozen FROM ledger_accounts WHERE user_id = ? AND currency_id = ? AND account_type_id = ?')
        .get(spending.account.userId, currency.id, spotType?.id) as { available: number; frozen: number } | undefined;
      const have = spending.bucket === 'available' ? (balance?.available ?? 0) : (balance?.frozen ?? 0);
      if (have < -spending.amount) throw new AppError('errors.insufficientBalance');
    }
    post(ctx.sqlite, { ...entry, lines }, now);
  }

  function buyBox(tx: Db, userId: number, series: Series, now: number): { result: { type: 'box'; code: string }; events: UserEvent[] } {
    windowError(now, series.startAt, series.endAt);
    const memberIds = tx.select({ id: nftArtworks.id }).from(nftArtworks).where(eq(nftArtworks.seriesId, series.id)).all().map((row) => row.id);
    if (series.sold >= memberIds.length) throw new AppError('errors.nftSoldOut');
    const boxNumber = series.sold + 1;
    const boxCode = `${series.code}-${String(boxNumber).padStart(4, '0')}`;
    const box = tx
      .insert(nftBlindBoxes)
      .values({ code: boxCode, seriesId: series.id, boxNumber, ownerId: userId, artworkId: blindBoxContent(series.seed, memberIds, boxNumber), createdAt: now })
      .returning({ id: nftBlindBoxes.id })
      .get();
    const split = saleSplit(series.price, terms.feeRate, 0, false);
    const lines: PostingLine[] = [{ account: spot(userId), bucket: 'available', amount: -series.price }];
    if (split.fee > 0) lines.push({ account: system('fees'), bucket: 'available', amount: split.fee });
    if (split.seller > 0) lines.push({ account: system('treasury'), bucket: 'available', amount: split.seller });
    postOrRefuse({ type: 'nft_blind_box', refType: 'nft_blind_box', refId: box.id, memo: `${boxCode}: box ${boxNumber} of ${series.code}` }, lines, now);
    const soldOut = boxNumber >= memberIds.length;
    tx.update(nftBlindSeries).set({ sold: boxNumber, ...(soldOut ? { revealedAt: now } : {}) }).where(eq(nftBlindSeries.id, series.id)).run();
    return { result: { type: 'box', code: boxCode }, events: [{ userId, kind: 'nft.box_bought', refType: 'nft_blind_box', refId: box.id, params: { code: boxCode, price: money(series.price) ?? '', currency: currency.symbol }, time: now }] };
  }

  // ---- auctions --------------------------------------------------------------

  function auctionListing(tx: Db, code: string): Listing {
    const listing = onSaleListing(tx, code);
    if (listing.mode !== 'auction') throw new AppError('errors.nftNotAuction');
    return listing;
  }

  /** marginNFT: holds the auction's margin in the bidder's spot account (available → frozen). */
  function payMargin(userId: number, code: string): void {
    const now = ctx.now();
    const events = db.transaction((tx) => {
      const listing = auctionListing(tx, code);
      if (listing.sellerId === userId) throw new AppError('errors.nftOwnListing');
      if (listing.status !== 'on_sale') throw new AppError('errors.nftSaleEnded');
      windowError(now, listing.startAt, listing.endAt);
      if (tx.select().from(nftMargins).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.userId, userId))).get()) throw new AppError('errors.nftMarginPaid');
      postOrRefuse(
        { type: 'nft_margin', refType: 'nft_listing', refId: listing.id, memo: `auction margin for ${listing.code}` },
        [
          { account: spot(userId), bucket: 'available', amount: -listing.margin },
          { account: spot(userId), bucket: 'frozen', amount: listing.margin },
        ],
        now,
      );
      tx.insert(nftMargins).values({ listingId: listing.id, userId, amount: listing.margin, status: 'held', createdAt: now }).run();
      return [{ userId, kind: 'nft.margin_paid', refType: 'nft_listing', refId: listing.id, params: { code, margin: money(listing.margin) ?? '', currency: currency.symbol }, time: now }];
    });
    announce(events);
  }

  /** auctionNFT: a bid above the current one by at least the increase; in the last ten minutes it moves the end. */
  function bid(userId: number, code: string, priceText: string) {
    const price = parseUserAmount(priceText, currency);
    const now = ctx.now();
    const { events, result } = db.transaction((tx) => {
      const listing = auctionListing(tx, code);
      if (listing.status !== 'on_sale') throw new AppError('errors.nftSaleEnded');
      const margin = tx.select().from(nftMargins).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.userId, userId))).get();
      const check = checkBid(auctionTerms(listing), { now, currentBid: listing.currentBid, currentBidder: listing.currentBidderId, bidder: userId, seller: listing.sellerId, hasMargin: margin?.status === 'held' }, price);
      if (!check.ok) {
        const key = ({ not_started: 'errors.nftNotStarted', ended: 'errors.nftSaleEnded', no_margin: 'errors.nftMarginRequired', own_artwork: 'errors.nftOwnListing', already_highest: 'errors.nftAlreadyHighest', too_low: 'errors.nftBidTooLow' } as const)[check.refusal];
        throw new AppError(key, { min: { amount: money(check.minimum) ?? '0' }, currency: currency.symbol });
      }
      const previous = listing.currentBidderId;
      tx.update(nftListings).set({ currentBid: price, currentBidderId: userId, bidCount: listing.bidCount + 1, endAt: check.endAt }).where(eq(nftListings.id, listing.id)).run();
      tx.insert(nftBids).values({ listingId: listing.id, userId, price, endAt: check.endAt, createdAt: now }).run();
      const events: UserEvent[] = [];
      if (previous !== null && previous !== userId) events.push(message(tx, previous, 'outbid', listing, { price: money(price) ?? '', currency: currency.symbol }, now));
      return { events, result: { code, price: money(price), end_time: check.endAt, extended: check.extended } };
    });
    announce(events);
    return result;
  }

  /** Closes auctions whose end has passed: the winner has a day to pay, every other margin is refunded now. */
  function closeEndedAuctions(now: number): void {
    const due = db
      .select({ id: nftListings.id })
      .from(nftListings)
      .where(and(eq(nftListings.mode, 'auction'), eq(nftListings.status, 'on_sale'), lte(nftListings.endAt, now)))
      .all();
    for (const { id } of due) announce(closeAuction(id, now));
  }

  function refundMargins(tx: Db, listing: Listing, userIds: number[], now: number): void {
    for (const userId of userIds) {
      const margin = tx.select().from(nftMargins).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.userId, userId))).get();
      if (margin?.status !== 'held') continue;
      post(
        ctx.sqlite,
        {
          type: 'nft_margin_refund',
          refType: 'nft_listing',
          refId: listing.id,
          memo: `auction margin for ${listing.code} refunded`,
          lines: [
            { account: spot(userId), bucket: 'frozen', amount: -margin.amount },
            { account: spot(userId), bucket: 'available', amount: margin.amount },
          ],
        },
        now,
      );
      tx.update(nftMargins).set({ status: 'refunded', settledAt: now }).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.userId, userId))).run();
    }
  }

  function closeAuction(listingId: number, now: number): UserEvent[] {
    return db.transaction((tx) => {
      const listing = tx.select().from(nftListings).where(eq(nftListings.id, listingId)).get();
      if (listing?.status !== 'on_sale' || listing.endAt > now) return [];
      const margins = tx.select().from(nftMargins).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.status, 'held'))).all();
      const winner = listing.currentBidderId;
      const { refunds } = settleMargins(margins, winner);
      refundMargins(
        tx,
        listing,
        refunds.map((margin) => margin.userId),
        now,
      );
      const events: UserEvent[] = refunds.map((margin) => ({ userId: margin.userId, kind: 'nft.margin_refunded', refType: 'nft_listing', refId: listing.id, params: { code: listing.code, margin: money(margin.amount) ?? '', currency: currency.symbol }, time: now }));
      if (winner === null) {
        tx.update(nftListings).set({ status: 'unsold' }).where(eq(nftListings.id, listing.id)).run();
        return events;
      }
      const deadline = paymentDeadline(listing.endAt);
      tx.update(nftListings).set({ status: 'awaiting_payment', winnerId: winner, paymentDeadline: deadline }).where(eq(nftListings.id, listing.id)).run();
      const params = { price: money(listing.currentBid) ?? '', currency: currency.symbol, deadline };
      events.push(message(tx, winner, 'won', listing, params, now), message(tx, winner, 'payment_due', listing, params, now));
      return events;
    });
  }

  /** Winners who have not paid in the last hours before the deadline: one reminder each, besides the notice at the auction's end. */
  function remindUnpaid(now: number): void {
    const due = db
      .select()
      .from(nftListings)
      .where(and(eq(nftListings.status, 'awaiting_payment'), lte(nftListings.paymentDeadline, now + PAYMENT_REMINDER_LEAD_MS), gt(nftListings.paymentDeadline, now)))
      .all();
    for (const listing of due) {
      const winner = listing.winnerId;
      const deadline = listing.paymentDeadline ?? 0;
      if (winner === null || !paymentReminderDue(now, deadline)) continue;
      const events = db.transaction((tx) => {
        const reminded = tx
          .select({ id: nftMessages.id })
          .from(nftMessages)
          .where(and(eq(nftMessages.listingId, listing.id), eq(nftMessages.userId, winner), eq(nftMessages.kind, 'payment_reminder')))
          .get();
        if (reminded) return [];
        const params = { price: money(listing.currentBid) ?? '', currency: currency.symbol, deadline, hours: PAYMENT_REMINDER_LEAD_MS / 3_600_000 };
        return [message(tx, winner, 'payment_reminder', listing, params, now)];
      });
      announce(events);
    }
  }

  /** Winners who let the day pass: the margin goes to the treasury and the artwork returns unsold to its seller. */
  function expireUnpaid(now: number): void {
    const due = db
      .select({ id: nftListings.id })
      .from(nftListings)
      .where(and(eq(nftListings.status, 'awaiting_payment'), lte(nftListings.paymentDeadline, now)))
      .all();
    for (const { id } of due) {
      const events = db.transaction((tx) => {
        const listing = tx.select().from(nftListings).where(eq(nftListings.id, id)).get() as Listing;
        if (listing.status !== 'awaiting_payment' || listing.winnerId === null) return [];
        const margin = tx.select().from(nftMargins).where(and(eq(nftMargins.listingId, id), eq(nftMargins.userId, listing.winnerId))).get();
        if (margin?.status === 'held' && margin.amount > 0) {
          post(
            ctx.sqlite,
            {
              type: 'nft_margin_forfeit',
              refType: 'nft_listing',
              refId: id,
              memo: `${listing.code}: the winner did not pay within a day, margin forfeited`,
              lines: [
                { account: spot(listing.winnerId), bucket: 'frozen', amount: -margin.amount },
                { account: system('treasury'), bucket: 'available', amount: margin.amount },
              ],
            },
            now,
          );
        }
        tx.update(nftMargins).set({ status: 'forfeited', settledAt: now }).where(and(eq(nftMargins.listingId, id), eq(nftMargins.userId, listing.winnerId))).run();
        tx.update(nftListings).set({ status: 'unsold' }).where(eq(nftListings.id, id)).run();
        return [message(tx, listing.winnerId, 'payment_expired', listing, { margin: money(margin?.amount ?? 0) ?? '', currency: currency.symbol }, now)];
      });
      announce(events);
    }
  }

  /** Reveals the seed of every series that sold out or ended. */
  function revealSeries(now: number): void {
    db.update(nftBlindSeries)
      .set({ revealedAt: now })
      .where(and(isNull(nftBlindSeries.revealedAt), lte(nftBlindSeries.endAt, now)))
      .run();
  }

  function runDue(now: number): void {
    closeEndedAuctions(now);
    remindUnpaid(now);
    expireUnpaid(now);
    revealSeries(now);
  }

  function needPay(userId: number, lang: string) {
    const rows = db
      .select()
      .from(nftListings)
      .where(and(eq(nftListings.winnerId, userId), eq(nftListings.status, 'awaiting_payment')))
      .orderBy(asc(nftListings.paymentDeadline))
      .all();
    return rows.map((listing) => ({ id: listing.id, code: listing.code, price: money(listing.currentBid), margin: money(listing.margin), to_pay: money(winnerPayment(listing.currentBid ?? 0, listing.margin).fromAvailable), currency: currency.symbol, payment_deadline: listing.paymentDeadline, item: itemSummary(listing, lang) }));
  }

  function itemSummary(listing: Listing, lang: string) {
    const artworkId = listing.itemType === 'artwork' ? listing.itemId : null;
    if (artworkId === null) return { type: 'box' as const, title: listing.code, cover: null };
    const artwork = db.select().from(nftArtworks).where(eq(nftArtworks.id, artworkId)).get();
    return { type: 'artwork' as const, id: artworkId, title: artwork ? localized(artwork.title, lang) : listing.code, cover: artwork?.cover ?? null, media_type: artwork?.mediaType ?? null };
  }

  /** payNFTOrder: the winner pays the winning bid (the margin held counts toward it); fee, royalty and the seller's share in the same entry. */
  function payOrder(userId: number, listingId: number): void {
    const now = ctx.now();
    const events = db.transaction((tx) => {
      const listing = tx.select().from(nftListings).where(eq(nftListings.id, listingId)).get();
      if (!listing || listing.winnerId !== userId) throw new AppError('errors.nftOrderNotFound');
      if (listing.status === 'sold') throw new AppError('errors.nftOrderPaid');
      if (listing.status !== 'awaiting_payment' || (listing.paymentDeadline ?? 0) <= now) throw new AppError('errors.nftPaymentExpired');
      const price = listing.currentBid ?? 0;
      const margin = tx.select().from(nftMargins).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.userId, userId))).get();
      const held = margin?.status === 'held' ? margin.amount : 0;
      const { fromAvailable, fromMargin } = winnerPayment(price, held);
      const payer: PostingLine[] = [];
      if (fromAvailable > 0) payer.push({ account: spot(userId), bucket: 'available', amount: -fromAvailable });
      if (held > 0) payer.push({ account: spot(userId), bucket: 'frozen', amount: -held });
      if (held > fromMargin) payer.push({ account: spot(userId), bucket: 'available', amount: held - fromMargin });
      const { lines, fee, royalty } = saleLines(listing, price, payer);
      postOrRefuse({ type: 'nft_auction_payment', refType: 'nft_listing', refId: listing.id, memo: `${listing.code} won at auction and paid (margin applied)` }, lines, now);
      if (margin) tx.update(nftMargins).set({ status: 'applied', settledAt: now }).where(and(eq(nftMargins.listingId, listing.id), eq(nftMargins.userId, userId))).run();
      tx.update(nftListings).set({ status: 'sold', buyerId: userId, soldPrice: price, fee, royalty, soldAt: now }).where(eq(nftListings.id, listing.id)).run();
      transferItem(tx, listing, userId);
      const events: UserEvent[] = [{ userId, kind: 'nft.paid', refType: 'nft_listing', refId: listing.id, params: { code: listing.code, price: money(price) ?? '', currency: currency.symbol }, time: now }];
      if (listing.sellerId !== null) events.push(message(tx, listing.sellerId, 'sold', listing, { price: money(price) ?? '', currency: currency.symbol }, now));
      return events;
    });
    announce(events);
  }

  function bidLog(code: string) {
    const listing = db.select().from(nftListings).where(and(eq(nftListings.code, code), ne(nftListings.status, 'rejected'))).orderBy(desc(nftListings.id)).get();
    if (!listing) throw new AppError('errors.nftNotFound');
    const rows = db.select().from(nftBids).where(eq(nftBids.listingId, listing.id)).orderBy(desc(nftBids.id)).limit(50).all();
    return rows.map((row) => ({ id: row.id, bidder: maskedBidder(row.userId), price: money(row.price), currency: currency.symbol, time: row.createdAt, end_time: row.endAt }));
  }

  /** Bidders are shown by a stable six-digit pseudonym, never their account; the app writes "Bidder 435761" in the reader's language. */
  const maskedBidder = (userId: number) => ((userId * 2_654_435_761) % 1_000_000).toString().padStart(6, '0');

  function myBids(userId: number, page: number, limit: number, lang: string) {
    const window = pageWindow(page, limit);
    const total = db.select({ total: count() }).from(nftBids).where(eq(nftBids.userId, userId)).get()?.total ?? 0;
    const rows = db.select({ bid: nftBids, listing: nftListings }).from(nftBids).innerJoin(nftListings, eq(nftListings.id, nftBids.listingId)).where(eq(nftBids.userId, userId)).orderBy(desc(nftBids.id)).limit(window.limit).offset(window.offset).all();
    return toPage(
      rows.map(({ bid: row, listing }) => ({ id: row.id, code: listing.code, price: money(row.price), currency: currency.symbol, time: row.createdAt, highest: listing.currentBidderId === userId, status: listing.status, item: itemSummary(listing, lang) })),
      window,
      total,
    );
  }

  // ---- blind boxes, resale, favourites, messages ------------------------------

  function openBox(userId: number, code: string, lang: string) {
    const now = ctx.now();
    const opened = db.transaction((tx) => {
      const box = tx.select().from(nftBlindBoxes).where(and(eq(nftBlindBoxes.code, code), eq(nftBlindBoxes.ownerId, userId))).get();
      if (!box) throw new AppError('errors.nftNotFound');
      if (box.openedAt !== null) throw new AppError('errors.nftBoxOpened');
      if (liveListing(tx, 'box', box.id)) throw new AppError('errors.nftAlreadyListed');
      tx.update(nftBlindBoxes).set({ openedAt: now }).where(eq(nftBlindBoxes.id, box.id)).run();
      tx.update(nftArtworks).set({ ownerId: userId }).where(eq(nftArtworks.id, box.artworkId)).run();
      return box;
    });
    ctx.bus.emit('user', { userId, kind: 'nft.box_opened', refType: 'nft_blind_box', refId: opened.id, params: { code }, time: now });
    const series = db.select().from(nftBlindSeries).where(eq(nftBlindSeries.id, opened.seriesId)).get() as Series;
    return { code, box_number: opened.boxNumber, series: series.code, commitment: series.commitment, artwork: artworkDetail(opened.artworkId, userId, lang) };
  }

  function resell(userId: number, input: ResellInput): number {
    const now = ctx.now();
    const auction = input.mode === 2;
    if (isZero(input.price)) throw new AppError('errors.nftInvalidPrice');
    if (auction && isZero(input.increase ?? '')) throw new AppError('errors.nftInvalidIncrease');
    const price = parseUserAmount(input.price, currency);
    const increase = auction ? parseUserAmount(input.increase ?? '', currency) : 0;
    if (input.endAt <= input.startAt) throw new AppError('errors.nftEndBeforeStart');
    if (input.endAt <= now) throw new AppError('errors.nftInvalidEndTime');
    return db.transaction((tx) => {
      const item = ownedItem(tx, userId, input.code);
      if (liveListing(tx, item.type, item.id)) throw new AppError('errors.nftAlreadyListed');
      // A box's buyer bids on what it may hold, not on an artwork they can see: unopened, it resells at a fixed price; opened, its artwork can go to auction.
      if (auction && item.type === 'box') throw new AppError('errors.nftBoxFixedPriceOnly');
      const margin = auction ? Math.max(1, Math.ceil((price * terms.resaleMarginRate) / 1_000_000)) : 0;
      return tx
        .insert(nftListings)
        .values({ itemType: item.type, itemId: item.id, code: input.code, sellerId: userId, mode: auction ? 'auction' : 'normal', price, increase, margin, startAt: Math.max(input.startAt, now), endAt: input.endAt, status: 'review', createdAt: now })
        .returning({ id: nftListings.id })
        .get().id;
    });
  }

  function ownedItem(tx: Db, userId: number, code: string): { type: 'artwork' | 'box'; id: number } {
    const artwork = tx.select().from(nftArtworks).where(and(eq(nftArtworks.code, code), eq(nftArtworks.ownerId, userId))).get();
    if (artwork) return { type: 'artwork', id: artwork.id };
    const box = tx.select().from(nftBlindBoxes).where(and(eq(nftBlindBoxes.code, code), eq(nftBlindBoxes.ownerId, userId))).get();
    // Someone else's artwork answers exactly like a missing one.
    if (!box) throw new AppError('errors.nftNotFound');
    if (box.openedAt !== null) throw new AppError('errors.nftBoxOpened');
    return { type: 'box', id: box.id };
  }

  function toggleFavourite(userId: number, code: string): { collected: boolean } {
    const artwork = db.select().from(nftArtworks).where(eq(nftArtworks.code, code)).get();
    if (!artwork || (artwork.seriesId !== null && !openedArtwork(artwork.id))) throw new AppError('errors.nftNotFound');
    return db.transaction((tx) => {
      const existing = tx.select().from(nftFavourites).where(and(eq(nftFavourites.userId, userId), eq(nftFavourites.artworkId, artwork.id))).get();
      if (existing) {
        tx.delete(nftFavourites).where(and(eq(nftFavourites.userId, userId), eq(nftFavourites.artworkId, artwork.id))).run();
        return { collected: false };
      }
      tx.insert(nftFavourites).values({ userId, artworkId: artwork.id, createdAt: ctx.now() }).run();
      return { collected: true };
    });
  }

  function listingState(listing: Listing): string {
    if (listing.status === 'review') return 'in_review';
    if (listing.status === 'on_sale' || listing.status === 'awaiting_payment') return 'reselling';
    if (listing.status === 'sold') return 'sold';
    // Rejected or unsold: the item is back with its owner and can be listed again.
    return 'relist';
  }

  function mine(userId: number, lang: string) {
    const owned = db.select().from(nftArtworks).where(eq(nftArtworks.ownerId, userId)).orderBy(asc(nftArtworks.id)).all();
    const boxes = db.select().from(nftBlindBoxes).where(eq(nftBlindBoxes.ownerId, userId)).orderBy(desc(nftBlindBoxes.id)).all();
    const listings = db.select().from(nftListings).where(eq(nftListings.sellerId, userId)).orderBy(desc(nftListings.id)).all();
    const seriesRows = db.select().from(nftBlindSeries).all();
    return {
      artworks: presentArtworks(owned, userId, lang),
      boxes: boxes.map((box) => {
        const series = seriesRows.find((row) => row.id === box.seriesId) as Series;
        const listing = db.select().from(nftListings).where(and(eq(nftListings.itemType, 'box'), eq(nftListings.itemId, box.id), inArray(nftListings.status, [...LIVE_STATUSES]))).get();
        const royaltyRate = seriesRoyaltyRate(series.id);
        return {
          code: box.code,
          series: series.code,
          title: localized(series.title, lang),
          cover: series.cover,
          box_number: box.boxNumber,
          opened: box.openedAt !== null,
          opened_at: box.openedAt,
          artwork_id: box.openedAt === null ? null : box.artworkId,
          listed: listing !== undefined,
          commitment: series.commitment,
          // What a resale of the box books, for the preview: the same fee as an artwork's, the series' royalty.
          fee_rate: millionthsToPercent(terms.feeRate),
          fee_millionths: terms.feeRate,
          royalty_rate: millionthsToPercent(royaltyRate),
          royalty_millionths: royaltyRate,
        };
      }),
      listings: listings.map((listing) => ({ id: listing.id, code: listing.code, sale_mode: listing.mode === 'auction' ? 2 : 1, price: money(listing.price), increase: money(listing.increase), start_time: listing.startAt, end_time: listing.endAt, status: listing.status, state: listingState(listing), reason: presentRejectReason('nftListings', isLanguage(lang) ? lang : 'en', listing.reason), sold_price: money(listing.soldPrice), fee: money(listing.fee), royalty: money(listing.royalty), item: itemSummary(listing, lang) })),
      purchases: db
        .select()
        .from(nftListings)
        .where(eq(nftListings.buyerId, userId))
        .orderBy(desc(nftListings.soldAt))
        .all()
        .map((listing) => ({ id: listing.id, code: listing.code, price: money(listing.soldPrice), sold_at: listing.soldAt, item: itemSummary(listing, lang) })),
    };
  }

  function messages(userId: number, page: number, limit: number, lang: Language) {
    const window = pageWindow(page, limit);
    const total = db.select({ total: count() }).from(nftMessages).where(eq(nftMessages.userId, userId)).get()?.total ?? 0;
    const unread = db.select({ total: count() }).from(nftMessages).where(and(eq(nftMessages.userId, userId), isNull(nftMessages.readAt))).get()?.total ?? 0;
    const rows = db.select().from(nftMessages).where(eq(nftMessages.userId, userId)).orderBy(desc(nftMessages.id)).limit(window.limit).offset(window.offset).all();
    return { ...toPage(rows.map((row) => ({ id: row.id, kind: row.kind, code: row.code, listing_id: row.listingId, params: presentMessageParams(row.params, lang), read: row.readAt !== null, time: row.createdAt })), window, total), unread };
  }

  function readMessage(userId: number, id: number): void {
    const row = db.select().from(nftMessages).where(and(eq(nftMessages.id, id), eq(nftMessages.userId, userId))).get();
    if (!row) throw new AppError('errors.nftMessageNotFound');
    if (row.readAt === null) db.update(nftMessages).set({ readAt: ctx.now() }).where(eq(nftMessages.id, id)).run();
  }

  function currencyInfo() {
    return { currency: currency.symbol, currency_id: currency.id, scale: currency.scale, fee_rate: millionthsToPercent(terms.feeRate), fee_millionths: terms.feeRate, resale_margin_rate: millionthsToPercent(terms.resaleMarginRate) };
  }

  return {
    artworks,
    artworkDetail,
    artists,
    artistDetail,
    collections,
    blindSeries,
    buy,
    payMargin,
    bid,
    runDue,
    needPay,
    payOrder,
    bidLog,
    myBids,
    openBox,
    resell,
    toggleFavourite,
    mine,
    messages,
    readMessage,
    currencyInfo,
  };
}
