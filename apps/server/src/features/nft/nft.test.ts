import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dec, verifyBlindBoxes } from '@openbourse/core';
import { LANGUAGE_CODES } from '@openbourse/i18n';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/check.ts';
import type { UserEvent } from '../../market/bus.ts';
import { type ConsoleClient, createOperator, signIn } from '../../../test/console.ts';
import { credit, registerUser, startServer, type TestServer } from '../../../test/harness.ts';
import { listedReasonCodes, operatorReason, UNKNOWN_REASON } from '../../../test/reject-reasons.ts';

interface Sale {
  listing_id: number;
  sale_mode: number;
  price: string;
  start_time: number;
  end_time: number;
  status: string;
  sale_time: number;
  state: string;
  current_bid: string | null;
  min_bid: string | null;
  margin: string;
  margin_paid: boolean;
  payment_deadline: number | null;
}
interface Artwork {
  id: number;
  code: string;
  title: string;
  type: string;
  is_mine: boolean;
  owner: string;
  collected: boolean;
  creator: { uid: string; name: string };
  collection: { id: number; royalty_millionths: number };
  sale: Sale | null;
}
interface Page<T> {
  list: T[];
  total: number;
}
interface Series {
  code: string;
  total: number;
  sold: number;
  commitment: string;
  seed: string | null;
  possible: { id: number; rarity: string }[];
  odds: { rarity: string; count: number }[];
  opened: { box_number: number; artwork_id: number }[];
  start_time: number;
  committed_at: number;
}
interface Message {
  id: number;
  kind: string;
  code: string;
  listing_id: number | null;
  params: Record<string, string>;
  read: boolean;
}

/** Tuesday 24 November 2026, 06:00 UTC: the catalogue's sale windows are relative to this first start. */
const START = Date.UTC(2026, 10, 24, 6);
const HOUR = 3_600_000;
const MINUTE = 60_000;

let server: TestServer;
let admin: ConsoleClient;
type User = { email: string; password: string; token: string };
const events: UserEvent[] = [];

async function at(time: number) {
  server.setTime(time);
  await server.built.ctx.scheduler.runDue();
}

async function funded(amount = '1000'): Promise<User> {
  const user = await registerUser(server);
  credit(server, user.email, amount, 'USDT');
  return user;
}

const spot = async (user: User) => (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency: 'USDT', type: 'change' }, { token: user.token })).message;
const byCode = async (code: string, user?: User) => {
  const list = (await server.get<Page<Artwork>>('/bind_box/getBoxList', { keyword: code, limit: 100 }, { token: user?.token })).message.list;
  return list.find((item) => item.code === code) as Artwork;
};
const systemBalance = (code: string) =>
  (server.built.ctx.sqlite.prepare("SELECT available FROM ledger_accounts WHERE system_code = ? AND currency_id = (SELECT id FROM currencies WHERE symbol = 'USDT')").get(code) as { available: number } | undefined)?.available ?? 0;
const messages = async (user: User) => (await server.get<Page<Message> & { unread: number }>('/bind_box/getNFTOrderMessage', { limit: 50 }, { token: user.token })).message;
const call = (path: string, body: Record<string, unknown>, user: User) => server.post(path, body, { token: user.token, lang: 'en' });
/** The user's newest notification of a kind, as the centre shows it in a language. */
const notice = async (user: User, kind: string, lang: string) =>
  (await server.get<{ list: { kind: string; content: string; link: string }[] }>('/notice/list', { limit: 100 }, { token: user.token, lang })).message.list.find((entry) => entry.kind === kind);

beforeAll(async () => {
  server = await startServer({}, { startAt: START });
  admin = await signIn(server, await createOperator(server, 'admin'));
  server.built.ctx.bus.on('user', (event) => events.push(event));
});

afterEach(() => {
  expect(checkLedger(server.built.ctx.sqlite)).toMatchObject({ ok: true, violations: [] });
});

afterAll(async () => {
  await server.close();
});

describe('catalogue', () => {
  it('names and describes every collection, artwork and blind box in all ten languages', () => {
    const catalogue = JSON.parse(readFileSync(join(server.built.ctx.config.seedDataDir, 'nft', 'catalogue.json'), 'utf8')) as Record<string, Record<string, unknown>[]>;
    const texts = [
      ...(catalogue.collections ?? []).flatMap((collection) => [collection.name, collection.description]),
      ...(catalogue.artworks ?? []).flatMap((artwork) => [artwork.title, artwork.description]),
      ...(catalogue.blind_boxes ?? []).map((box) => box.title),
    ] as Record<string, string>[];
    expect(texts).toHaveLength(90);
    const incomplete = texts.filter((text) => LANGUAGE_CODES.some((language) => !text[language]?.trim())).map((text) => text.en);
    expect(incomplete).toEqual([]);
  });

  it('seeds 6 artists, 4 collections and the artworks across four media types, with sales open, upcoming and ended', async () => {
    const artists = (await server.get<{ uid: string; biography: string; works: number }[]>('/bind_box/getArtist', { lang: 'zh' })).message;
    expect(artists).toHaveLength(6);
    expect(artists[0]?.biography).toMatch(/[\u4e00-\u9fff]/);
    const collections = (await server.get<{ id: number; items: number; floor_price: string | null }[]>('/bind_box/getCollection', {})).message;
    expect(collections).toHaveLength(4);
    expect(collections[0]).toMatchObject({ items: 6, floor_price: '20.000000' });
    const all = (await server.get<Page<Artwork>>('/bind_box/getBoxList', { limit: 100 })).message;
    // 40 artworks, 12 of them hidden in blind boxes until opened: the counts leave them out too, so each matches the list it sums up.
    expect(all.total).toBe(28);
    expect(artists.reduce((total, artist) => total + artist.works, 0)).toBe(28);
    expect(collections.reduce((total, collection) => total + collection.items, 0)).toBe(28);
    for (const collection of collections) {
      expect((await server.get<Page<Artwork>>('/bind_box/getBoxList', { collection_id: collection.id, limit: 100 })).message.total).toBe(collection.items);
    }
    expect(new Set(all.list.map((item) => item.type))).toEqual(new Set(['image', 'gif', 'audio', 'video']));
    const states = new Set(all.list.map((item) => item.sale?.state));
    expect(states).toEqual(new Set(['on_sale', 'not_started', 'unsold']));
    expect(all.list.filter((item) => item.sale?.sale_mode === 2 && item.sale.state === 'on_sale').length).toBeGreaterThanOrEqual(4);
    // the spec's helper: 2 before the start, 0 on sale, 0 after the end
    expect((await byCode('OBN0004')).sale).toMatchObject({ sale_time: 2, state: 'not_started' });
    expect((await byCode('OBN0001')).sale).toMatchObject({ sale_time: 0, state: 'on_sale' });
    expect((await byCode('OBN0005')).sale).toMatchObject({ sale_time: 0, state: 'unsold' });
    const search = (await server.get<Page<Artwork>>('/bind_box/getBoxList', { keyword: 'Kenji' })).message;
    expect(search.list.every((item) => item.creator.name === 'Kenji Arc')).toBe(true);
    expect(search.total).toBe(6);
    const detail = await server.get<{ uid: string; works: Artwork[] }>('/bind_box/getArtistDetail', { uid: 'A1003' });
    expect(detail.message.works.length).toBe(5);
    expect((await server.get('/bind_box/getArtistDetail', { uid: 'A9999' }, { lang: 'en' })).message).toBe('This NFT was not found');
  });

  it('favourites an artwork and un-favourites it', async () => {
    const user = await registerUser(server);
    expect((await call('/bind_box/collect', { code: 'OBN0002' }, user)).message).toEqual({ collected: true });
    expect((await byCode('OBN0002', user)).collected).toBe(true);
    expect((await call('/bind_box/collect', { code: 'OBN0002' }, user)).message).toEqual({ collected: false });
  });
});

describe('a fixed-price sale', () => {
  it('transfers the artwork and pays the platform in one ledger transaction', async () => {
    const buyer = await funded();
    const treasury = systemBalance('treasury');
    const fees = systemBalance('fees');
    expect((await call('/bind_box/buyNFT', { code: 'OBN0001' }, buyer)).type).toBe('ok');
    expect(await spot(buyer)).toMatchObject({ available: '980.000000' });
    // 2.5% fee to fees, the rest to the treasury: the platform sold it.
    expect(systemBalance('fees') - fees).toBe(500_000);
    expect(systemBalance('treasury') - treasury).toBe(19_500_000);
    const artwork = await byCode('OBN0001', buyer);
    expect(artwork).toMatchObject({ is_mine: true, owner: 'user', sale: { state: 'sold', status: 'sold' } });
    const mine = (await server.get<{ artworks: Artwork[]; purchases: { code: string }[] }>('/bind_box/getMyNFTs', {}, { token: buyer.token })).message;
    expect(mine.artworks.map((item) => item.code)).toEqual(['OBN0001']);
    expect(mine.purchases.map((item) => item.code)).toEqual(['OBN0001']);
  });

  it('refuses buying before the start, after the end, a sold artwork, and without the money; nothing changes', async () => {
    const buyer = await funded('10');
    expect((await call('/bind_box/buyNFT', { code: 'OBN0004' }, buyer)).message).toBe('The sale has not started yet');
    expect((await call('/bind_box/buyNFT', { code: 'OBN0005' }, buyer)).message).toBe('The sale has ended');
    expect((await call('/bind_box/buyNFT', { code: 'OBN0001' }, buyer)).message).toBe('This NFT was not found');
    expect((await call('/bind_box/buyNFT', { code: 'OBN0002' }, buyer)).message).toBe('Insufficient balance');
    expect((await call('/bind_box/buyNFT', { code: 'OBN0006' }, buyer)).message).toBe('This artwork is sold by auction');
    expect(await spot(buyer)).toMatchObject({ available: '10.000000', frozen: '0.000000' });
  });
});

describe('an auction with three bidders', () => {
  let a: User;
  let b: User;
  let c: User;
  let listingId: number;
  /** The seeded end: two hours after the server's first start. */
  let endAt: number;
  const code = 'OBN0006';

  it('needs the margin before a bid, then takes bids above the current one by the increase', async () => {
    [a, b, c] = [await funded(), await funded(), await funded()];
    const artwork = await byCode(code);
    listingId = artwork.sale?.listing_id as number;
    endAt = artwork.sale?.end_time as number;
    expect(endAt - START).toBeGreaterThanOrEqual(2 * HOUR);
    expect(endAt - START).toBeLessThan(2 * HOUR + MINUTE);
    expect(artwork.sale).toMatchObject({ sale_mode: 2, price: '100.000000', min_bid: '100.000000', margin: '20.000000' });
    expect((await call('/bind_box/auctionNFT', { code, price: '100' }, a)).message).toBe('Please pay the auction margin before bidding');
    for (const user of [a, b, c]) expect((await call('/bind_box/marginNFT', { code }, user)).type).toBe('ok');
    expect((await call('/bind_box/marginNFT', { code }, a)).message).toBe('You have already paid the margin for this auction');
    expect(await spot(a)).toMatchObject({ available: '980.000000', frozen: '20.000000' });
    expect((await call('/bind_box/auctionNFT', { code, price: '99' }, a)).message).toBe('A bid must be at least 100.00 USDT');
    expect((await call('/bind_box/auctionNFT', { code, price: '100' }, a)).type).toBe('ok');
    expect((await call('/bind_box/auctionNFT', { code, price: '104' }, b)).message).toBe('A bid must be at least 105.00 USDT');
    expect((await call('/bind_box/auctionNFT', { code, price: '100' }, b)).message).toBe('A bid must be at least 105.00 USDT');
    expect((await call('/bind_box/auctionNFT', { code, price: '105' }, b)).type).toBe('ok');
    expect((await call('/bind_box/auctionNFT', { code, price: '110' }, c)).type).toBe('ok');
    expect((await call('/bind_box/auctionNFT', { code, price: '200' }, c)).message).toBe('You already hold the highest bid');
    const outbid = (await messages(a)).list.filter((message) => message.kind === 'outbid');
    expect(outbid).toHaveLength(1);
    expect(events).toContainEqual(expect.objectContaining({ userId: expect.any(Number), kind: 'nft.outbid', refId: listingId }));
    expect((await notice(a, 'nft.outbid', 'en'))?.content).toBe('You have been outbid on OBN0006: the highest bid is now 105.00 USDT.');
    const log = (await server.get<{ price: string }[]>('/bind_box/getBindBoxQuotationLog', { code })).message;
    expect(log.map((entry) => entry.price)).toEqual(['110.000000', '105.000000', '100.000000']);
    const own = (await server.get<Page<{ price: string }>>('/bind_box/getMyBindBoxQuotationLog', {}, { token: a.token })).message;
    expect(own.list.map((entry) => entry.price)).toEqual(['100.000000']);
  });

  it('extends the end by ten minutes for a bid in the last ten minutes', async () => {
    await at(endAt - 5 * MINUTE);
    const bid = await call('/bind_box/auctionNFT', { code, price: '120' }, a);
    expect(bid.message).toMatchObject({ extended: true, end_time: endAt + 10 * MINUTE });
    await at(endAt + MINUTE);
    expect((await byCode(code)).sale).toMatchObject({ status: 'on_sale', current_bid: '120.000000' });
  });

  it('at the end refunds every margin but the winner\'s and gives the winner a day to pay', async () => {
    await at(endAt + 10 * MINUTE);
    expect((await byCode(code)).sale).toMatchObject({ status: 'awaiting_payment', state: 'ended', payment_deadline: endAt + 24 * HOUR + 10 * MINUTE });
    expect(await spot(b)).toMatchObject({ available: '1000.000000', frozen: '0.000000' });
    expect(await spot(c)).toMatchObject({ available: '1000.000000', frozen: '0.000000' });
    expect(await spot(a)).toMatchObject({ available: '980.000000', frozen: '20.000000' });
    const kinds = (await messages(a)).list.map((message) => message.kind);
    expect(kinds).toEqual(expect.arrayContaining(['won', 'payment_due']));
    expect(await notice(a, 'nft.won', 'en')).toMatchObject({ content: 'You won the auction for OBN0006 at 120.00 USDT.', link: '/pages/nft/mine' });
    expect((await notice(a, 'nft.won', 'kor'))?.content).toBe('OBN0006 경매에서 120.00 USDT에 낙찰받았습니다.');
    const due = (await server.get<{ id: number; to_pay: string }[]>('/bind_box/getNeedPayNFTOrder', {}, { token: a.token })).message;
    expect(due).toEqual([expect.objectContaining({ id: listingId, to_pay: '100.000000' })]);
    expect((await call('/bind_box/payNFTOrder', { id: listingId }, b)).message).toBe('This order was not found');
  });

  it('the winner pays with the margin counting toward the price, and owns the artwork', async () => {
    const fees = systemBalance('fees');
    expect((await call('/bind_box/payNFTOrder', { id: listingId }, a)).type).toBe('ok');
    expect(await spot(a)).toMatchObject({ available: '880.000000', frozen: '0.000000' });
    expect(systemBalance('fees') - fees).toBe(3_000_000);
    expect(await byCode(code, a)).toMatchObject({ is_mine: true, sale: { state: 'sold' } });
    expect((await call('/bind_box/payNFTOrder', { id: listingId }, a)).message).toBe('This order has already been paid');
    const unread = (await messages(a)).list.find((message) => !message.read) as Message;
    expect((await call('/bind_box/readNFTOrderMessage', { id: unread.id }, a)).type).toBe('ok');
    expect((await messages(a)).list.find((message) => message.id === unread.id)?.read).toBe(true);
    expect((await call('/bind_box/readNFTOrderMessage', { id: unread.id }, b)).message).toBe('This message was not found');
  });
});

describe('an auction whose winner does not pay within a day', () => {
  it('forfeits the winner\'s margin to the treasury and returns the artwork unsold', async () => {
    const code = 'OBN0027';
    const winner = await funded();
    const artwork = await byCode(code);
    expect(artwork.sale).toMatchObject({ sale_mode: 2, state: 'on_sale' });
    const endAt = artwork.sale?.end_time as number;
    expect((await call('/bind_box/marginNFT', { code }, winner)).type).toBe('ok');
    expect((await call('/bind_box/auctionNFT', { code, price: '150' }, winner)).type).toBe('ok');
    await at(endAt);
    expect((await byCode(code)).sale).toMatchObject({ status: 'awaiting_payment' });
    // Two hours before the deadline, one reminder (in the NFT inbox and the notification centre), however often the job runs.
    const reminders = async () => (await messages(winner)).list.filter((message) => message.kind === 'payment_reminder').length;
    // A minute before each boundary, not a millisecond: the test clock keeps running, and the scheduler's own timer may run the jobs a moment later.
    await at(endAt + 22 * HOUR - MINUTE);
    expect(await reminders()).toBe(0);
    await at(endAt + 22 * HOUR);
    await at(endAt + 22 * HOUR + MINUTE);
    expect(await reminders()).toBe(1);
    expect((await notice(winner, 'nft.payment_reminder', 'en'))?.content).toBe('Reminder: 2 hours left to pay 150.00 USDT for OBN0027; after the deadline the margin is forfeited.');
    const treasury = systemBalance('treasury');
    await at(endAt + 24 * HOUR - MINUTE);
    expect((await byCode(code)).sale).toMatchObject({ status: 'awaiting_payment' });
    await at(endAt + 24 * HOUR);
    expect((await byCode(code)).sale).toMatchObject({ status: 'unsold', state: 'unsold' });
    expect(systemBalance('treasury') - treasury).toBe(30_000_000);
    expect(await spot(winner)).toMatchObject({ available: '970.000000', frozen: '0.000000' });
    expect((await messages(winner)).list.map((message) => message.kind)).toContain('payment_expired');
    const listingId = artwork.sale?.listing_id as number;
    expect((await call('/bind_box/payNFTOrder', { id: listingId }, winner)).message).toBe('The payment deadline has passed');
  });
});

describe('blind boxes', () => {
  it('sells boxes from the committed order, opens them, and after selling out reveals a seed that verifies every box', async () => {
    const series = (await server.get<Series[]>('/bind_box/getBlindBoxList', {})).message.find((item) => item.code === 'OBB02') as Series;
    expect(series).toMatchObject({ total: 4, sold: 0, seed: null, commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(series.odds.reduce((total, odds) => total + odds.count, 0)).toBe(4);
    // The catalogue says "opened an hour ago", but no sale opens before its order is committed.
    expect(series.start_time).toBeGreaterThanOrEqual(series.committed_at);
    const user = await funded();
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) codes.push(((await call('/bind_box/buyNFT', { code: 'OBB02' }, user)).message as { code: string }).code);
    expect(codes).toEqual(['OBB02-0001', 'OBB02-0002', 'OBB02-0003', 'OBB02-0004']);
    expect((await call('/bind_box/buyNFT', { code: 'OBB02' }, user)).message).toBe('This blind-box series is sold out');
    expect(await spot(user)).toMatchObject({ available: '900.000000' });
    const other = await funded();
    expect((await call('/bind_box/openBlindBox', { code: codes[0] }, other)).message).toBe('This NFT was not found');
    for (const code of codes.slice(0, 3)) {
      const opened = (await call('/bind_box/openBlindBox', { code }, user)).message as { artwork: Artwork };
      expect(opened.artwork.is_mine).toBe(true);
    }
    expect((await call('/bind_box/openBlindBox', { code: codes[0] }, user)).message).toBe('This blind box has already been opened');
    const revealed = (await server.get<Series[]>('/bind_box/getBlindBoxList', {})).message.find((item) => item.code === 'OBB02') as Series;
    expect(revealed.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(revealed.opened).toHaveLength(3);
    const verdict = verifyBlindBoxes(
      { commitment: series.commitment, artworkIds: series.possible.map((item) => item.id) },
      revealed.seed as string,
      revealed.opened.map((box) => ({ boxNumber: box.box_number, artworkId: box.artwork_id })),
    );
    expect(verdict).toEqual({ valid: true });
    const mine = (await server.get<{ boxes: { code: string; opened: boolean }[] }>('/bind_box/getMyNFTs', {}, { token: user.token })).message;
    expect(mine.boxes.filter((box) => !box.opened).map((box) => box.code)).toEqual(['OBB02-0004']);
  });
});

describe('a resale reviewed in the console', () => {
  beforeAll(async () => {
    // The clock moved days ahead: a new console session.
    admin = await signIn(server, await createOperator(server, 'admin'));
  });

  it('waits for review, is approved, sold, and pays the creator\'s royalty and the fee in the same transaction', async () => {
    const seller = await funded();
    expect((await call('/bind_box/buyNFT', { code: 'OBN0012' }, seller)).type).toBe('ok');
    const artwork = await byCode('OBN0012', seller);
    const now = server.built.ctx.now();
    const stranger = await funded();
    const resale = { code: 'OBN0012', mode: 1, price: '100', start_time: now, end_time: now + 48 * HOUR };
    expect((await call('/bind_box/resellNFT', resale, stranger)).message).toBe('This NFT was not found');
    expect((await call('/bind_box/resellNFT', { ...resale, end_time: now - 1 }, seller)).message).toBe('The end time must be later than the start time');
    expect((await call('/bind_box/resellNFT', { ...resale, mode: 2, increase: '0' }, seller)).message).toBe('Please enter a valid increase amount');
    expect((await call('/bind_box/resellNFT', { ...resale, price: '0' }, seller)).message).toBe('Please enter a valid price');
    const listed = await call('/bind_box/resellNFT', resale, seller);
    expect(listed.message).toMatchObject({ status: 'review' });
    const listingId = (listed.message as { id: number }).id;
    expect((await call('/bind_box/resellNFT', resale, seller)).message).toBe('This item is already listed for sale');
    expect((await byCode('OBN0012')).sale).toMatchObject({ state: 'in_review' });
    const buyer = await funded();
    expect((await call('/bind_box/buyNFT', { code: 'OBN0012' }, buyer)).message).toBe('This NFT was not found');

    const queue = await admin.get<Page<{ id: number; code: string; status: string }>>('/queues/nft-listings', { limit: 100 });
    expect(queue.message.list).toContainEqual(expect.objectContaining({ id: listingId, code: 'OBN0012', status: 'review' }));
    const detail = await admin.get<{ item: { type: string; media_type: string } }>(`/queues/nft-listings/${listingId}`);
    expect(detail.message.item).toMatchObject({ type: 'artwork', media_type: 'gif' });
    expect((await admin.post(`/queues/nft-listings/${listingId}/approve`, {})).type).toBe('ok');
    expect((await admin.post(`/queues/nft-listings/${listingId}/approve`, {})).message).toBe('This listing is no longer waiting for review');
    expect((await messages(seller)).list.map((message) => message.kind)).toContain('listing_approved');

    expect((await call('/bind_box/buyNFT', { code: 'OBN0012' }, seller)).message).toBe('You cannot buy or bid on your own artwork');
    const royalties = systemBalance('royalties');
    const sellerBefore = dec((await spot(seller)).available);
    expect((await call('/bind_box/buyNFT', { code: 'OBN0012' }, buyer)).type).toBe('ok');
    // 100 × 2.5% fee = 2.5; the collection's 7% royalty = 7; the seller receives 90.5.
    expect(artwork.collection.royalty_millionths).toBe(70_000);
    expect(systemBalance('royalties') - royalties).toBe(7_000_000);
    expect(dec((await spot(seller)).available).minus(sellerBefore).toFixed()).toBe('90.5');
    expect(await spot(buyer)).toMatchObject({ available: '900.000000' });
    expect(await byCode('OBN0012', buyer)).toMatchObject({ is_mine: true });
    const mine = (await server.get<{ listings: { id: number; state: string; royalty: string }[] }>('/bind_box/getMyNFTs', {}, { token: seller.token })).message;
    expect(mine.listings).toEqual([expect.objectContaining({ id: listingId, state: 'sold', royalty: '7.000000' })]);
    expect((await messages(seller)).list.map((message) => message.kind)).toContain('sold');
  });

  it("resells an unopened box with its series' lowest royalty, whatever the box holds, and previews the same", async () => {
    const seller = await funded();
    const boxCode = ((await call('/bind_box/buyNFT', { code: 'OBB01' }, seller)).message as { code: string }).code;
    const { lowest, highest } = server.built.ctx.sqlite
      .prepare(
        'SELECT MIN(c.royalty_rate) AS lowest, MAX(c.royalty_rate) AS highest FROM nft_artworks a JOIN nft_collections c ON c.id = a.collection_id JOIN nft_blind_series s ON s.id = a.series_id WHERE s.code = ?',
      )
      .get('OBB01') as { lowest: number; highest: number };
    // The series mixes collections: a royalty that followed the artwork inside would tell the seller what it is.
    expect(highest).toBeGreaterThan(lowest);
    const mine = (await server.get<{ boxes: { code: string; royalty_millionths: number; fee_millionths: number }[] }>('/bind_box/getMyNFTs', {}, { token: seller.token })).message;
    expect(mine.boxes.find((box) => box.code === boxCode)).toMatchObject({ royalty_millionths: lowest, fee_millionths: 25_000 });

    const now = server.built.ctx.now();
    const window = { start_time: now, end_time: now + 48 * HOUR };
    // Unopened, it is a fixed-price resale: nobody can see what they would bid on.
    expect((await call('/bind_box/resellNFT', { code: boxCode, mode: 2, price: '100', increase: '5', ...window }, seller)).message).toBe(
      'An unopened blind box resells at a fixed price only; open it to auction its artwork',
    );
    const listingId = ((await call('/bind_box/resellNFT', { code: boxCode, mode: 1, price: '100', ...window }, seller)).message as { id: number }).id;
    type Resale = { code: string; price: string; mine: boolean };
    const resalesSeenBy = async (user?: User) =>
      ((await server.get<(Series & { resales: Resale[] })[]>('/bind_box/getBlindBoxList', {}, { token: user?.token })).message.find((item) => item.code === 'OBB01') as Series & { resales: Resale[] }).resales;
    expect(await resalesSeenBy()).toEqual([]);
    expect((await admin.post(`/queues/nft-listings/${listingId}/approve`, {})).type).toBe('ok');
    // Approved, it is listed with its series for everyone to find; its seller sees it as theirs.
    const buyer = await funded();
    expect(await resalesSeenBy(buyer)).toEqual([expect.objectContaining({ code: boxCode, price: '100.000000', mine: false })]);
    expect(await resalesSeenBy(seller)).toEqual([expect.objectContaining({ code: boxCode, mine: true })]);
    const royalties = systemBalance('royalties');
    expect((await call('/bind_box/buyNFT', { code: boxCode }, buyer)).type).toBe('ok');
    expect(systemBalance('royalties') - royalties).toBe(100 * lowest);
    expect(await resalesSeenBy()).toEqual([]);
  });

  it('rejects a listing with a reason; the item stays with its owner and can be listed again', async () => {
    const seller = await funded();
    expect((await call('/bind_box/buyNFT', { code: 'OBN0013' }, seller)).type).toBe('ok');
    const now = server.built.ctx.now();
    const resale = { code: 'OBN0013', mode: 2, price: '50', increase: '1', start_time: now, end_time: now + 48 * HOUR };
    const listingId = ((await call('/bind_box/resellNFT', resale, seller)).message as { id: number }).id;
    const viewer = await signIn(server, await createOperator(server, 'viewer'));
    expect((await viewer.post(`/queues/nft-listings/${listingId}/reject`, { reason: 'x' })).type).not.toBe('ok');
    expect((await admin.post(`/queues/nft-listings/${listingId}/reject`, { reason: 'Blurry description' })).type).toBe('ok');
    expect((await messages(seller)).list.map((message) => message.kind)).toContain('listing_rejected');
    expect((await notice(seller, 'nft.listing_rejected', 'en'))?.content).toBe('Your listing of OBN0013 was rejected: Blurry description');
    const relisted = await call('/bind_box/resellNFT', resale, seller);
    expect(relisted.message).toMatchObject({ status: 'review' });

    // A listed reason: each reader sees it in their own language; an unlisted code is refused.
    const relistedId = (relisted.message as { id: number }).id;
    expect(await listedReasonCodes(admin, 'nft-listings', relistedId)).toEqual(['copyright', 'inappropriate_content', 'low_quality', 'misleading_description']);
    expect(await admin.post(`/queues/nft-listings/${relistedId}/reject`, { reason_code: 'risk_too_high' })).toEqual({ type: 'error', message: UNKNOWN_REASON });
    expect((await admin.post(`/queues/nft-listings/${relistedId}/reject`, { reason_code: 'misleading_description' })).type).toBe('ok');
    expect(events).toContainEqual(expect.objectContaining({ kind: 'nft.listing_rejected', refId: relistedId, params: { code: 'OBN0013', reason_code: 'misleading_description' } }));
    expect((await notice(seller, 'nft.listing_rejected', 'vi'))?.content).toContain('Tiêu đề hoặc mô tả không khớp với tác phẩm');
    const mine = (await server.get<{ listings: { id: number; reason: string | null }[] }>('/bind_box/getMyNFTs', { lang: 'th' }, { token: seller.token })).message;
    expect(mine.listings).toContainEqual(expect.objectContaining({ id: relistedId, reason: 'ชื่อหรือคำอธิบายไม่ตรงกับผลงาน' }));
    const rejection = (await server.get<Page<Message>>('/bind_box/getNFTOrderMessage', { limit: 50 }, { token: seller.token, lang: 'hk' })).message.list.find((message) => message.listing_id === relistedId);
    expect(rejection?.params).toEqual({ reason: '標題或描述與作品不符' });
    expect(await operatorReason(admin, 'nft-listings', relistedId, 'zh')).toBe('标题或描述与作品不符');
  });
});
