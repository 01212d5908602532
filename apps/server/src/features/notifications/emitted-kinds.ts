/**
 * The params each trading and NFT event is emitted with (read from the emit
 * sites: futures/service.ts, options/service.ts, nft/service.ts,
 * platform/nft-listing-review.ts, exchange/conditional-orders.ts,
 * copy-trading/service.ts, platform/trader-application-review.ts). The test
 * checks every text of these kinds uses only these values, in every language.
 * Kinds built at run time (`nft.${kind}`, `spot.${kind}_triggered`) are here
 * too; kinds written out in the source are also found by the test itself.
 */
export const EMITTED_PARAMS: Record<string, readonly string[]> = {
  'spot.stop_triggered': ['symbol', 'trigger_price', 'tick_price', 'tick_id'],
  'spot.take_profit_triggered': ['symbol', 'trigger_price', 'tick_price', 'tick_id'],
  'spot.stop_loss_triggered': ['symbol', 'trigger_price', 'tick_price', 'tick_id'],
  'spot.conditional_failed': ['symbol', 'trigger_price', 'tick_price', 'tick_id'],
  'coupon.granted': ['amount', 'currency', 'coupon_kind'],
  'coupon.used': ['amount', 'currency', 'coupon_kind'],
  'coupon.expired': ['amount', 'currency', 'coupon_kind'],
  'futures.entrusted': ['symbol', 'side', 'lots'],
  'futures.opened': ['symbol', 'side', 'lots'],
  'futures.cancelled': ['symbol'],
  'futures.stops_set': ['symbol'],
  'futures.margin_added': ['symbol', 'amount', 'currency'],
  'futures.overnight_charged': ['symbol', 'fee', 'currency', 'days'],
  'futures.closed': ['symbol', 'side', 'reason', 'pnl', 'payout', 'currency', 'tick_id'],
  'futures.liquidated': ['symbol', 'side', 'reason', 'pnl', 'payout', 'currency', 'tick_id'],
  'option.placed': ['symbol', 'direction', 'seconds', 'amount', 'currency'],
  'option.settled': ['symbol', 'status', 'payout', 'currency', 'open_tick', 'settle_tick'],
  'nft.bought': ['code', 'price', 'currency'],
  'nft.paid': ['code', 'price', 'currency'],
  'nft.box_bought': ['code', 'price', 'currency'],
  'nft.box_opened': ['code'],
  'nft.margin_paid': ['code', 'margin', 'currency'],
  'nft.margin_refunded': ['code', 'margin', 'currency'],
  'nft.outbid': ['code', 'price', 'currency'],
  'nft.won': ['code', 'price', 'currency', 'deadline'],
  'nft.payment_due': ['code', 'price', 'currency', 'deadline'],
  'nft.payment_expired': ['code', 'margin', 'currency'],
  'nft.sold': ['code', 'price', 'currency'],
  'nft.listing_approved': ['code'],
  'nft.listing_rejected': ['code', 'reason'],
  'copy.follow_started': ['trader'],
  'copy.follow_edited': ['trader'],
  'copy.follow_cancelled': ['trader'],
  'copy.position_opened': ['symbol', 'side', 'lots', 'trader', 'tick_id'],
  'copy.position_closed': ['symbol', 'pnl', 'share', 'currency', 'trader'],
  'copy.position_skipped': ['symbol', 'trader'],
  'copy.trader_approved': ['nickname'],
  'copy.trader_rejected': ['nickname', 'reason'],
};
