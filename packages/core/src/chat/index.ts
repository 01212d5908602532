export * from './rate-limit.ts';
export * from './text.ts';
