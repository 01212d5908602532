export * from './commitment.ts';
