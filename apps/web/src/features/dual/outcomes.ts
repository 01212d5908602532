import { type DualTerms, dualOutcomes, formatMinor, toMinor } from '@openbourse/core';
import type { DualProduct } from './api.ts';

const scaleOf = (formatted: string) => formatted.split('.')[1]?.length ?? 0;

/**
 * Both outcomes for a number of shares, with the server's own arithmetic
 * (packages/core): kept in the currency invested, or converted at the linked
 * price. The currencies' decimals are read from the per-share figures the
 * server sent.
 */
export function outcomesFor(product: DualProduct, shares: number) {
  const [coinOutcome, usdtOutcome] = product.type === 'call' ? [product.per_share.kept, product.per_share.converted] : [product.per_share.converted, product.per_share.kept];
  const scales = { coin: scaleOf(coinOutcome.amount), usdt: scaleOf(usdtOutcome.amount) };
  const investScale = product.type === 'call' ? scales.coin : scales.usdt;
  const invested = toMinor(product.share_amount, investScale) * shares;
  const terms: DualTerms = { direction: product.type, linkedPrice: product.linked_price, aprPercent: product.apr, days: product.days };
  const { kept, converted } = dualOutcomes(terms, invested, scales);
  const present = (payout: typeof kept) => {
    const scale = payout.currency === 'coin' ? scales.coin : scales.usdt;
    return { currency: payout.currency === 'coin' ? product.coin : 'USDT', amount: formatMinor(payout.amount, scale), interest: formatMinor(payout.interest, scale) };
  };
  return { invested: formatMinor(invested, investScale), kept: present(kept), converted: present(converted) };
}
