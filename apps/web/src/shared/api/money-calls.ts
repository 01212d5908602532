/**
 * Calls that move money or place, cancel, close, claim or post something
 * (a coupon claimed, a message sent to support or the chat room). They are never
 * sent while the phone is offline and never retried without a new tap: an
 * order sent late fills at a price the user never saw (issue 7 §2).
 */
const MONEY_CALLS: ReadonlySet<string> = new Set([
  '/coin/trade',
  '/coin/cancel',
  '/coin/cancel_all',
  '/wallet/out',
  '/wallet/change',
  '/wallet/charge_req',
  '/wallet/small_balances/convert',
  '/user/Transfer',
  '/lh/deposit',
  '/lh/deposit/order/cancel',
  '/dual/buyDual',
  '/project/order',
  '/coin/tpsl',
  '/coin/conditional/cancel',
  '/lever/submit',
  '/lever/cancel',
  '/lever/close',
  '/lever/batch_close',
  '/lever/setstop',
  '/lever/add_margin',
  '/microtrade/submit',
  '/bind_box/buyNFT',
  '/bind_box/marginNFT',
  '/bind_box/auctionNFT',
  '/bind_box/payNFTOrder',
  '/bind_box/openBlindBox',
  '/bind_box/resellNFT',
  '/follow/follow',
  '/follow/cancel',
  '/follow/selfHolding',
  '/coupon/use_voucher',
  '/coupon/claim',
  '/support/send',
  '/chatroom/send',
]);

/** The money calls whose endpoint takes a `client_oid`: the server answers a repeated key with the first result. */
const KEYED_CALLS: ReadonlySet<string> = new Set([
  '/coin/trade',
  '/wallet/out',
  '/wallet/change',
  '/user/Transfer',
  '/lh/deposit',
  '/dual/buyDual',
  '/project/order',
  '/lever/submit',
  '/lever/close',
  '/lever/batch_close',
  '/microtrade/submit',
]);

export const isMoneyCall = (path: string): boolean => MONEY_CALLS.has(path);

export const takesClientOid = (path: string): boolean => KEYED_CALLS.has(path);

/** What the browser knows: false only when it is sure there is no connection. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A fresh idempotency key (a version 4 UUID) for one tap. Built from
 * getRandomValues rather than randomUUID, which browsers offer only on
 * secure origins, and the H5 app may be opened over plain http on a LAN.
 */
export function newClientOid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
