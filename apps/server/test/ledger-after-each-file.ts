import { afterAll, expect } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { runningServers } from './harness.ts';

/** Principle 2, enforced after every API test file: postings net to zero and every balance equals its postings. */
afterAll(async () => {
  for (const server of [...runningServers]) {
    const report = checkLedger(server.built.ctx.sqlite);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    await server.close();
  }
});
