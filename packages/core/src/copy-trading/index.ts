export * from './sizing.ts';
