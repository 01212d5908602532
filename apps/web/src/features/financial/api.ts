import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

export type EarnKind = 'lock_mining' | 'ieo' | 'dual';

export interface ValuedAmount {
  kind: EarnKind;
  currency: string;
  icon: string;
  amount: string;
  usdt_value: string;
  fiat_value: string;
}

export interface Payment {
  kind: EarnKind;
  what: 'dividend' | 'settlement' | 'allocation' | 'unlock';
  order_id: number;
  at: number;
  currency: string;
  amount: string | null;
  amount_min: string | null;
  amount_max: string | null;
}

export interface Overview {
  fiat: { code: string; symbol: string; rate: string };
  products: {
    lock_mining: { count: number; shortest_days: number | null; longest_days: number | null; best_daily_rate: string | null };
    dual: { on_sale: number; best_apr: string | null; coins: string[] };
    ieo: { warmup: number; in_progress: number; finished: number };
    upcoming_ieos: { id: number; name: string; token: string; icon: string; status: 'warmup' | 'in_progress'; subscribe_start: number; subscribe_end: number }[];
  };
  holdings: null | {
    locked: ValuedAmount[];
    locked_usdt: string;
    locked_fiat: string;
    earnings: ValuedAmount[];
    total_earnings_usdt: string;
    total_earnings_fiat: string;
    next_payments: Payment[];
    dual_settling: { id: number; pair: string; type: 'call' | 'put'; linked_price: string; apr: string; maturity_at: number; invested: string; invest_currency: string; settling: boolean }[];
    counts: { lock_mining: number; dual: number; ieo: number };
  };
}

/** Every earn product, and with a session the user's holdings, valued in the fiat they chose. */
export function useOverview() {
  const { fiat, lang, token } = useSession();
  return useQuery({
    queryKey: ['financial', 'overview', fiat.currency_code, lang, Boolean(token)],
    queryFn: () => api.get<Overview>('/financial/overview', { fiat: fiat.currency_code }),
  });
}
