import { type DecimalInput, dec, formatCompact, groupThousands, toneOf, truncateDecimals } from '@openbourse/core';
import { useSession } from '../session.ts';

/** Spec 9 colour rule: positive up, negative down, zero grey. */
export function Tone({ value, children }: { value: DecimalInput; children: React.ReactNode }) {
  return <span className={`tone-${toneOf(value)}`}>{children}</span>;
}

/** An amount truncated (never rounded up) to the given decimals, with thousands separators. */
export function formatAmount(value: DecimalInput, decimals = 2): string {
  return groupThousands(truncateDecimals(value, decimals));
}

export { formatCompact };

/** The equivalent of a USDT amount in the user's chosen fiat currency, e.g. "≈ ¥71,200.00". */
export function FiatValue({ usdt, prefix = '≈ ' }: { usdt: DecimalInput; prefix?: string }) {
  const { fiat } = useSession();
  return (
    <span className="fiat-value">
      {prefix}
      {fiat.symbol}
      {formatAmount(dec(usdt).times(fiat.rate))}
    </span>
  );
}
