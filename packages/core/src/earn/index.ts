export * from './dual.ts';
export * from './ieo.ts';
export * from './lock-mining.ts';
export * from './rates.ts';
