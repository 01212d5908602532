import { formatMinor, toMinor } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, count, desc, eq } from 'drizzle-orm';
import { type BankRoute, type ChainSettings, FUNDS_ACCOUNT_TYPE_ID } from '../../chains/settings.ts';
import { bankCards, users, type WithdrawalRoute, withdrawalAddresses, withdrawals } from '../../db/schema.ts';
import { holdLines, post } from '../../ledger/ledger.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { assertNotLocked, clearFailures, countFailure, LOCK_DURATION_MS, lockedError } from '../../platform/login-lock.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { presentRejectReason } from '../../platform/reject-reasons.ts';
import { requireSecondFactor, secondFactorEnabled } from '../../platform/second-factor.ts';
import { withdrawalsLockedUntil } from '../../platform/security-changes.ts';
import { BTC_SCALE, btcRate, btcValueOf, withdrawalQuota } from '../../platform/withdrawal-quota.ts';

export interface WithdrawalRequest {
  userId: number;
  verificationLevel: number;
  currency: CurrencyInfo;
  /** What leaves the balance, fee included; the payee receives it less the fee. */
  number: string;
  route: WithdrawalRoute;
  addressId: number | undefined;
  payPassword: string;
  secondFactor: string | undefined;
}

interface Destination {
  chain: string | null;
  destination: string;
  memo: string | null;
  payee: Record<string, string> | null;
  fee: number;
  min: number;
  max: number;
}

const MINUTE_MS = 60_000;

export function createWithdrawalService(ctx: AppContext, settings: ChainSettings) {
  const { db } = ctx;

  function suspended(reason: string | null): AppError {
    return new AppError('errors.chainSuspended', { reason: { key: `chainSuspension.${reason ?? 'maintenance'}` as 'chainSuspension.maintenance' } });
  }

  /** Where the money goes and what that route charges, from the user's own saved address or card. */
  function destinationOf(request: WithdrawalRequest): Destination {
    const { currency, userId } = request;
    if (request.route === 'address') {
      if (request.addressId === undefined) throw new AppError('errors.withdrawalAddressRequired');
      const saved = db.select().from(withdrawalAddresses).where(and(eq(withdrawalAddresses.id, request.addressId), eq(withdrawalAddresses.userId, userId))).get();
      // Someone else's address, or one of another currency, answers like a missing one.
      if (!saved || saved.currencyId !== currency.id) throw new AppError('errors.withdrawalAddressNotFound');
      const asset = settings.asset(currency.id, saved.chain);
      if (!asset) throw new AppError('errors.chainNotFound');
      if (!asset.enabled) throw suspended(asset.reason);
      return { chain: asset.chain, destination: saved.address, memo: saved.memo || null, payee: { name: saved.name }, fee: asset.withdrawFee, min: asset.minWithdraw, max: asset.maxWithdraw };
    }
    const bank = settings.bank(request.route as BankRoute, currency.id);
    if (!bank) throw new AppError('errors.bankPayoutUnavailable');
    if (!bank.enabled) throw suspended(bank.reason);
    const card = db
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, request.route === 'bank' ? 'domestic' : 'international')))
      .get();
    if (!card) throw new AppError(request.route === 'bank' ? 'errors.bankCardRequired' : 'errors.internationalCardRequired');
    const payee: Record<string, string> = { real_name: card.realName, bank_name: card.bankName, bank_address: card.bankAddress };
    if (card.bankBranch) payee.bank_branch = card.bankBranch;
    if (card.phone) payee.phone = card.phone;
    if (card.abaNumber) payee.aba_number = card.abaNumber;
    if (card.swiftCode) payee.swift_code = card.swiftCode;
    if (card.holderAddress) payee.holder_address = card.holderAddress;
    return { chain: null, destination: card.bankAccount, memo: null, payee, fee: bank.fee, min: bank.min, max: bank.max };
  }

  async function checkFundPassword(userId: number, password: string): Promise<void> {
    const user = db.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw new AppError('errors.pleaseLogin');
    const now = ctx.now();
    assertNotLocked(user, now);
    if (!user.payPasswordHash) throw new AppError('errors.payPasswordNotSet');
    if (await verifyPassword(user.payPasswordHash, password)) {
      // With two-factor on, the code that follows is the last factor: a right fund password alone must not wipe the guesses at it.
      if (!secondFactorEnabled(db, userId)) clearFailures(db, userId);
      return;
    }
    // A wrong fund password is a guess at a secret like a wrong login password: it counts toward the lock-out.
    if (countFailure(db, userId, now) === 'locked') throw lockedError(now + LOCK_DURATION_MS, now);
    throw new AppError('errors.payPasswordWrong');
  }

  return {
    async request(request: WithdrawalRequest) {
      const { currency, userId } = request;
      const lockedUntil = withdrawalsLockedUntil(db, userId, ctx.now());
      if (lockedUntil !== null) {
        const minutes = Math.ceil((lockedUntil - ctx.now()) / MINUTE_MS);
        throw new AppError('errors.withdrawalsLocked', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
      }
      const destination = destinationOf(request);
      const total = toMinor(request.number, currency.scale);
      if (total < destination.min) throw new AppError('errors.belowMinWithdrawal', { min: { amount: formatMinor(destination.min, currency.scale) }, currency: currency.symbol });
      if (total > destination.max) throw new AppError('errors.aboveMaxWithdrawal', { max: { amount: formatMinor(destination.max, currency.scale) }, currency: currency.symbol });
      if (total <= destination.fee) throw new AppError('errors.amountBelowFee', { fee: { amount: formatMinor(destination.fee, currency.scale) }, currency: currency.symbol });
      const rate = btcRate(ctx, currency);
      const btcValue = btcValueOf(rate, currency, total);
      const quotaError = () => {
        const quota = withdrawalQuota(ctx, userId, request.verificationLevel, ctx.now());
        return btcValue > quota.remaining ? new AppError('errors.withdrawalLimitExceeded', { remaining: { amount: formatMinor(quota.remaining, BTC_SCALE) } }) : null;
      };
      const early = quotaError();
      if (early) throw early;
      await checkFundPassword(userId, request.payPassword);
      requireSecondFactor(ctx, userId, request.secondFactor);

      const now = ctx.now();
      const holder = { userId, currencyId: currency.id, accountTypeId: FUNDS_ACCOUNT_TYPE_ID };
      // One transaction: the limit is checked again against every withdrawal committed before it, and
      // the hold fails on an insufficient balance, so of requests racing for one balance only one passes.
      const row = db.transaction((tx) => {
        const late = quotaError();
        if (late) throw late;
        const inserted = tx
          .insert(withdrawals)
          .values({
            userId,
            currencyId: currency.id,
            accountTypeId: FUNDS_ACCOUNT_TYPE_ID,
            route: request.route,
            chain: destination.chain,
            destination: destination.destination,
            memo: destination.memo,
            payee: destination.payee,
            amount: total - destination.fee,
            fee: destination.fee,
            btcValue,
            priceTickId: rate.priceTickId,
            btcTickId: rate.btcTickId,
            status: 'review',
            createdAt: now,
          })
          .returning()
          .get();
        post(ctx.sqlite, { type: 'withdrawal_hold', refType: 'withdrawal', refId: inserted.id, memo: `${currency.symbol} withdrawal requested`, lines: holdLines(holder, total) }, now);
        return inserted;
      });
      ctx.bus.emit('balance', { userId });
      ctx.bus.emit('user', {
        userId,
        kind: 'withdrawal.requested',
        refType: 'withdrawal',
        refId: row.id,
        params: { amount: formatMinor(row.amount, currency.scale), fee: formatMinor(row.fee, currency.scale), currency: currency.symbol },
        time: now,
      });
      return row;
    },

    list(userId: number, page: number, limit: number, lang: Language) {
      const window = pageWindow(page, limit);
      const where = eq(withdrawals.userId, userId);
      const total = db.select({ total: count() }).from(withdrawals).where(where).get()?.total ?? 0;
      const rows = db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(window.limit).offset(window.offset).all();
      return toPage(rows.map((row) => presentWithdrawal(ctx, settings, row, lang)), window, total);
    },
  };
}

/** A card number as the user sees it in lists: only its last four digits. */
export function maskAccount(account: string): string {
  return account.length <= 4 ? account : `**** ${account.slice(-4)}`;
}

export function presentWithdrawal(ctx: AppContext, settings: ChainSettings, row: typeof withdrawals.$inferSelect, lang: Language) {
  const currency = ctx.catalog.currency(row.currencyId) as CurrencyInfo;
  return {
    id: row.id,
    route: row.route,
    currency_id: currency.id,
    currency: currency.symbol,
    icon: currency.icon,
    chain: row.chain,
    network: settings.networks.find((entry) => entry.chain === row.chain)?.name ?? null,
    destination: row.route === 'address' ? row.destination : maskAccount(row.destination),
    memo: row.memo,
    amount: formatMinor(row.amount, currency.scale),
    fee: formatMinor(row.fee, currency.scale),
    total: formatMinor(row.amount + row.fee, currency.scale),
    btc_value: formatMinor(row.btcValue, BTC_SCALE),
    status: row.status,
    tx_ref: row.txRef,
    explorer_url: row.route === 'address' ? settings.explorerLink(row.chain, row.txRef) : null,
    reason: presentRejectReason('withdrawals', lang, row.reason),
    created_at: row.createdAt,
    reviewed_at: row.reviewedAt,
  };
}
