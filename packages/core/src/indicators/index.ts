export * from './indicators.ts';
