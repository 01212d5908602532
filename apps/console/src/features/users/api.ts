export interface UserSummary {
  id: number;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  nickname: string;
  verification_level: number;
  frozen: boolean;
  created_at: number;
}

export interface UserDetail extends UserSummary {
  invite_code: string;
  inviter_id: number | null;
  credit_score: number;
  failed_logins: number;
  locked_until: number | null;
  frozen_at: number | null;
  frozen_reason: string | null;
  verifications: { id: number; level: number; status: 'review' | 'verified' | 'failed'; id_type: number | null; name: string | null; card_id: string | null; reason: string | null; submitted_at: number; reviewed_at: number | null; reviewed_by: string | null }[];
  balances: { account_type: string; account_name: string; currency: string; available: string; frozen: string }[];
}

export interface Posting {
  id: number;
  entry_id: number;
  type: string;
  type_name: string;
  account_type: string;
  currency: string;
  bucket: 'available' | 'frozen';
  amount: string;
  balance_after: string;
  ref: string;
  memo: string;
  created_at: number;
}

export interface Order {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  order_type: 'limit' | 'market';
  price: string;
  amount: string;
  filled_amount: string;
  average_price: string | null;
  fee: string;
  status: 'open' | 'filled' | 'cancelled';
  created_at: number;
}

export interface FeedTickRef {
  id: number;
  time: number;
  price: string | null;
}

export interface FuturesOrderRow {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  order_type: 'market' | 'limit';
  status: 'entrusted' | 'holding' | 'closed' | 'cancelled';
  multiple: number;
  lots: number;
  limit_price: string | null;
  open_price: string | null;
  open_tick_id: number | null;
  margin: string | null;
  take_profit: string | null;
  stop_loss: string | null;
  close_reason: 'manual' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation' | 'expiry' | null;
  close_tick: FeedTickRef | null;
  close_price: string | null;
  pnl: string | null;
  payout: string | null;
  house_absorbed: string | null;
  created_at: number;
  closed_at: number | null;
}

export interface SecondsOptionRow {
  id: number;
  symbol: string;
  direction: 'up' | 'down';
  seconds: number;
  currency: string;
  stake: string | null;
  fee: string | null;
  status: 'open' | 'won' | 'lost' | 'tied';
  open_tick: FeedTickRef;
  settle_tick: FeedTickRef | null;
  payout: string | null;
  expires_at: number;
  created_at: number;
}

export interface LoginEvent {
  id: number;
  success: boolean;
  failure: string;
  ip: string;
  user_agent: string;
  created_at: number;
}

