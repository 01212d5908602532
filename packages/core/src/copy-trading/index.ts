export * from './sizing.ts';
export * from './demo-rule.ts';
