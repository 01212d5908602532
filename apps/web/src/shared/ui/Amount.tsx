import { type DecimalInput, dec, toneOf } from '@openbourse/core';
import { formatAmount, withFiatSymbol } from '../format.ts';
import { useSession } from '../session.ts';

/** Spec 9 colour rule: positive up, negative down, zero grey. */
export function Tone({ value, children }: { value: DecimalInput; children: React.ReactNode }) {
  return <span className={`tone-${toneOf(value)}`}>{children}</span>;
}

/** The equivalent of a USDT amount in the user's chosen fiat currency, e.g. "≈ ¥71,200.00". */
export function FiatValue({ usdt, prefix = '≈ ' }: { usdt: DecimalInput; prefix?: string }) {
  const { fiat } = useSession();
  return (
    <span className="fiat-value">
      {prefix}
      {withFiatSymbol(formatAmount(dec(usdt).times(fiat.rate)), { symbol: fiat.symbol, code: fiat.currency_code })}
    </span>
  );
}
