import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ChainId, CHAIN_IDS, type DepositRoute, depositRouteOf, toMinor } from '@openbourse/core';
import { z } from 'zod';
import type { Catalog, CurrencyInfo } from '../platform/catalog.ts';

/**
 * Per currency and chain: what deposits and withdrawals accept, from
 * data/chains.json. Read at start; a malformed file (an amount more precise
 * than its currency, a chain a currency does not list) stops the server
 * there, not a user later.
 */

export const SUSPENSION_REASONS = ['maintenance', 'upgrade', 'congestion', 'delisted'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const switchFields = { enabled: z.boolean(), reason: z.enum(SUSPENSION_REASONS).nullable() };

const chainsFile = z.object({
  networks: z.array(z.object({ chain: z.enum(CHAIN_IDS), name: z.string().min(1), explorer_tx: z.string().includes('{txid}') })),
  assets: z.array(
    z.object({
      currency: z.string(),
      chain: z.enum(CHAIN_IDS),
      contract: z.string().optional(),
      min_deposit: decimal,
      confirmations: z.number().int().min(1).max(1000),
      withdraw_fee: decimal,
      min_withdraw: decimal,
      max_withdraw: decimal,
      memo: z.boolean(),
      ...switchFields,
    }),
  ),
  bank_withdrawals: z.array(z.object({ route: z.enum(['bank', 'bank_international']), currency: z.string(), fee: decimal, min: decimal, max: decimal, ...switchFields })),
});

export interface NetworkInfo {
  chain: ChainId;
  name: string;
  explorerTx: string;
}

/** One currency on one chain; amounts in the currency's minor units. */
export interface ChainAsset {
  currency: CurrencyInfo;
  network: NetworkInfo;
  chain: ChainId;
  /** The token contract on its chain, shown so users can check it; absent for a chain's own coin. */
  contract: string | undefined;
  route: DepositRoute;
  minDeposit: number;
  confirmations: number;
  withdrawFee: number;
  minWithdraw: number;
  maxWithdraw: number;
  /** The chain needs a memo or destination tag (XRP): deposits without it are lost to manual recovery. */
  memo: boolean;
  enabled: boolean;
  reason: SuspensionReason | null;
}

export type BankRoute = 'bank' | 'bank_international';

export interface BankWithdrawalSettings {
  route: BankRoute;
  currency: CurrencyInfo;
  fee: number;
  min: number;
  max: number;
  enabled: boolean;
  reason: SuspensionReason | null;
}

export interface ChainSettings {
  assets: ChainAsset[];
  networks: NetworkInfo[];
  asset(currencyId: number, chain: string): ChainAsset | undefined;
  assetsOf(currencyId: number): ChainAsset[];
  bank(route: BankRoute, currencyId: number): BankWithdrawalSettings | undefined;
  banks: BankWithdrawalSettings[];
  explorerLink(chain: string | null, txid: string | null): string | null;
}

function currencyOf(catalog: Catalog, symbol: string, where: string): CurrencyInfo {
  const currency = catalog.currencyBySymbol(symbol);
  if (currency?.kind !== 'crypto') throw new Error(`data/chains.json ${where}: ${symbol} is not a listed crypto currency`);
  return currency;
}

export function loadChainSettings(seedDataDir: string, catalog: Catalog): ChainSettings {
  const file = chainsFile.parse(JSON.parse(readFileSync(join(seedDataDir, 'chains.json'), 'utf8')));
  const networks = file.networks.map((network) => ({ chain: network.chain, name: network.name, explorerTx: network.explorer_tx }));
  const networkOf = (chain: ChainId) => {
    const network = networks.find((candidate) => candidate.chain === chain);
    if (!network) throw new Error(`data/chains.json: chain ${chain} has no network entry`);
    return network;
  };
  const assets = file.assets.map((entry): ChainAsset => {
    const currency = currencyOf(catalog, entry.currency, 'assets');
    if (!currency.chains.includes(entry.chain)) throw new Error(`data/chains.json: ${currency.symbol} is not listed on ${entry.chain} in data/currencies.json`);
    const minor = (amount: string) => toMinor(amount, currency.scale);
    const asset: ChainAsset = {
      currency,
      network: networkOf(entry.chain),
      chain: entry.chain,
      contract: entry.contract,
      route: depositRouteOf(entry.chain),
      minDeposit: minor(entry.min_deposit),
      confirmations: entry.confirmations,
      withdrawFee: minor(entry.withdraw_fee),
      minWithdraw: minor(entry.min_withdraw),
      maxWithdraw: minor(entry.max_withdraw),
      memo: entry.memo,
      enabled: entry.enabled,
      reason: entry.reason,
    };
    if (asset.maxWithdraw < asset.minWithdraw) throw new Error(`data/chains.json: ${currency.symbol} on ${entry.chain} has max_withdraw below min_withdraw`);
    return asset;
  });
  for (const currency of catalog.currencies) {
    for (const chain of currency.chains) {
      if (!assets.some((asset) => asset.currency.id === currency.id && asset.chain === chain)) throw new Error(`data/chains.json: no entry for ${currency.symbol} on ${chain}`);
    }
  }
  const banks = file.bank_withdrawals.map((entry): BankWithdrawalSettings => {
    const currency = currencyOf(catalog, entry.currency, 'bank_withdrawals');
    return { route: entry.route, currency, fee: toMinor(entry.fee, currency.scale), min: toMinor(entry.min, currency.scale), max: toMinor(entry.max, currency.scale), enabled: entry.enabled, reason: entry.reason };
  });
  return {
    assets,
    networks,
    banks,
    asset: (currencyId, chain) => assets.find((asset) => asset.currency.id === currencyId && asset.chain === chain),
    assetsOf: (currencyId) => assets.filter((asset) => asset.currency.id === currencyId),
    bank: (route, currencyId) => banks.find((bank) => bank.route === route && bank.currency.id === currencyId),
    explorerLink(chain, txid) {
      const network = networks.find((candidate) => candidate.chain === chain);
      return network && txid ? network.explorerTx.replace('{txid}', encodeURIComponent(txid)) : null;
    },
  };
}

/** Deposits land in, and withdrawals leave from, the spot account (`change`, id 2 in data/account-types.json). */
export const FUNDS_ACCOUNT_TYPE_ID = 2;
