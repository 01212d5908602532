import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveDepositAddress } from '@openbourse/core';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createSession } from '../platform/sessions.ts';
import { insertUser } from '../platform/users.ts';
import { DEMO_KEYS_FILE } from './deposit-keys.ts';

const ACCOUNT_XPUB = 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
const ACCOUNT_XPRV = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' };

/** A user straight in the database: production mode sends registration codes by SMTP, which tests do not run. */
function productionUser(server: TestServer): { id: number; token: string } {
  const { db, now } = server.built.ctx;
  const user = insertUser(db, { email: `prod-${Date.now()}@example.com`, passwordHash: 'not-used' }, now());
  return { id: user.id, token: createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'test' }, now()) };
}

interface CoinInfo {
  chains: { chain: string; deposit: { address_deposits: string } }[];
}

describe('deposit keys', () => {
  it('refuses a private key or a malformed one in the configuration, naming the variable', () => {
    expect(() => loadConfig({ DEPOSIT_XPUB_BTC: ACCOUNT_XPRV })).toThrow(ConfigError);
    expect(() => loadConfig({ DEPOSIT_XPUB_BTC: ACCOUNT_XPRV })).toThrow(/DEPOSIT_XPUB_BTC: an extended PRIVATE key/);
    expect(() => loadConfig({ DEPOSIT_XPUB_ETH: 'nope', DEPOSIT_XPUB_ERC20: 'xpub-nope' })).toThrow(/DEPOSIT_XPUB_ERC20/);
    expect(() => loadConfig({ DEPOSIT_XRP_ADDRESS: 'rNotAnAddress' })).toThrow(/DEPOSIT_XRP_ADDRESS/);
  });

  it('keeps only public keys in demo mode, generated once under DATA_DIR', async () => {
    const server = await startServer();
    const file = join(server.dataDir, DEMO_KEYS_FILE);
    const stored = readFileSync(file, 'utf8');
    expect(stored).not.toMatch(/xprv|seed/i);
    expect(Object.values(JSON.parse(stored).xpubs as Record<string, string>).every((key) => key.startsWith('xpub'))).toBe(true);
    await server.close();
  });

  it('in production turns address deposits off for chains without a key and an indexer, and derives from the configured xpub', async () => {
    const bare = await startServer(PRODUCTION);
    expect(existsSync(join(bare.dataDir, DEMO_KEYS_FILE))).toBe(false);
    const user = productionUser(bare);
    const info = (await bare.post<CoinInfo>('/wallet/get_info', { currency: 'BTC' }, { token: user.token })).message;
    expect(info.chains[0]?.deposit.address_deposits).toBe('off');
    expect((await bare.post('/wallet/get_in_address', { currency: 'BTC' }, { token: user.token, lang: 'en' })).message).toBe(
      'Deposits to an address are not available for this coin here. Please use a payment voucher',
    );
    await bare.close();

    const configured = await startServer({ ...PRODUCTION, DEPOSIT_XPUB_BTC: ACCOUNT_XPUB, CHAIN_INDEXER_BTC: 'http://127.0.0.1:9/api' });
    const holder = productionUser(configured);
    const eth = (await configured.post<CoinInfo>('/wallet/get_info', { currency: 'ETH' }, { token: holder.token })).message;
    expect(eth.chains[0]?.deposit.address_deposits).toBe('off');
    const btc = await configured.post<{ address: string }>('/wallet/get_in_address', { currency: 'BTC' }, { token: holder.token });
    expect(btc.message.address).toBe(deriveDepositAddress('BTC', ACCOUNT_XPUB, holder.id));
    await configured.close();
  });
});
