import { resolve } from 'node:path';
import { canonicalAddress, DERIVED_CHAINS, type DerivedChain, ExtendedKeyError, parseAccountKey } from '@openbourse/core';
import { z } from 'zod';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  NODE_ENV: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OpenBourse <no-reply@openbourse.test>'),
  LOG_LEVEL: z.string().optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  MARKET_FEED: z.string().regex(/^(simulator|none|live:[a-z0-9]+)$/).default('simulator'),
  MARKET_SEED: z.coerce.number().int().default(20_261_122),
  MARKET_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  MARKET_MAKER: z.enum(['0', '1']).default('1'),
  FEED_KEY: z.string().min(16).optional(),
  CLOCK_CONTROL: z.enum(['0', '1']).default('0'),
  DEPOSIT_XRP_ADDRESS: z.string().optional(),
  CHAIN_INDEXER_BTC: z.url().optional(),
  CHAIN_INDEXER_LTC: z.url().optional(),
  CHAIN_INDEXER_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  CHAIN_SIM_BLOCK_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  REGISTRATION_LIMIT_IP_PER_DAY: z.coerce.number().int().min(0).default(3),
  REGISTRATION_LIMIT_PER_DEVICE: z.coerce.number().int().min(0).default(2),
});

/** Chains with a real indexer implementation (Esplora's HTTP API serves Bitcoin and Litecoin). */
export const INDEXED_CHAINS = ['BTC', 'LTC'] as const;
export type IndexedChain = (typeof INDEXED_CHAINS)[number];

export interface ChainsConfig {
  /** Account xpubs by chain, from DEPOSIT_XPUB_<CHAIN>; demo mode generates missing ones under DATA_DIR. */
  xpubs: Partial<Record<DerivedChain, string>>;
  /** The platform's XRP address users deposit to with their destination tag. */
  xrpAddress: string | undefined;
  /** Esplora-compatible indexer base URLs (e.g. https://blockstream.info/api) by chain. */
  indexers: Partial<Record<IndexedChain, string>>;
  indexerPollMs: number;
  /** Demo mode only: the simulated chain, one confirmation per this many milliseconds. */
  simulatedBlockMs: number | null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  production: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  market: {
    /** Where prices come from: the seeded simulator (default), a live exchange through ccxt, or nothing (tests, replay only). */
    feed: 'simulator' | 'none' | `live:${string}`;
    seed: number;
    tickMs: number;
    /** Days of simulated history back-filled on first start, so charts are never empty. */
    historyDays: number;
    marketMaker: boolean;
    /** Key that `pnpm replay` presents to push recorded ticks; generated under DATA_DIR when unset outside production. */
    feedKey: string | undefined;
  };
  /** Only behind a reverse proxy may X-Forwarded-For name the client; otherwise anyone could dodge IP rate limits. */
  trustProxy: boolean;
  /** Demo and browser tests only: `/api/dev/clock` moves the server's clock forward, so a day of dividends or an auction end can be seen in minutes. */
  clockControl: boolean;
  /** Deposit keys and chain watchers (see README, "Deposits and withdrawals"). */
  chains: ChainsConfig;
  repoRoot: string;
  seedDataDir: string;
  /** Releases of the built web app (platform/spa-releases.ts); `pnpm --filter @openbourse/web build` publishes a new one. */
  webReleasesDir: string;
  /** Invite-farm guard (platform/registration-guard.ts): sign-ups per address in 24 hours and per device ever; 0 means no limit (browser tests). */
  registrationLimits: { perIpPerDay: number; perDevice: number };
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.parse(environment);
  const production = parsed.NODE_ENV === 'production';
  const smtpUrl = parsed.SMTP_URL?.trim() || undefined;
  if (production && parsed.CLOCK_CONTROL === '1') {
    throw new ConfigError('CLOCK_CONTROL=1 is for demos and tests: a production clock is never moved.');
  }
  if (production && !smtpUrl) {
    throw new ConfigError('NODE_ENV=production needs SMTP_URL: production mode never writes codes to a dev outbox.');
  }
  return {
    chains: chainsConfig(environment, parsed, production),
    port: parsed.PORT,
    host: parsed.HOST,
    // Relative paths are taken from the repository root, whichever package's script started the process.
    dataDir: resolve(REPO_ROOT, parsed.DATA_DIR ?? 'var'),
    production,
    smtpUrl,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL ?? 'info',
    trustProxy: parsed.TRUST_PROXY === '1' || parsed.TRUST_PROXY === 'true',
    clockControl: parsed.CLOCK_CONTROL === '1',
    market: {
      feed: parsed.MARKET_FEED as Config['market']['feed'],
      seed: parsed.MARKET_SEED,
      tickMs: parsed.MARKET_TICK_MS,
      historyDays: parsed.MARKET_HISTORY_DAYS,
      marketMaker: parsed.MARKET_MAKER === '1',
      feedKey: parsed.FEED_KEY,
    },
    repoRoot: REPO_ROOT,
    seedDataDir: resolve(REPO_ROOT, 'data'),
    webReleasesDir: resolve(REPO_ROOT, 'apps/web/releases'),
    registrationLimits: { perIpPerDay: parsed.REGISTRATION_LIMIT_IP_PER_DAY, perDevice: parsed.REGISTRATION_LIMIT_PER_DEVICE },
  };
}

/**
 * Deposit keys are public keys only: a private key in DEPOSIT_XPUB_* stops
 * the server at start, so it can never be used or logged by it.
 */
function chainsConfig(environment: NodeJS.ProcessEnv, parsed: z.infer<typeof environmentSchema>, production: boolean): ChainsConfig {
  const xpubs: Partial<Record<DerivedChain, string>> = {};
  for (const chain of DERIVED_CHAINS) {
    const value = environment[`DEPOSIT_XPUB_${chain}`]?.trim();
    if (!value) continue;
    try {
      parseAccountKey(value);
    } catch (error) {
      if (error instanceof ExtendedKeyError) throw new ConfigError(`DEPOSIT_XPUB_${chain}: ${error.message}`);
      throw error;
    }
    xpubs[chain] = value;
  }
  const xrpAddress = parsed.DEPOSIT_XRP_ADDRESS?.trim() || undefined;
  if (xrpAddress && canonicalAddress('XRP', xrpAddress) === null) throw new ConfigError('DEPOSIT_XRP_ADDRESS is not a valid XRP address');
  const indexers: Partial<Record<IndexedChain, string>> = {};
  if (parsed.CHAIN_INDEXER_BTC) indexers.BTC = parsed.CHAIN_INDEXER_BTC.replace(/\/+$/, '');
  if (parsed.CHAIN_INDEXER_LTC) indexers.LTC = parsed.CHAIN_INDEXER_LTC.replace(/\/+$/, '');
  return {
    xpubs,
    xrpAddress,
    indexers,
    indexerPollMs: parsed.CHAIN_INDEXER_POLL_SECONDS * 1000,
    simulatedBlockMs: production ? null : Math.round(parsed.CHAIN_SIM_BLOCK_SECONDS * 1000),
  };
}
