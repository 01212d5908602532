export * from './addresses.ts';
export * from './cashaddr.ts';
export * from './networks.ts';
