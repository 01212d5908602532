export * from './coupons.ts';
