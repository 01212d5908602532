export * from './seconds.ts';
