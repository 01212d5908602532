import { formatMinor, isDerivedChain, toMinor } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, count, desc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { ChainNetwork } from '../../chains/network.ts';
import { type ChainAsset, FUNDS_ACCOUNT_TYPE_ID } from '../../chains/settings.ts';
import { depositAddresses, deposits, ledgerAccounts } from '../../db/schema.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { presentRejectReason } from '../../platform/reject-reasons.ts';
import { withdrawalsLockedUntil } from '../../platform/security-changes.ts';
import { isOwnUpload } from '../../platform/uploaded-files.ts';
import { BTC_SCALE, btcRate, currencyAmountOf, withdrawalQuota } from '../../platform/withdrawal-quota.ts';

/** A user may have this many voucher deposits waiting for review at once; more is refused until one is decided. */
export const MAX_PENDING_VOUCHERS = 5;

export interface VoucherRequest {
  currency: CurrencyInfo;
  chain: string | undefined;
  amount: string;
  account: string | undefined;
  type: number;
  voucher: string;
}

export function createDepositService(ctx: AppContext, network: ChainNetwork) {
  const { db, catalog } = ctx;
  const { settings } = network;

  function suspension(lang: Language, asset: { enabled: boolean; reason: string | null }) {
    return asset.enabled ? null : translate(lang, `chainSuspension.${asset.reason ?? 'maintenance'}`);
  }

  function available(userId: number, currency: CurrencyInfo): string {
    const row = db
      .select({ available: ledgerAccounts.available })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currencyId, currency.id), eq(ledgerAccounts.accountTypeId, FUNDS_ACCOUNT_TYPE_ID)))
      .get();
    return formatMinor(row?.available ?? 0, currency.scale);
  }

  /** The 24-hour limit in BTC, and what is left of it in this currency at the feed's price (null while there is no price). */
  function limitFor(userId: number, level: number, currency: CurrencyInfo) {
    const quota = withdrawalQuota(ctx, userId, level, ctx.now());
    let remaining: string | null = null;
    try {
      remaining = formatMinor(currencyAmountOf(btcRate(ctx, currency), currency, quota.remaining), currency.scale);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return {
      level,
      limit_btc: formatMinor(quota.limit, BTC_SCALE),
      used_btc: formatMinor(quota.used, BTC_SCALE),
      remaining_btc: formatMinor(quota.remaining, BTC_SCALE),
      remaining,
    };
  }

  function presentAsset(lang: Language, asset: ChainAsset) {
    const { scale } = asset.currency;
    return {
      chain: asset.chain,
      network: asset.network.name,
      contract: asset.contract ?? null,
      enabled: asset.enabled,
      reason_code: asset.enabled ? null : asset.reason,
      reason: suspension(lang, asset),
      deposit: {
        route: asset.route,
        address_deposits: network.addressDeposits(asset.chain),
        min: formatMinor(asset.minDeposit, scale),
        confirmations: asset.confirmations,
        memo: asset.memo,
      },
      withdraw: { fee: formatMinor(asset.withdrawFee, scale), min: formatMinor(asset.minWithdraw, scale), max: formatMinor(asset.maxWithdraw, scale) },
    };
  }

  return {
    /** A crypto currency by id or symbol; stocks and unknown ids answer "not found". */
    resolveCurrency(reference: string | number): CurrencyInfo {
      const currency = typeof reference === 'number' || /^\d+$/.test(reference) ? catalog.currency(Number(reference)) : catalog.currencyBySymbol(reference.toUpperCase());
      if (!currency || settings.assetsOf(currency.id).length === 0) throw new AppError('errors.currencyNotFound');
      return currency;
    },

    /** The currency on a chain; the chain may be left out when the currency has only one. */
    assetFor(currency: CurrencyInfo, chain: string | undefined): ChainAsset {
      const assets = settings.assetsOf(currency.id);
      if (chain === undefined) {
        if (assets.length !== 1) throw new AppError('errors.chainRequired');
        return assets[0] as ChainAsset;
      }
      const asset = settings.asset(currency.id, chain.toUpperCase());
      if (!asset) throw new AppError('errors.chainNotFound');
      return asset;
    },

    info(userId: number, level: number, lang: Language, currency: CurrencyInfo) {
      const now = ctx.now();
      const minimum = Math.min(...settings.assetsOf(currency.id).map((asset) => asset.minDeposit));
      return {
        currency_id: currency.id,
        currency: currency.symbol,
        name: currency.name,
        icon: currency.icon,
        decimals: currency.scale,
        available: available(userId, currency),
        chains: settings.assetsOf(currency.id).map((asset) => presentAsset(lang, asset)),
        voucher: { min: formatMinor(minimum, currency.scale) },
        bank: settings.banks
          .filter((bank) => bank.currency.id === currency.id)
          .map((bank) => ({
            route: bank.route,
            fee: formatMinor(bank.fee, currency.scale),
            min: formatMinor(bank.min, currency.scale),
            max: formatMinor(bank.max, currency.scale),
            enabled: bank.enabled,
            reason: suspension(lang, bank),
          })),
        withdraw_limit: limitFor(userId, level, currency),
        withdrawals_locked_until: withdrawalsLockedUntil(db, userId, now),
      };
    },

    /** The user's address (and tag) on the chain, assigned on first request and kept; with a QR code of it. */
    async depositAddress(userId: number, asset: ChainAsset) {
      if (!asset.enabled) throw new AppError('errors.chainSuspended', { reason: { key: `chainSuspension.${asset.reason ?? 'maintenance'}` as 'chainSuspension.maintenance' } });
      if (network.addressDeposits(asset.chain) !== 'on') throw new AppError('errors.depositAddressUnavailable');
      const chain = asset.chain;
      const keyId = network.keys.keyId(isDerivedChain(chain) ? chain : 'XRP') as string;
      let row = db.select().from(depositAddresses).where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, chain), eq(depositAddresses.keyId, keyId))).get();
      if (!row) {
        const address = isDerivedChain(chain) ? (network.keys.addressFor(chain, userId) as string) : (network.keys.xrpAddress as string);
        const tag = isDerivedChain(chain) ? null : userId;
        db.insert(depositAddresses).values({ userId, chain, address, tag, keyId, createdAt: ctx.now() }).onConflictDoNothing().run();
        row = db.select().from(depositAddresses).where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, chain), eq(depositAddresses.keyId, keyId))).get();
      }
      if (!row) throw new AppError('errors.depositAddressUnavailable');
      return {
        currency: asset.currency.symbol,
        chain,
        network: asset.network.name,
        address: row.address,
        tag: row.tag,
        memo_required: asset.memo,
        qr_code: await QRCode.toDataURL(row.address, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
        min_deposit: formatMinor(asset.minDeposit, asset.currency.scale),
        confirmations: asset.confirmations,
        contract: asset.contract ?? null,
      };
    },

    requestVoucher(userId: number, request: VoucherRequest) {
      const { currency } = request;
      const asset = request.chain === undefined ? undefined : settings.asset(currency.id, request.chain.toUpperCase());
      if (request.chain !== undefined && !asset) throw new AppError('errors.chainNotFound');
      if (asset && !asset.enabled) throw new AppError('errors.chainSuspended', { reason: { key: `chainSuspension.${asset.reason ?? 'maintenance'}` as 'chainSuspension.maintenance' } });
      const amount = toMinor(request.amount, currency.scale);
      const minimum = asset?.minDeposit ?? Math.min(...settings.assetsOf(currency.id).map((entry) => entry.minDeposit));
      if (amount < minimum) throw new AppError('errors.belowMinDeposit', { min: { amount: formatMinor(minimum, currency.scale) }, currency: currency.symbol });
      if (!isOwnUpload(db, userId, request.voucher)) throw new AppError('errors.voucherMissing');
      const now = ctx.now();
      return db.transaction((tx) => {
        const pending = tx.select({ total: count() }).from(deposits).where(and(eq(deposits.userId, userId), eq(deposits.status, 'review'))).get()?.total ?? 0;
        if (pending >= MAX_PENDING_VOUCHERS) throw new AppError('errors.tooManyPendingDeposits', { count: MAX_PENDING_VOUCHERS });
        return tx
          .insert(deposits)
          .values({
            userId,
            currencyId: currency.id,
            accountTypeId: FUNDS_ACCOUNT_TYPE_ID,
            route: 'voucher',
            chain: asset?.chain ?? null,
            amount,
            status: 'review',
            voucher: request.voucher,
            payerAccount: request.account ?? null,
            voucherType: request.type,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
          .get();
      });
    },

    list(userId: number, page: number, limit: number, lang: Language) {
      const window = pageWindow(page, limit);
      const where = eq(deposits.userId, userId);
      const total = db.select({ total: count() }).from(deposits).where(where).get()?.total ?? 0;
      const rows = db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(window.limit).offset(window.offset).all();
      return toPage(rows.map((row) => presentDeposit(ctx, network, row, lang)), window, total);
    },
  };
}

export function presentDeposit(ctx: AppContext, network: ChainNetwork, row: typeof deposits.$inferSelect, lang: Language) {
  const currency = ctx.catalog.currency(row.currencyId) as CurrencyInfo;
  return {
    id: row.id,
    route: row.route,
    currency_id: currency.id,
    currency: currency.symbol,
    icon: currency.icon,
    chain: row.chain,
    network: network.settings.networks.find((entry) => entry.chain === row.chain)?.name ?? null,
    amount: formatMinor(row.amount, currency.scale),
    status: row.status,
    confirmations: Math.min(row.confirmations, row.requiredConfirmations),
    required_confirmations: row.requiredConfirmations,
    txid: row.txid,
    explorer_url: network.settings.explorerLink(row.chain, row.txid),
    address: row.address,
    tag: row.tag,
    voucher: row.voucher,
    account: row.payerAccount,
    type: row.voucherType,
    reason: presentRejectReason('deposits', lang, row.reason),
    created_at: row.createdAt,
    credited_at: row.creditedAt,
  };
}
