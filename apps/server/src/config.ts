import { resolve } from 'node:path';
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
});

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
  repoRoot: string;
  seedDataDir: string;
  webDistDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.parse(environment);
  const production = parsed.NODE_ENV === 'production';
  const smtpUrl = parsed.SMTP_URL?.trim() || undefined;
  if (production && !smtpUrl) {
    throw new ConfigError('NODE_ENV=production needs SMTP_URL: production mode never writes codes to a dev outbox.');
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    // Relative paths are taken from the repository root, whichever package's script started the process.
    dataDir: resolve(REPO_ROOT, parsed.DATA_DIR ?? 'var'),
    production,
    smtpUrl,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL ?? 'info',
    trustProxy: parsed.TRUST_PROXY === '1' || parsed.TRUST_PROXY === 'true',
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
    webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
  };
}
