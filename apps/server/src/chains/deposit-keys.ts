import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountXpubFromSeed, canonicalAddress, DERIVED_CHAINS, type DerivedChain, deriveDepositAddress, parseAccountKey, xrpAddressFromSeed } from '@openbourse/core';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { sha256 } from '../platform/tokens.ts';

/**
 * Where deposit addresses come from. Production: the account xpubs and the
 * XRP address from configuration (DEPOSIT_XPUB_<CHAIN>, DEPOSIT_XRP_ADDRESS),
 * chains without them take deposits by voucher only. Demo mode: missing keys
 * are made at first start from a random seed that is used once and never
 * written anywhere; only the public keys are kept, in DATA_DIR.
 */

export const DEMO_KEYS_FILE = 'deposit-xpubs.json';

const demoKeysFile = z.object({ xpubs: z.record(z.string(), z.string()), xrp_address: z.string() });

export interface DepositKeys {
  xpub(chain: DerivedChain): string | undefined;
  xrpAddress: string | undefined;
  /** A short, non-secret id of the key that derives a chain's addresses: a new key gives users new addresses. */
  keyId(chain: DerivedChain | 'XRP'): string | undefined;
  /** The user's address on a chain, derived at m/0/<user id> below the chain's account key. */
  addressFor(chain: DerivedChain, userId: number): string | undefined;
}

function generateDemoKeys(): z.infer<typeof demoKeysFile> {
  const seed = randomBytes(32);
  const xpubs = Object.fromEntries(DERIVED_CHAINS.map((chain) => [chain, accountXpubFromSeed(seed, chain)]));
  const keys = { xpubs, xrp_address: xrpAddressFromSeed(seed) };
  seed.fill(0);
  return keys;
}

function readDemoKeys(dataDir: string): z.infer<typeof demoKeysFile> {
  const file = join(dataDir, DEMO_KEYS_FILE);
  if (existsSync(file)) return demoKeysFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  const keys = generateDemoKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o644 });
  return keys;
}

export function loadDepositKeys(config: Config): DepositKeys {
  const configured = config.chains;
  const demo = config.production ? undefined : readDemoKeys(config.dataDir);
  const xpubs = new Map<DerivedChain, string>();
  for (const chain of DERIVED_CHAINS) {
    const xpub = configured.xpubs[chain] ?? demo?.xpubs[chain];
    if (!xpub) continue;
    // A demo file edited by hand is held to the same rule as configuration: public keys only.
    parseAccountKey(xpub);
    xpubs.set(chain, xpub);
  }
  const xrpAddress = configured.xrpAddress ?? (demo && canonicalAddress('XRP', demo.xrp_address) ? demo.xrp_address : undefined);
  return {
    xpub: (chain) => xpubs.get(chain),
    xrpAddress,
    keyId(chain) {
      const key = chain === 'XRP' ? xrpAddress : xpubs.get(chain);
      return key ? sha256(key).slice(0, 16) : undefined;
    },
    addressFor(chain, userId) {
      const xpub = xpubs.get(chain);
      return xpub ? deriveDepositAddress(chain, xpub, userId) : undefined;
    },
  };
}
