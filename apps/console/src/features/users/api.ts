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
  account_name: string;
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


export type EarnKind = 'lock_mining' | 'ieo' | 'dual';

export interface LockMiningOrderRow {
  id: number;
  product_id: number;
  currency: string;
  amount: string;
  lock_days: number;
  daily_rate_percent: { min: string; max: string };
  penalty_rate_percent: string;
  status: 'running' | 'matured' | 'redeemed';
  locked_at: number;
  value_at: number;
  expires_at: number;
  days_paid: number;
  yield_paid: string;
  penalty: string | null;
  refund: string | null;
  closed_at: number | null;
}

export interface IeoOrderRow {
  id: number;
  project_id: number;
  project: string;
  token: string;
  pay_currency: string;
  price: string;
  committed: string;
  held: string;
  status: 'pending' | 'allocated' | 'unlocked';
  subscribe_end: number;
  total_committed: string | null;
  cap: string | null;
  capped: boolean | null;
  allocated: string | null;
  paid: string | null;
  refunded: string | null;
  unlocks_at: number | null;
  created_at: number;
  allocated_at: number | null;
  unlocked_at: number | null;
}

export interface DualOrderRow {
  id: number;
  product_id: number;
  coin: string;
  direction: 'call' | 'put';
  linked_price: string;
  apr_percent: string;
  days: number;
  shares: number;
  invest_currency: string;
  invested: string;
  status: 'purchased' | 'success' | 'fail';
  maturity_at: number;
  settle_tick: FeedTickRef | null;
  converted: boolean | null;
  payout_currency: string | null;
  payout: string | null;
  interest: string | null;
  created_at: number;
  settled_at: number | null;
}

export interface CopyRow {
  id: number;
  order_id: number;
  trader_user_id: number;
  trader_nickname: string;
  trader_order_id: number;
  symbol: string;
  side: 'long' | 'short';
  lots: number;
  multiple: number;
  status: FuturesOrderRow['status'];
  open_tick_id: number;
  open_price: string | null;
  close_tick_id: number | null;
  close_reason: FuturesOrderRow['close_reason'];
  linked: boolean;
  unlinked_at: number | null;
  share_rate: string;
  pnl: string | null;
  profit_share: string;
  created_at: number;
  closed_at: number | null;
}

export interface UserCopyTrading {
  trader: { nickname: string; share_rate: string; follower_count: number; max_followers: number; approved_at: number } | null;
  follows: { id: number; trader_user_id: number; trader_nickname: string; type: 1 | 2; number: string; status: 'following' | 'cancelled'; since: number; updated_at: number }[];
  copies: { list: CopyRow[]; total: number; page: number; limit: number; has_more: boolean };
  skips: { id: number; trader_user_id: number; trader_nickname: string; trader_order_id: number; symbol: string; reason_key: string; reason: string; at: number }[];
  skips_total: number;
}
