import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The NFT marketplace (issue 14): custodial records of this platform, no
 * chain. Artists, collections, artworks and blind-box series come from
 * data/nft/ on first start (`seed_key`; sale windows relative to that start).
 * Times are Unix milliseconds; amounts integers of the NFT currency's minor
 * unit; rates whole millionths.
 */

const createdAt = () => integer('created_at').notNull();

/** Text in every interface language, `{ "en": "...", "zh": "..." }`. */
type Localized = Record<string, string>;

export const nftArtists = sqliteTable(
  'nft_artists',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The public id pages use (`getArtistDetail?uid=`). */
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull(),
    biography: text('biography', { mode: 'json' }).$type<Localized>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('nft_artists_uid').on(table.uid)],
);

export const nftCollections = sqliteTable(
  'nft_collections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seedKey: text('seed_key').notNull(),
    name: text('name', { mode: 'json' }).$type<Localized>().notNull(),
    description: text('description', { mode: 'json' }).$type<Localized>().notNull(),
    cover: text('cover').notNull(),
    artistId: integer('artist_id').notNull(),
    /** The creator's royalty on every resale of an artwork of this collection. */
    royaltyRate: integer('royalty_rate').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('nft_collections_seed').on(table.seedKey)],
);

export const NFT_MEDIA_TYPES = ['image', 'gif', 'audio', 'video'] as const;

export const nftArtworks = sqliteTable(
  'nft_artworks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    title: text('title', { mode: 'json' }).$type<Localized>().notNull(),
    description: text('description', { mode: 'json' }).$type<Localized>().notNull(),
    mediaType: text('media_type', { enum: NFT_MEDIA_TYPES }).notNull(),
    media: text('media').notNull(),
    /** A still picture for lists (the media itself for images and GIFs). */
    cover: text('cover').notNull(),
    rarity: text('rarity').notNull(),
    artistId: integer('artist_id').notNull(),
    collectionId: integer('collection_id').notNull(),
    edition: text('edition').notNull(),
    /** The owning user; null while the platform holds it. */
    ownerId: integer('owner_id'),
    /** Set for the artworks a blind-box series holds. */
    seriesId: integer('series_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('nft_artworks_code').on(table.code), index('nft_artworks_owner').on(table.ownerId), index('nft_artworks_collection').on(table.collectionId)],
);

export const NFT_LISTING_STATUSES = ['review', 'rejected', 'on_sale', 'awaiting_payment', 'sold', 'unsold'] as const;
export type NftListingStatus = (typeof NFT_LISTING_STATUSES)[number];

/**
 * One sale of one item: the platform's first sale of an artwork, or a
 * user's resale of an artwork or of an unopened blind box. A user's listing
 * waits for review first and can never be withdrawn once made.
 */
export const nftListings = sqliteTable(
  'nft_listings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemType: text('item_type', { enum: ['artwork', 'box'] }).notNull(),
    itemId: integer('item_id').notNull(),
    /** The code buyers use (the artwork's or the box's). */
    code: text('code').notNull(),
    /** null: the platform sells. */
    sellerId: integer('seller_id'),
    mode: text('mode', { enum: ['normal', 'auction'] }).notNull(),
    /** The fixed price, or the auction's starting price. */
    price: integer('price').notNull(),
    increase: integer('increase').notNull().default(0),
    margin: integer('margin').notNull().default(0),
    startAt: integer('start_at').notNull(),
    /** Moves later when a bid arrives in the last ten minutes. */
    endAt: integer('end_at').notNull(),
    status: text('status', { enum: NFT_LISTING_STATUSES }).notNull(),
    currentBid: integer('current_bid'),
    currentBidderId: integer('current_bidder_id'),
    bidCount: integer('bid_count').notNull().default(0),
    winnerId: integer('winner_id'),
    paymentDeadline: integer('payment_deadline'),
    buyerId: integer('buyer_id'),
    soldPrice: integer('sold_price'),
    fee: integer('fee'),
    royalty: integer('royalty'),
    soldAt: integer('sold_at'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: integer('reviewed_at'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [index('nft_listings_item').on(table.itemType, table.itemId, table.status), index('nft_listings_status').on(table.status, table.endAt), index('nft_listings_seller').on(table.sellerId)],
);

/** An auction margin: held in the bidder's spot account until refunded, applied to the payment, or forfeited. */
export const nftMargins = sqliteTable(
  'nft_margins',
  {
    listingId: integer('listing_id').notNull(),
    userId: integer('user_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['held', 'refunded', 'applied', 'forfeited'] }).notNull(),
    createdAt: createdAt(),
    settledAt: integer('settled_at'),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.userId] }), index('nft_margins_user').on(table.userId)],
);

export const nftBids = sqliteTable(
  'nft_bids',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id').notNull(),
    userId: integer('user_id').notNull(),
    price: integer('price').notNull(),
    /** The auction's end after this bid (later than before when it came in the last ten minutes). */
    endAt: integer('end_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('nft_bids_listing').on(table.listingId, table.id), index('nft_bids_user').on(table.userId, table.id)],
);

/**
 * A blind-box series: a fixed price and list of artworks, whose hidden
 * order was committed (`commitment`) before the sale opened; the seed is
 * revealed once the series sells out or ends.
 */
export const nftBlindSeries = sqliteTable(
  'nft_blind_series',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seedKey: text('seed_key').notNull(),
    code: text('code').notNull(),
    title: text('title', { mode: 'json' }).$type<Localized>().notNull(),
    cover: text('cover').notNull(),
    collectionId: integer('collection_id').notNull(),
    price: integer('price').notNull(),
    startAt: integer('start_at').notNull(),
    endAt: integer('end_at').notNull(),
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    committedAt: integer('committed_at').notNull(),
    revealedAt: integer('revealed_at'),
    sold: integer('sold').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('nft_blind_series_seed').on(table.seedKey), uniqueIndex('nft_blind_series_code').on(table.code)],
);

export const nftBlindBoxes = sqliteTable(
  'nft_blind_boxes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    seriesId: integer('series_id').notNull(),
    /** Position in the committed order: the n-th box sold holds the n-th artwork. */
    boxNumber: integer('box_number').notNull(),
    ownerId: integer('owner_id').notNull(),
    artworkId: integer('artwork_id').notNull(),
    openedAt: integer('opened_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('nft_blind_boxes_code').on(table.code), uniqueIndex('nft_blind_boxes_number').on(table.seriesId, table.boxNumber), index('nft_blind_boxes_owner').on(table.ownerId)],
);

export const nftFavourites = sqliteTable(
  'nft_favourites',
  {
    userId: integer('user_id').notNull(),
    artworkId: integer('artwork_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.artworkId] })],
);

export const NFT_MESSAGE_KINDS = ['outbid', 'won', 'payment_due', 'payment_reminder', 'payment_expired', 'sold', 'listing_approved', 'listing_rejected'] as const;

export const nftMessages = sqliteTable(
  'nft_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: NFT_MESSAGE_KINDS }).notNull(),
    listingId: integer('listing_id').notNull(),
    code: text('code').notNull(),
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    readAt: integer('read_at'),
    createdAt: createdAt(),
  },
  (table) => [index('nft_messages_user').on(table.userId, table.id)],
);
