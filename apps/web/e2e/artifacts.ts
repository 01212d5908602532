import { resolve } from 'node:path';

/** Where the browser tests leave screenshots for people to look at (git-ignored). */
export const screenshotDir = resolve(import.meta.dirname, '../../../test-artifacts/screenshots');
