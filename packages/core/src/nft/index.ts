export * from './auction.ts';
export * from './blind-box.ts';
export * from './fees.ts';
export * from './sale.ts';
