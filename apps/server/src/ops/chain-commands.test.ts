import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startServer, type TestServer } from '../../test/harness.ts';
import { elapse } from '../../test/funds.ts';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'cli.ts');

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ CHAIN_SIM_BLOCK_SECONDS: '1' });
});

async function ops(args: string[], environment: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: server.dataDir, CHAIN_SIM_BLOCK_SECONDS: '1', ...environment } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('pnpm ops chain send', () => {
  it('broadcasts a simulated deposit the running server sees and credits after its confirmations', async () => {
    const { token } = await registerUser(server);
    const { address } = (await server.post<{ address: string }>('/wallet/get_in_address', { currency: 'USDT', chain: 'TRC20' }, { token })).message;
    const sent = await ops(['chain', 'send', address, '25.5']);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(new RegExp(`broadcast [0-9a-f]{64}: 25.5 USDT on TRC20 to ${address} \\(user \\d+\\)`));
    expect(sent.stdout).toContain('credited after 20 confirmations, one every 1 s');
    await elapse(server, 25_000);
    expect((await server.post<{ available: string }>('/wallet/detail', { currency: 'USDT', type: 'change' }, { token })).message.available).toBe('25.500000');
  });

  it('refuses bad addresses, amounts and currencies, a missing XRP tag, and production mode', async () => {
    expect((await ops(['chain', 'send', 'not-an-address', '1'])).stderr).toContain('no chain has the address not-an-address');
    expect((await ops(['chain', 'send', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '0.000000001'])).stderr).toContain('BTC has at most 8 decimals');
    expect((await ops(['chain', 'send', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '-1'])).stderr).toContain('-1 is not a positive amount');
    expect((await ops(['chain', 'send', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '1', '--currency', 'ETH'])).stderr).toContain('ETH is not deposited on BTC by address');
    expect((await ops(['chain', 'send', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '10'])).stderr).toContain('XRP deposits need the user\'s destination tag');
    const production = await ops(['chain', 'send', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '1'], { NODE_ENV: 'production', SMTP_URL: 'smtp://localhost' });
    expect(production).toMatchObject({ code: 1, stderr: expect.stringContaining('the simulated chain exists only in demo mode') });
  });
});
