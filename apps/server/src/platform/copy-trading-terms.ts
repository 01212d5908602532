import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toMinor } from '@openbourse/core';
import { z } from 'zod';

const rateText = z.string().regex(/^\d(\.\d{1,2})?$/);

const copyTradingFile = z.object({
  share_range: z.tuple([rateText, rateText]),
  default_share_rate: rateText,
  max_followers: z.number().int().min(1),
  min_lever_balance: z.string().regex(/^\d+(\.\d+)?$/),
  min_verification_level: z.number().int().min(0).max(2),
});

/** Platform terms of copy trading (data/copy-trading.json); rates in basis points, the balance in USDT minor units. */
export interface CopyTradingConfig {
  shareRange: [number, number];
  defaultShareBps: number;
  maxFollowers: number;
  minLeverBalance: number;
  minLeverBalanceText: string;
  minVerificationLevel: number;
}

/** "0.10" → 1000 bps; null when the text has more than two decimals or is not a number. */
export function shareRateBps(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(2, '0')) * 100;
}

export function loadCopyTradingConfig(seedDataDir: string, usdtScale: number): CopyTradingConfig {
  const file = copyTradingFile.parse(JSON.parse(readFileSync(join(seedDataDir, 'copy-trading.json'), 'utf8')));
  const bps = (text: string) => shareRateBps(text) as number;
  const config: CopyTradingConfig = {
    shareRange: [bps(file.share_range[0]), bps(file.share_range[1])],
    defaultShareBps: bps(file.default_share_rate),
    maxFollowers: file.max_followers,
    minLeverBalance: toMinor(file.min_lever_balance, usdtScale),
    minLeverBalanceText: file.min_lever_balance,
    minVerificationLevel: file.min_verification_level,
  };
  const [low, high] = config.shareRange;
  if (low > high || high > 10_000 || config.defaultShareBps < low || config.defaultShareBps > high) throw new Error('data/copy-trading.json: share rates out of order');
  return config;
}
