export * from './constants.ts';
export * from './decimal.ts';
export * from './format.ts';
export * from './money.ts';
export * from './rules.ts';
export * from './validation.ts';
export * from './matching/index.ts';
export * from './market/index.ts';
