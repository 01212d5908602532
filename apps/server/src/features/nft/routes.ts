import { z } from 'zod';
import { decimalText } from '../../platform/amounts.ts';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, integer, language, oneOf, optionalId, optionalText, pagination, text } from '../../platform/fields.ts';
import { readNftTerms, seedNftCatalogue } from './seed.ts';
import { createNftService } from './service.ts';

const tags = ['nft'];
const code = () => z.string().trim().min(1).max(24).describe('An artwork\'s code (OBN0001), a blind-box series\' code (OBB01) or a box\'s code (OBB01-0001)');
const codeBody = z.object({ code: code(), lang: language() });
const langQuery = z.object({ lang: language() });
const moment = () => integer().pipe(z.number().int().min(0).max(8_640_000_000_000)).describe('Unix milliseconds');

const listQuery = z.object({
  keyword: optionalText(60).describe('Searched in titles, codes, artists\' names and collections\' names'),
  collection_id: optionalId(),
  artist: optionalText(12).describe('An artist\'s uid'),
  type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['image', 'gif', 'audio', 'video']).optional()),
  mode: z.preprocess((value) => (value === '' ? undefined : value), oneOf([1, 2]).optional()).describe('1 fixed price, 2 auction'),
  ...pagination,
});

const resellBody = z.object({
  code: code(),
  mode: oneOf([1, 2]).describe('1 fixed price, 2 auction'),
  price: decimalText().describe('The fixed price, or the auction\'s starting price'),
  increase: z.preprocess((value) => (value === '' ? undefined : value), decimalText().optional()).describe('Auctions: the least each bid must add'),
  start_time: moment(),
  end_time: moment(),
  lang: language(),
});

/**
 * The NFT marketplace (issue 14; spec `/bind_box/*`): browsing artists,
 * collections and artworks, fixed-price sales, auctions with margins and a
 * day to pay, blind boxes from a committed hidden order, and resale through
 * the console's review queue with the creator's royalty.
 */
export const nftFeature: Feature = (api, { ctx, guards }) => {
  const terms = readNftTerms(ctx);
  seedNftCatalogue(ctx, terms);
  const service = createNftService(ctx, terms);
  service.runDue(ctx.now());
  ctx.scheduler.add({ name: 'nft.auctions', everyMs: 15_000, run: (now) => service.runDue(now) });
  const viewer = (request: Parameters<typeof optionalUser>[1]) => optionalUser(ctx, request)?.id ?? null;
  // GET calls carry `lang` in the query, POST calls in the form body.
  const lang = (request: { query?: unknown; body?: unknown }) => (request.query as { lang?: string } | undefined)?.lang ?? (request.body as { lang?: string } | undefined)?.lang ?? 'en';

  api.get('/bind_box/getNftCurrency', { schema: { tags, summary: 'The currency NFT sales are paid in (USDT), the platform fee and the resale auction margin rate', querystring: langQuery } }, async () => ok(service.currencyInfo()));

  api.get(
    '/bind_box/getBoxList',
    { schema: { tags, summary: 'Artworks with their current sale: search by title, artist and collection; filter by collection, artist, media type and sale mode', querystring: listQuery } },
    async (request) => {
      const query = request.query;
      return ok(service.artworks({ keyword: query.keyword, collectionId: query.collection_id, artist: query.artist, type: query.type, mode: query.mode as number | undefined }, viewer(request), lang(request), query.page, query.limit));
    },
  );

  api.get('/bind_box/getBoxDetail', { schema: { tags, summary: 'One artwork: media, creator, collection, owner, sale mode, price or current bid, window, state', querystring: z.object({ id: id(), lang: language() }) } }, async (request) =>
    ok(service.artworkDetail(request.query.id, viewer(request), lang(request))),
  );

  api.get('/bind_box/getArtist', { schema: { tags, summary: 'Every artist with a biography in the reader\'s language and the number of works', querystring: langQuery } }, async (request) => ok(service.artists(lang(request))));

  api.get('/bind_box/getArtistDetail', { schema: { tags, summary: 'One artist and their works', querystring: z.object({ uid: text(12), lang: language() }) } }, async (request) => ok(service.artistDetail(request.query.uid, viewer(request), lang(request))));

  api.get('/bind_box/getCollection', { schema: { tags, summary: 'Collections: name, cover, creator, items, floor price (cheapest fixed price on sale), volume sold, royalty rate', querystring: langQuery } }, async (request) => ok(service.collections(lang(request))));

  api.get(
    '/bind_box/getBlindBoxList',
    {
      schema: {
        tags,
        summary: 'Blind-box series: price, window, possible artworks with rarity odds, the published commitment of the hidden order, once revealed the seed and every opened box, and the unopened boxes owners resell (mine marks the reader\'s own)',
        querystring: langQuery,
      },
    },
    async (request) => ok(service.blindSeries(lang(request), viewer(request))),
  );

  api.post('/bind_box/collect', { schema: { tags, summary: 'Favourite an artwork, or un-favourite it when it already is', body: codeBody }, preHandler: guards.requireUser }, async (request) => ok(service.toggleFavourite(currentUser(request).id, request.body.code)));

  api.post(
    '/bind_box/buyNFT',
    { schema: { tags, summary: 'Buy at the fixed price (an artwork or an unopened box on resale), or a new box of a blind-box series: payment, fee, royalty and ownership in one ledger transaction', body: codeBody }, preHandler: guards.requireActiveUser },
    async (request) => ok(service.buy(currentUser(request).id, request.body.code)),
  );

  api.post(
    '/bind_box/marginNFT',
    { schema: { tags, summary: 'Pay an auction\'s margin, required before bidding: held in the spot account until the auction ends (refunded), the winner pays (applied) or the day to pay passes (forfeited)', body: codeBody }, preHandler: guards.requireActiveUser },
    async (request) => {
      service.payMargin(currentUser(request).id, request.body.code);
      return ok(null);
    },
  );

  api.post(
    '/bind_box/auctionNFT',
    { schema: { tags, summary: 'Bid: at least the current bid plus the increase (the starting price first); a bid in the last ten minutes moves the end ten minutes later', body: z.object({ code: code(), price: decimalText(), lang: language() }) }, preHandler: guards.requireActiveUser },
    async (request) => ok(service.bid(currentUser(request).id, request.body.code, request.body.price)),
  );

  api.get('/bind_box/getBindBoxQuotationLog', { schema: { tags, summary: 'An auction\'s bids, newest first (bidders by pseudonym)', querystring: z.object({ code: code(), lang: language() }) } }, async (request) => ok(service.bidLog(request.query.code)));

  api.get('/bind_box/getMyBindBoxQuotationLog', { schema: { tags, summary: 'The user\'s own bids', querystring: z.object({ ...pagination }) }, preHandler: guards.requireUser }, async (request) =>
    ok(service.myBids(currentUser(request).id, request.query.page, request.query.limit, lang(request))),
  );

  api.get('/bind_box/getMyNFTs', { schema: { tags, summary: 'The user\'s artworks, blind boxes (opened or not), listings with their states and purchases', querystring: langQuery }, preHandler: guards.requireUser }, async (request) =>
    ok(service.mine(currentUser(request).id, lang(request))),
  );

  api.post(
    '/bind_box/openBlindBox',
    { schema: { tags, summary: 'Open an owned box: the artwork at the box\'s place in the series\' committed order becomes the user\'s', body: codeBody }, preHandler: guards.requireActiveUser },
    async (request) => ok(service.openBox(currentUser(request).id, request.body.code, lang(request))),
  );

  api.post(
    '/bind_box/resellNFT',
    { schema: { tags, summary: 'List an owned artwork or unopened box at a fixed price or as an auction; it waits for the console\'s review and cannot be withdrawn', body: resellBody }, preHandler: guards.requireActiveUser },
    async (request) => {
      const body = request.body;
      const listingId = service.resell(currentUser(request).id, { code: body.code, mode: body.mode as 1 | 2, price: body.price, increase: body.increase, startAt: body.start_time, endAt: body.end_time });
      return ok({ id: listingId, status: 'review' });
    },
  );

  api.get('/bind_box/getNeedPayNFTOrder', { schema: { tags, summary: 'Auctions the user won and has still to pay, with the deadline', querystring: langQuery }, preHandler: guards.requireUser }, async (request) => ok(service.needPay(currentUser(request).id, lang(request))));

  api.post('/bind_box/payNFTOrder', { schema: { tags, summary: 'Pay a won auction within its day: the winning bid, with the margin held counting toward it', body: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireActiveUser }, async (request) => {
    service.payOrder(currentUser(request).id, request.body.id);
    return ok(null);
  });

  api.get('/bind_box/getNFTOrderMessage', { schema: { tags, summary: 'The user\'s NFT messages (outbid, won, payment due, payment expired, sold, listing decisions) with read state and the unread count', querystring: z.object({ ...pagination }) }, preHandler: guards.requireUser }, async (request) =>
    ok(service.messages(currentUser(request).id, request.query.page, request.query.limit, request.lang)),
  );

  api.post('/bind_box/readNFTOrderMessage', { schema: { tags, summary: 'Mark one of the user\'s NFT messages read', body: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireUser }, async (request) => {
    service.readMessage(currentUser(request).id, request.body.id);
    return ok(null);
  });
};
