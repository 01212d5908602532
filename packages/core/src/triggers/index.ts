export * from './trigger-index.ts';
