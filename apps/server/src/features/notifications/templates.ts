import { DEFAULT_LANGUAGE, type Language, localeOf } from '@openbourse/i18n';
import en from '@openbourse/i18n/locales/en/notifications.json';
import fra from '@openbourse/i18n/locales/fra/notifications.json';
import hk from '@openbourse/i18n/locales/hk/notifications.json';
import jp from '@openbourse/i18n/locales/jp/notifications.json';
import kor from '@openbourse/i18n/locales/kor/notifications.json';
import may from '@openbourse/i18n/locales/may/notifications.json';
import spa from '@openbourse/i18n/locales/spa/notifications.json';
import th from '@openbourse/i18n/locales/th/notifications.json';
import vi from '@openbourse/i18n/locales/vi/notifications.json';
import zh from '@openbourse/i18n/locales/zh/notifications.json';
import { formatSignificant, numberStyleOf } from '@openbourse/core';
import i18next, { type TFunction } from 'i18next';
import { type RejectGate, rejectReasonText } from '../../platform/reject-reasons.ts';

const translator = i18next.createInstance();
void translator.init({
  resources: Object.fromEntries(Object.entries({ zh, hk, en, jp, kor, th, fra, spa, may, vi }).map(([language, messages]) => [language, { notifications: messages }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: 'en',
  defaultNS: 'notifications',
  ns: ['notifications'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const fixed = new Map<Language, TFunction>();

/** A text of the `notifications` namespace in one language; a kind without its own text gets the neutral one. */
export function notificationText(language: Language, key: string, params: Record<string, string | number> = {}): string {
  let t = fixed.get(language);
  if (!t) {
    t = translator.getFixedT(language);
    fixed.set(language, t);
  }
  return translator.exists(key, { lng: language }) ? (t(key, params) as string) : (t('unknown') as string);
}

/** Event values that are amounts of money or prices, stored as the ledger's decimal string ('1000.000000', '-0.966250'). */
const AMOUNT_PARAMS = new Set(['amount', 'amount_in', 'amount_out', 'fee', 'penalty', 'refunded', 'payout', 'paid', 'held', 'allocated', 'quantity', 'average_price', 'price', 'margin', 'pnl', 'share', 'tick_price', 'trigger_price']);
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** The review gate whose listed refusal reasons a rejection kind's `reason_code` names. */
const REJECTION_GATES: Record<string, RejectGate> = {
  'verification.rejected': 'verification',
  'deposit.rejected': 'deposits',
  'withdrawal.rejected': 'withdrawals',
  'nft.listing_rejected': 'nftListings',
  'copy.trader_rejected': 'traderApplications',
};

/**
 * An event's values as the reader sees them: a value stored as a code is
 * written out in the reader's language here, at read time. `reason_code` is a
 * listed refusal reason of the kind's review gate, shown as `reason`. Amounts
 * read as everywhere else in the app: '1000.000000' as 1,000.00 (1.000,00 in
 * Spanish, as the reader's language writes numbers). A filled spot
 * order reads as a whole sentence per side (`order_filled_buy`,
 * `order_filled_sell`: i18next's context), since "buy order" is no single word
 * to slot in; one stored before its quantity was recorded keeps the plain
 * `order_filled` text.
 */
export function localizedParams(language: Language, kind: string, params: Record<string, string | number>): Record<string, string | number> {
  const shown: Record<string, string | number> = { ...params };
  const style = numberStyleOf(localeOf(language));
  for (const [key, value] of Object.entries(params)) {
    if (AMOUNT_PARAMS.has(key) && typeof value === 'string' && PLAIN_DECIMAL.test(value)) shown[key] = formatSignificant(value, 2, style);
  }
  if ((params.side === 'buy' || params.side === 'sell') && params.quantity !== undefined) shown.context = params.side;
  const gate = REJECTION_GATES[kind];
  const reason = gate && rejectReasonText(gate, language, params.reason_code);
  return reason ? { ...shown, reason } : shown;
}
