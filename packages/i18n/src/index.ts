export * from './languages.ts';
export { commonResources, type CommonMessages } from './resources.ts';
