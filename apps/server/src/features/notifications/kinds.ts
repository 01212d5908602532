import type { UserEvent } from '../../market/bus.ts';

/** The heading a message is listed under; each has a text in the `notifications` namespace (`categories.<name>`). */
export type NotificationCategory = 'account' | 'security' | 'verification' | 'deposit' | 'withdrawal' | 'wallet' | 'earn' | 'trade' | 'nft' | 'copy' | 'announcement';

export interface NotificationKind {
  category: NotificationCategory;
  /** The H5 route the message opens. */
  link: (event: Pick<UserEvent, 'refId' | 'params'>) => string;
  /**
   * Also sent by email: security-relevant events whose emitter does not mail
   * already (the new-device login and verification decisions mail themselves).
   */
  email?: boolean;
}

const page = (path: string) => () => path;
const withId = (path: string) => (event: Pick<UserEvent, 'refId'>) => `${path}?id=${encodeURIComponent(String(event.refId))}`;

const SECURITY = '/pages/setting/security';
const FUNDS_RECORDS = '/pages/fund/receive_withdraw_record';
const SPOT_ORDERS = '/pages/transaction/order';
const FUTURES_ORDERS = '/pages/transaction/contract_order';
const OPTION_ORDERS = '/pages/transaction/seconds_order';
const COUPONS = '/pages/setting/coupon';
const NFT_ACTIVITY = '/pages/nft/mine';
const NFT_COLLECTION = '/pages/nft/myNft';

/**
 * Every event kind the centre knows: its heading, its link and whether it is
 * mailed. The text is `messages.<kind>` in the `notifications` namespace, so a
 * new kind needs one line here and one text per language, and its emitter's
 * params in emitted-kinds.ts (the test checks each text uses only those).
 * Copy trading, still being built, is listed with the names it is expected to
 * emit.
 */
export const NOTIFICATION_KINDS: Record<string, NotificationKind> = {
  'verification.approved': { category: 'verification', link: page('/pages/setting/real') },
  'verification.rejected': { category: 'verification', link: page('/pages/setting/real') },
  'deposit.credited': { category: 'deposit', link: page(FUNDS_RECORDS) },
  'deposit.rejected': { category: 'deposit', link: page(FUNDS_RECORDS) },
  'withdrawal.requested': { category: 'withdrawal', link: page(FUNDS_RECORDS) },
  'withdrawal.paid': { category: 'withdrawal', link: page(FUNDS_RECORDS), email: true },
  'withdrawal.rejected': { category: 'withdrawal', link: page(FUNDS_RECORDS), email: true },
  // A new payout address is the step before money leaves: mailed, like a security change.
  'withdrawal.address_added': { category: 'withdrawal', link: page('/pages/setting/wallet'), email: true },
  'account.new_device_login': { category: 'security', link: page(SECURITY) },
  'account.password_changed': { category: 'security', link: page(SECURITY), email: true },
  'account.fund_password_set': { category: 'security', link: page(SECURITY), email: true },
  'account.fund_password_changed': { category: 'security', link: page(SECURITY), email: true },
  'account.two_factor_enabled': { category: 'security', link: page(SECURITY), email: true },
  'account.two_factor_disabled': { category: 'security', link: page(SECURITY), email: true },
  'account.anti_phishing_set': { category: 'security', link: page(SECURITY), email: true },
  'account.phone_linked': { category: 'security', link: page(SECURITY), email: true },
  'account.frozen': { category: 'account', link: page('/pages/setting/setting') },
  'account.unfrozen': { category: 'account', link: page('/pages/setting/setting') },
  'account.chat_muted': { category: 'account', link: page('/pages/kefu/chatroom') },
  'account.chat_unmuted': { category: 'account', link: page('/pages/kefu/chatroom') },
  'conversion.completed': { category: 'wallet', link: page('/pages/setting/bill') },
  'conversion.small_balances': { category: 'wallet', link: page('/pages/setting/bill') },
  'transfer.completed': { category: 'wallet', link: page('/pages/fund/transfer_history') },
  'lock_mining.locked': { category: 'earn', link: withId('/pages/lockming/order') },
  'lock_mining.yield_paid': { category: 'earn', link: withId('/pages/lockming/order') },
  'lock_mining.redeemed': { category: 'earn', link: withId('/pages/lockming/order') },
  'ieo.subscribed': { category: 'earn', link: page('/pages/ieo/order') },
  'ieo.allocated': { category: 'earn', link: page('/pages/ieo/order') },
  'ieo.unlocked': { category: 'earn', link: page('/pages/ieo/order') },
  'dual.purchased': { category: 'earn', link: page('/pages/invest/mine') },
  'dual.settled': { category: 'earn', link: page('/pages/invest/mine') },
  'spot.order_filled': { category: 'trade', link: withId('/pages/transaction/currency_order') },
  // Stop-limit, take-profit and stop-loss orders (refId: the conditional order, listed on the orders page, not an order id).
  'spot.stop_triggered': { category: 'trade', link: page(SPOT_ORDERS) },
  'spot.take_profit_triggered': { category: 'trade', link: page(SPOT_ORDERS) },
  'spot.stop_loss_triggered': { category: 'trade', link: page(SPOT_ORDERS) },
  'spot.conditional_failed': { category: 'trade', link: page(SPOT_ORDERS) },
  'coupon.granted': { category: 'wallet', link: page(COUPONS) },
  'coupon.used': { category: 'wallet', link: page(COUPONS) },
  'coupon.expired': { category: 'wallet', link: page(COUPONS) },
  'futures.entrusted': { category: 'trade', link: page(FUTURES_ORDERS) },
  'futures.opened': { category: 'trade', link: page(FUTURES_ORDERS) },
  'futures.cancelled': { category: 'trade', link: page(FUTURES_ORDERS) },
  'futures.stops_set': { category: 'trade', link: page(FUTURES_ORDERS) },
  'futures.margin_added': { category: 'trade', link: page(FUTURES_ORDERS) },
  'futures.overnight_charged': { category: 'trade', link: page(FUTURES_ORDERS) },
  'futures.closed': { category: 'trade', link: page(FUTURES_ORDERS) },
  'futures.liquidated': { category: 'trade', link: page(FUTURES_ORDERS) },
  'option.placed': { category: 'trade', link: page(OPTION_ORDERS) },
  'option.settled': { category: 'trade', link: page(OPTION_ORDERS) },
  // NFT: bids, auctions and payments are followed on pages/nft/mine; what the user owns or lists on pages/nft/myNft.
  'nft.margin_paid': { category: 'nft', link: page(NFT_ACTIVITY) },
  'nft.margin_refunded': { category: 'nft', link: page(NFT_ACTIVITY) },
  'nft.outbid': { category: 'nft', link: page(NFT_ACTIVITY) },
  'nft.won': { category: 'nft', link: page(NFT_ACTIVITY) },
  'nft.payment_due': { category: 'nft', link: page(NFT_ACTIVITY) },
  'nft.payment_reminder': { category: 'nft', link: page(NFT_ACTIVITY) },
  'nft.payment_expired': { category: 'nft', link: page(NFT_ACTIVITY) },
  'nft.bought': { category: 'nft', link: page(NFT_COLLECTION) },
  'nft.paid': { category: 'nft', link: page(NFT_COLLECTION) },
  'nft.box_bought': { category: 'nft', link: page(NFT_COLLECTION) },
  'nft.box_opened': { category: 'nft', link: page(NFT_COLLECTION) },
  'nft.listing_approved': { category: 'nft', link: page(NFT_COLLECTION) },
  'nft.listing_rejected': { category: 'nft', link: page(NFT_COLLECTION) },
  'nft.sold': { category: 'nft', link: page(NFT_COLLECTION) },
  'copy.position_opened': { category: 'copy', link: page('/pages/copytrade/my') },
  'copy.position_reduced': { category: 'copy', link: page('/pages/copytrade/my') },
  'copy.position_closed': { category: 'copy', link: page('/pages/copytrade/my') },
  'copy.position_skipped': { category: 'copy', link: page('/pages/copytrade/my') },
  'copy.follow_started': { category: 'copy', link: page('/pages/copytrade/my') },
  'copy.follow_edited': { category: 'copy', link: page('/pages/copytrade/my') },
  'copy.follow_cancelled': { category: 'copy', link: page('/pages/copytrade/my') },
  'copy.trader_approved': { category: 'copy', link: page('/pages/copytrade/trader') },
  'copy.trader_rejected': { category: 'copy', link: page('/pages/copytrade/trader') },
  'copy.follower_added': { category: 'copy', link: page('/pages/copytrade/trader') },
  'copy.share_received': { category: 'copy', link: page('/pages/copytrade/trader') },
  'copy.self_holding': { category: 'copy', link: page('/pages/copytrade/my') },
};

/** What an event of a kind not listed above becomes: still kept, with a neutral text, so nothing a feature reports is lost. */
export const UNKNOWN_KIND: NotificationKind = { category: 'account', link: page('/pages/setting/setting') };

export const ANNOUNCEMENT_KIND = 'announcement';
/** The content category whose articles are announced in everyone's centre (the console's news). */
export const ANNOUNCED_ARTICLE_CATEGORY = 4;
