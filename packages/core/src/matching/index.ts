export { DuplicateInstrumentError, MatchingEngine } from './engine.ts';
export { BPS_PER_UNIT, feeFromBps, MAX_FEE_BPS } from './fees.ts';
export { InstrumentSpecError, OrderBook } from './order-book.ts';
export { SubmitResult } from './submit-result.ts';
export type {
  CancelReason,
  CancelResult,
  Depth,
  DepthLevel,
  Fill,
  InstrumentSpec,
  LimitOrderRequest,
  MarketOrderRequest,
  OpenOrder,
  OrderRequest,
  RejectReason,
  RestoreRejectReason,
  RestoreResult,
  Side,
  StpMode,
  SubmitReason,
  SubmitStatus,
  TimeInForce,
} from './types.ts';
export { DEFAULT_STP_MODE } from './types.ts';
