import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../fairness/commitment.ts';
import { toMinor } from '../money.ts';
import { AUCTION_EXTENSION_MS, type AuctionTerms, type BidContext, checkBid, endAfterBid, minimumBid, PAYMENT_REMINDER_LEAD_MS, paymentDeadline, paymentReminderDue, settleMargins, unpaidWinnerOutcome, winnerPayment } from './auction.ts';
import { blindBoxContent, blindBoxOrder, rarityOdds, verifyBlindBoxes } from './blind-box.ts';
import { saleSplit } from './fees.ts';
import { purchaseWindowError, saleState, saleTimeFlag } from './sale.ts';

const usdt = (amount: string) => toMinor(amount, 6);
const MIN = 60_000;
const DAY = 86_400_000;

describe('the spec\'s sale-time helper', () => {
  it.each([
    { now: 50, status: 0, expected: 2, what: 'before the start' },
    { now: 50, status: 1, expected: 2, what: 'before the start, any status' },
    { now: 100, status: 0, expected: 0, what: 'at the start, status 0' },
    { now: 150, status: 1, expected: 1, what: 'inside, status 1' },
    { now: 150, status: 3, expected: 1, what: 'inside, another status' },
    { now: 200, status: 1, expected: 0, what: 'at the end' },
    { now: 999, status: 0, expected: 0, what: 'after the end' },
  ])('$what → $expected', ({ now, status, expected }) => {
    expect(saleTimeFlag(now, 100, 200, status)).toBe(expected);
  });

  it.each([
    { now: 50, sold: false, awaiting: false, expected: 'not_started' },
    { now: 150, sold: false, awaiting: false, expected: 'on_sale' },
    { now: 150, sold: true, awaiting: false, expected: 'sold' },
    { now: 250, sold: false, awaiting: true, expected: 'ended' },
    { now: 250, sold: false, awaiting: false, expected: 'unsold' },
    { now: 250, sold: true, awaiting: false, expected: 'sold' },
  ])('page state at $now (sold $sold, awaiting $awaiting) is $expected', ({ now, sold, awaiting, expected }) => {
    expect(saleState(now, { startAt: 100, endAt: 200, sold, awaitingPayment: awaiting })).toBe(expected);
  });

  it('refuses purchases outside the window', () => {
    expect(purchaseWindowError(99, 100, 200)).toBe('not_started');
    expect(purchaseWindowError(100, 100, 200)).toBeNull();
    expect(purchaseWindowError(200, 100, 200)).toBe('ended');
  });
});

describe('bids', () => {
  const terms: AuctionTerms = { startAt: 0, endAt: 60 * MIN, startPrice: usdt('100'), increase: usdt('5') };
  const context = (overrides: Partial<BidContext> = {}): BidContext => ({ now: 10 * MIN, currentBid: null, currentBidder: null, bidder: 7, seller: null, hasMargin: true, ...overrides });

  it.each([
    { current: null, expected: '100' },
    { current: '100', expected: '105' },
    { current: '123.45', expected: '128.45' },
  ])('after $current the minimum is $expected', ({ current, expected }) => {
    expect(minimumBid(terms, current === null ? null : usdt(current))).toBe(usdt(expected));
  });

  it.each([
    { what: 'the starting price as first bid', overrides: {}, price: '100', refusal: null },
    { what: 'below the starting price', overrides: {}, price: '99.999999', refusal: 'too_low' },
    { what: 'exactly current + increase', overrides: { currentBid: usdt('100'), currentBidder: 8 }, price: '105', refusal: null },
    { what: 'above current but by less than the increase', overrides: { currentBid: usdt('100'), currentBidder: 8 }, price: '104.99', refusal: 'too_low' },
    { what: 'equal to the current bid', overrides: { currentBid: usdt('100'), currentBidder: 8 }, price: '100', refusal: 'too_low' },
    { what: 'without a margin', overrides: { hasMargin: false }, price: '200', refusal: 'no_margin' },
    { what: 'the seller bidding', overrides: { seller: 7 }, price: '200', refusal: 'own_artwork' },
    { what: 'the highest bidder again', overrides: { currentBid: usdt('100'), currentBidder: 7 }, price: '200', refusal: 'already_highest' },
    { what: 'before the start', overrides: { now: -1 }, price: '200', refusal: 'not_started' },
    { what: 'at the end', overrides: { now: 60 * MIN }, price: '200', refusal: 'ended' },
  ])('$what → $refusal', ({ overrides, price, refusal }) => {
    const result = checkBid(terms, context(overrides as Partial<BidContext>), usdt(price));
    if (refusal === null) expect(result.ok).toBe(true);
    else expect(result).toMatchObject({ ok: false, refusal });
  });

  it.each([
    { now: 10 * MIN, expectedEnd: 60 * MIN, extended: false },
    { now: 49 * MIN, expectedEnd: 60 * MIN, extended: false },
    { now: 50 * MIN, expectedEnd: 70 * MIN, extended: true },
    { now: 59 * MIN, expectedEnd: 70 * MIN, extended: true },
  ])('a bid at $now ms ends the auction at $expectedEnd', ({ now, expectedEnd, extended }) => {
    expect(checkBid(terms, context({ now }), usdt('100'))).toEqual({ ok: true, endAt: expectedEnd, extended });
  });

  it('extends again from the extended end', () => {
    const once = endAfterBid(60 * MIN, 55 * MIN);
    expect(once).toBe(60 * MIN + AUCTION_EXTENSION_MS);
    expect(endAfterBid(once, 65 * MIN)).toBe(80 * MIN);
  });
});

describe('margins and payment', () => {
  const margins = [
    { userId: 1, amount: usdt('50') },
    { userId: 2, amount: usdt('50') },
    { userId: 3, amount: usdt('50') },
  ];

  it('refunds every margin but the winner\'s at the end', () => {
    expect(settleMargins(margins, 2)).toEqual({ refunds: [margins[0], margins[2]], held: margins[1] });
  });

  it('refunds every margin when nobody won', () => {
    expect(settleMargins(margins, null)).toEqual({ refunds: margins, held: null });
  });

  it.each([
    { after: 0, outcome: 'awaiting' },
    { after: DAY - 1, outcome: 'awaiting' },
    { after: DAY, outcome: 'forfeit' },
    { after: 3 * DAY, outcome: 'forfeit' },
  ])('an unpaid winner $after ms after the end: $outcome', ({ after, outcome }) => {
    expect(unpaidWinnerOutcome(1000 + after, 1000)).toBe(outcome);
    expect(paymentDeadline(1000)).toBe(1000 + DAY);
  });

  it.each([
    { before: PAYMENT_REMINDER_LEAD_MS + 1, due: false },
    { before: PAYMENT_REMINDER_LEAD_MS, due: true },
    { before: 1, due: true },
    { before: 0, due: false },
  ])('reminds an unpaid winner $before ms before the deadline: $due', ({ before, due }) => {
    expect(paymentReminderDue(DAY - before, DAY)).toBe(due);
  });

  it.each([
    { bid: '300', margin: '50', fromAvailable: '250', fromMargin: '50' },
    { bid: '40', margin: '50', fromAvailable: '0', fromMargin: '40' },
  ])('a winning bid of $bid with a $margin margin takes $fromAvailable more', ({ bid, margin, fromAvailable, fromMargin }) => {
    expect(winnerPayment(usdt(bid), usdt(margin))).toEqual({ fromAvailable: usdt(fromAvailable), fromMargin: usdt(fromMargin) });
  });
});

describe('royalty and fee split', () => {
  it.each([
    // 2.5% fee, 5% royalty on a resale of 100
    { price: '100', fee: 25_000, royalty: 50_000, resale: true, expected: { fee: '2.5', royalty: '5', seller: '92.5' } },
    // a first sale pays no royalty
    { price: '100', fee: 25_000, royalty: 50_000, resale: false, expected: { fee: '2.5', royalty: '0', seller: '97.5' } },
    // 0.000003 × 2.5% = 0.000000075: the fee rounds up to one unit, the royalty (5%) down to zero
    { price: '0.000003', fee: 25_000, royalty: 50_000, resale: true, expected: { fee: '0.000001', royalty: '0', seller: '0.000002' } },
    // 33.333333 × 2.5% = 0.833333325 → 0.833334; × 7% = 2.33333331 → 2.333333
    { price: '33.333333', fee: 25_000, royalty: 70_000, resale: true, expected: { fee: '0.833334', royalty: '2.333333', seller: '30.166666' } },
    { price: '0', fee: 25_000, royalty: 70_000, resale: true, expected: { fee: '0', royalty: '0', seller: '0' } },
  ])('$price with fee $fee and royalty $royalty (resale $resale)', ({ price, fee, royalty, resale, expected }) => {
    const split = saleSplit(usdt(price), fee, royalty, resale);
    expect(split).toEqual({ fee: usdt(expected.fee), royalty: usdt(expected.royalty), seller: usdt(expected.seller) });
    expect(split.fee + split.royalty + split.seller).toBe(usdt(price));
  });

  it('rounds toward the platform by less than one minor unit', () => {
    for (let price = 1; price < 2000; price += 7) {
      const split = saleSplit(price, 25_000, 70_000, true);
      expect(split.fee - (price * 25_000) / 1_000_000).toBeGreaterThanOrEqual(0);
      expect(split.fee - (price * 25_000) / 1_000_000).toBeLessThan(1);
      expect((price * 70_000) / 1_000_000 - split.royalty).toBeLessThan(1);
      expect(split.fee + split.royalty + split.seller).toBe(price);
    }
  });

  it('refuses rates outside 0–100%', () => {
    expect(() => saleSplit(100, -1, 0, true)).toThrow(RangeError);
    expect(() => saleSplit(100, 0, 1_000_001, true)).toThrow(RangeError);
  });
});

describe('blind boxes', () => {
  const seed = 'a'.repeat(64);
  const artworks = [11, 12, 13, 14, 15, 16, 17, 18];
  const series = { commitment: commitmentOf(seed), artworkIds: artworks };

  it('derives one fixed order from the seed, a permutation of the list', () => {
    const order = blindBoxOrder(seed, artworks);
    expect([...order].sort((a, b) => a - b)).toEqual(artworks);
    expect(blindBoxOrder(seed, [...artworks].reverse())).toEqual(order);
    expect(blindBoxOrder('b'.repeat(64), artworks)).not.toEqual(order);
    expect(blindBoxContent(seed, artworks, 1)).toBe(order[0]);
    expect(blindBoxContent(seed, artworks, 8)).toBe(order[7]);
    expect(() => blindBoxContent(seed, artworks, 9)).toThrow(RangeError);
  });

  it('verifies opened boxes against the commitment', () => {
    const order = blindBoxOrder(seed, artworks);
    const opened = [
      { boxNumber: 1, artworkId: order[0] as number },
      { boxNumber: 5, artworkId: order[4] as number },
    ];
    expect(verifyBlindBoxes(series, seed, opened)).toEqual({ valid: true });
    expect(verifyBlindBoxes(series, 'c'.repeat(64), opened)).toEqual({ valid: false, reason: 'commitment_mismatch' });
    expect(verifyBlindBoxes(series, seed, [{ boxNumber: 2, artworkId: order[0] as number }])).toEqual({ valid: false, reason: 'box_mismatch', boxNumber: 2 });
    expect(verifyBlindBoxes(series, 'not a seed', opened)).toEqual({ valid: false, reason: 'commitment_mismatch' });
  });

  it('publishes the odds per rarity', () => {
    expect(rarityOdds(['common', 'common', 'rare', 'common', 'legendary', 'rare', 'common', 'common'])).toEqual([
      { rarity: 'common', count: 5, oddsMillionths: 625_000 },
      { rarity: 'rare', count: 2, oddsMillionths: 250_000 },
      { rarity: 'legendary', count: 1, oddsMillionths: 125_000 },
    ]);
  });
});
