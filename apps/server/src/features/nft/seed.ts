import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitmentOf, percentToMillionths, toMinor } from '@openbourse/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { NFT_MEDIA_TYPES, nftArtists, nftArtworks, nftBlindSeries, nftCollections, nftListings } from '../../db/schema.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';

const HOUR_MS = 3_600_000;
const localized = z.record(z.string(), z.string().min(1)).refine((value) => typeof value.en === 'string', 'needs at least English');
const percent = z.string().refine((value) => percentToMillionths(value) !== null, 'a percentage with at most four decimals');
const sale = z.object({
  mode: z.enum(['normal', 'auction']),
  price: z.string(),
  increase: z.string().optional(),
  margin: z.string().optional(),
  /** Relative to the first start, so a fresh install always has sales open, upcoming and ended. */
  start_hours: z.number().int(),
  end_hours: z.number().int(),
});

const catalogueFile = z.object({
  currency: z.string(),
  platform_fee_percent: percent,
  resale_margin_percent: percent,
  artists: z.array(z.object({ uid: z.string().regex(/^A\d{4}$/), name: z.string(), avatar: z.string(), biography: localized })),
  collections: z.array(z.object({ key: z.string(), artist: z.string(), name: localized, description: localized, cover: z.string(), royalty_percent: percent })),
  artworks: z.array(
    z.object({
      code: z.string().regex(/^OBN\d{4}$/),
      collection: z.string(),
      artist: z.string(),
      title: localized,
      description: localized,
      media_type: z.enum(NFT_MEDIA_TYPES),
      media: z.string(),
      cover: z.string(),
      rarity: z.enum(['common', 'rare', 'epic', 'legendary']),
      edition: z.string(),
      sale: sale.nullable(),
    }),
  ),
  blind_boxes: z.array(
    z.object({ key: z.string(), code: z.string().regex(/^OBB\d{2}$/), collection: z.string(), title: localized, cover: z.string(), price: z.string(), start_hours: z.number().int(), end_hours: z.number().int(), artworks: z.array(z.string()).min(1) }),
  ),
});

export interface NftTerms {
  currency: CurrencyInfo;
  /** The platform fee on every sale, whole millionths. */
  feeRate: number;
  /** A resale auction's margin as a share of its starting price. */
  resaleMarginRate: number;
}

/** The marketplace's terms from data/nft/catalogue.json (read at every start). */
export function readNftTerms(ctx: AppContext): NftTerms & { file: z.infer<typeof catalogueFile> } {
  const file = catalogueFile.parse(JSON.parse(readFileSync(join(ctx.config.seedDataDir, 'nft', 'catalogue.json'), 'utf8')));
  const currency = ctx.catalog.currencyBySymbol(file.currency);
  if (!currency) throw new Error(`NFT currency ${file.currency} is not listed`);
  return { file, currency, feeRate: percentToMillionths(file.platform_fee_percent) as number, resaleMarginRate: percentToMillionths(file.resale_margin_percent) as number };
}

/**
 * Seeds what the database does not hold yet: artists by uid, collections
 * and series by key, artworks by code, each new artwork with its first sale
 * by the platform. A series' seed is drawn and its commitment published
 * here, before its sale opens.
 */
export function seedNftCatalogue(ctx: AppContext, terms: ReturnType<typeof readNftTerms>): void {
  const { file, currency } = terms;
  const now = ctx.now();
  const minor = (amount: string) => toMinor(amount, currency.scale);
  ctx.db.transaction((tx) => {
    for (const artist of file.artists) {
      tx.insert(nftArtists).values({ uid: artist.uid, name: artist.name, avatar: artist.avatar, biography: artist.biography, createdAt: now }).onConflictDoNothing().run();
    }
    const artistId = (uid: string) => {
      const row = tx.select({ id: nftArtists.id }).from(nftArtists).where(eq(nftArtists.uid, uid)).get();
      if (!row) throw new Error(`NFT seed: no artist ${uid}`);
      return row.id;
    };
    for (const collection of file.collections) {
      tx.insert(nftCollections)
        .values({ seedKey: collection.key, name: collection.name, description: collection.description, cover: collection.cover, artistId: artistId(collection.artist), royaltyRate: percentToMillionths(collection.royalty_percent) as number, createdAt: now })
        .onConflictDoNothing()
        .run();
    }
    const collectionId = (key: string) => {
      const row = tx.select({ id: nftCollections.id }).from(nftCollections).where(eq(nftCollections.seedKey, key)).get();
      if (!row) throw new Error(`NFT seed: no collection ${key}`);
      return row.id;
    };
    for (const artwork of file.artworks) {
      if (tx.select({ id: nftArtworks.id }).from(nftArtworks).where(eq(nftArtworks.code, artwork.code)).get()) continue;
      const row = tx
        .insert(nftArtworks)
        .values({
          code: artwork.code,
          title: artwork.title,
          description: artwork.description,
          mediaType: artwork.media_type,
          media: artwork.media,
          cover: artwork.cover,
          rarity: artwork.rarity,
          artistId: artistId(artwork.artist),
          collectionId: collectionId(artwork.collection),
          edition: artwork.edition,
          ownerId: null,
          seriesId: null,
          createdAt: now,
        })
        .returning({ id: nftArtworks.id })
        .get();
      if (!artwork.sale) continue;
      tx.insert(nftListings)
        .values({
          itemType: 'artwork',
          itemId: row.id,
          code: artwork.code,
          sellerId: null,
          mode: artwork.sale.mode,
          price: minor(artwork.sale.price),
          increase: artwork.sale.increase ? minor(artwork.sale.increase) : 0,
          margin: artwork.sale.margin ? minor(artwork.sale.margin) : 0,
          startAt: now + artwork.sale.start_hours * HOUR_MS,
          endAt: now + artwork.sale.end_hours * HOUR_MS,
          status: 'on_sale',
          createdAt: now,
        })
        .run();
    }
    for (const series of file.blind_boxes) {
      if (tx.select({ id: nftBlindSeries.id }).from(nftBlindSeries).where(eq(nftBlindSeries.seedKey, series.key)).get()) continue;
      const seed = randomBytes(32).toString('hex');
      const row = tx
        .insert(nftBlindSeries)
        .values({
          seedKey: series.key,
          code: series.code,
          title: series.title,
          cover: series.cover,
          collectionId: collectionId(series.collection),
          price: minor(series.price),
          // Never before its commitment exists (a catalogue may say "opened an hour ago"): the page tells buyers the order was committed before the sale.
          startAt: Math.max(now, now + series.start_hours * HOUR_MS),
          endAt: now + series.end_hours * HOUR_MS,
          seed,
          commitment: commitmentOf(seed),
          committedAt: now,
          createdAt: now,
        })
        .returning({ id: nftBlindSeries.id })
        .get();
      for (const code of series.artworks) tx.update(nftArtworks).set({ seriesId: row.id }).where(eq(nftArtworks.code, code)).run();
    }
  });
}
