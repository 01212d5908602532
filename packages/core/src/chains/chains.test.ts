import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { accountXpubFromSeed, addressOfPublicKey, xrpAddressFromSeed, xrpAddressOfPublicKey, canonicalAddress, depositPublicKey, deriveDepositAddress, ExtendedKeyError, isValidAddress, parseAccountKey } from './addresses.ts';
import { decodeCashAddr, encodeCashAddr } from './cashaddr.ts';
import { toChecksumAddress } from './encodings.ts';
import { CHAIN_IDS, DERIVED_CHAINS, depositRouteOf } from './networks.ts';

/** BIP32 test vector 1 (seed 000102030405060708090a0b0c0d0e0f), the public chain only. */
const BIP32_VECTOR_1 = {
  master: 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
  masterPrivate: 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
  m0h: 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
  m0h1: 'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
  m0h12h: 'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
  m0h12h2: 'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
  m0h12h2Key: '02e8445082a72f29b75ca48748a914df60622a609cacfce8ed0e35804560741d29',
  m0h12h21000000000: 'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
};

/** The public key of private key 1 (the generator point): the key behind BIP173's P2WPKH example. */
const GENERATOR_KEY = hexToBytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');

describe('BIP32 public derivation (test vector 1)', () => {
  it('derives every non-hardened step of the vector from the parent xpub alone', () => {
    expect(parseAccountKey(BIP32_VECTOR_1.m0h).deriveChild(1).publicExtendedKey).toBe(BIP32_VECTOR_1.m0h1);
    const m0h12h2 = parseAccountKey(BIP32_VECTOR_1.m0h12h).deriveChild(2);
    expect(m0h12h2.publicExtendedKey).toBe(BIP32_VECTOR_1.m0h12h2);
    expect(bytesToHex(m0h12h2.publicKey as Uint8Array)).toBe(BIP32_VECTOR_1.m0h12h2Key);
    expect(m0h12h2.deriveChild(1_000_000_000).publicExtendedKey).toBe(BIP32_VECTOR_1.m0h12h21000000000);
  });

  it('takes deposit keys from the receive branch m/0/<index>', () => {
    const account = parseAccountKey(BIP32_VECTOR_1.master);
    expect(depositPublicKey(account, 7)).toEqual(HDKey.fromExtendedKey(BIP32_VECTOR_1.master).derive('m/0/7').publicKey);
    expect(() => depositPublicKey(account, 2 ** 31)).toThrow(RangeError);
    expect(() => depositPublicKey(account, -1)).toThrow(RangeError);
  });

  it('refuses a private key and anything that is not an extended key', () => {
    expect(() => parseAccountKey(BIP32_VECTOR_1.masterPrivate)).toThrow(ExtendedKeyError);
    expect(() => parseAccountKey('xpub-not-a-key')).toThrow(ExtendedKeyError);
    expect(() => parseAccountKey(`${BIP32_VECTOR_1.master.slice(0, -1)}9`)).toThrow(ExtendedKeyError);
  });
});

describe('addresses of a public key, in each chain\'s format', () => {
  it('matches the published addresses of the generator key', () => {
    expect(addressOfPublicKey('BTC', GENERATOR_KEY)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(addressOfPublicKey('LTC', GENERATOR_KEY)).toBe('ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9');
    expect(addressOfPublicKey('ERC20', GENERATOR_KEY)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
    expect(canonicalAddress('XRP', xrpAddressOfPublicKey(GENERATOR_KEY))).not.toBeNull();
    expect(xrpAddressFromSeed(hexToBytes('000102030405060708090a0b0c0d0e0f'))).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
  });

  it('derives distinct, valid, repeatable deposit addresses on every derived chain', () => {
    for (const chain of DERIVED_CHAINS) {
      const xpub = accountXpubFromSeed(hexToBytes('000102030405060708090a0b0c0d0e0f'), chain);
      const first = deriveDepositAddress(chain, xpub, 1);
      expect(deriveDepositAddress(chain, xpub, 1)).toBe(first);
      expect(deriveDepositAddress(chain, xpub, 2)).not.toBe(first);
      expect(canonicalAddress(chain, first)).toBe(first);
    }
    const seed = hexToBytes('000102030405060708090a0b0c0d0e0f');
    expect(deriveDepositAddress('BTC', accountXpubFromSeed(seed, 'BTC'), 1)).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(deriveDepositAddress('TRC20', accountXpubFromSeed(seed, 'TRC20'), 1)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(deriveDepositAddress('DOGE', accountXpubFromSeed(seed, 'DOGE'), 1)).toMatch(/^D[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(deriveDepositAddress('BCH', accountXpubFromSeed(seed, 'BCH'), 1)).toMatch(/^bitcoincash:q[02-9ac-hj-np-z]{41}$/);
  });

  it('answers the route of each chain: own address, destination tag or voucher', () => {
    expect(CHAIN_IDS.map((chain) => [chain, depositRouteOf(chain)])).toEqual([
      ['BTC', 'address'],
      ['ERC20', 'address'],
      ['TRC20', 'address'],
      ['LTC', 'address'],
      ['BCH', 'address'],
      ['DOGE', 'address'],
      ['XRP', 'tag'],
      ['SOL', 'voucher'],
      ['ADA', 'voucher'],
    ]);
  });
});

describe('bech32 (BIP173 examples)', () => {
  it('accepts valid segwit addresses in either case and answers them in lower case', () => {
    expect(canonicalAddress('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(isValidAddress('BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe(true);
    expect(isValidAddress('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
  });

  it('refuses bad checksums, mixed case, wrong networks and wrong encodings', () => {
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidAddress('BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
    expect(isValidAddress('BTC', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9')).toBe(false);
    // BIP350: witness v1+ must use bech32m; this v1 program in plain bech32 is refused.
    expect(isValidAddress('BTC', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx')).toBe(false);
    expect(isValidAddress('LTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
  });

  it('accepts legacy base58 addresses of the right version only', () => {
    expect(isValidAddress('BTC', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')).toBe(true);
    expect(isValidAddress('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidAddress('BTC', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ')).toBe(false);
    expect(isValidAddress('LTC', 'LQqWdV81RmiEzXoACvWDQPZEXXU1Q16suH')).toBe(true);
    expect(isValidAddress('LTC', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')).toBe(false);
    expect(isValidAddress('DOGE', 'DBtUjAUFWHqS1y8CgetQtPW6YKDhffyFT4')).toBe(true);
    expect(isValidAddress('DOGE', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')).toBe(false);
  });
});

describe('EIP-55 (the EIP\'s examples)', () => {
  const examples = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'];

  it('checksums each example from its lower-case form', () => {
    for (const address of examples) expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it('accepts the checksum or a uniform case, and refuses a wrong checksum', () => {
    for (const address of examples) {
      expect(canonicalAddress('ERC20', address)).toBe(address);
      expect(canonicalAddress('ERC20', address.toLowerCase())).toBe(address);
      expect(canonicalAddress('ERC20', `0x${address.slice(2).toUpperCase()}`)).toBe(address);
    }
    expect(isValidAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(isValidAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });
});

describe('CashAddr (the spec\'s examples)', () => {
  const pairs: [string, string, 'p2pkh' | 'p2sh'][] = [
    ['76a04053bda0a88bda5177b86a15c3b29f559873', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'p2pkh'],
    ['cb481232299cd5743151ac4b2d63ae198e7bb0a9', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy', 'p2pkh'],
    ['011f28e473c95f4013d7d53ec5fbc3b42df8ed10', 'bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r', 'p2pkh'],
    ['76a04053bda0a88bda5177b86a15c3b29f559873', 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq', 'p2sh'],
    ['cb481232299cd5743151ac4b2d63ae198e7bb0a9', 'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e', 'p2sh'],
    ['011f28e473c95f4013d7d53ec5fbc3b42df8ed10', 'bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37', 'p2sh'],
  ];

  it('encodes and decodes the spec\'s hashes', () => {
    for (const [hash, address, type] of pairs) {
      expect(encodeCashAddr('bitcoincash', type, hexToBytes(hash))).toBe(address);
      expect(decodeCashAddr(address, 'bitcoincash')).toEqual({ prefix: 'bitcoincash', type, hash: hexToBytes(hash) });
    }
  });

  it('accepts an address without its prefix or in upper case, and refuses mixed case and a bad checksum', () => {
    expect(canonicalAddress('BCH', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a');
    expect(canonicalAddress('BCH', 'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A')).toBe('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a');
    expect(isValidAddress('BCH', 'bitcoincash:Qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe(false);
    expect(isValidAddress('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b')).toBe(false);
    expect(isValidAddress('BCH', 'bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe(false);
    expect(isValidAddress('BCH', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toBe(false);
  });
});

describe('TRON, XRP, Solana and Cardano formats', () => {
  it('checks TRON base58check with the 0x41 prefix', () => {
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidAddress('TRC20', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')).toBe(false);
  });

  it('checks XRP classic addresses on the XRP alphabet', () => {
    expect(isValidAddress('XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(true);
    expect(isValidAddress('XRP', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp')).toBe(true);
    expect(isValidAddress('XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTj')).toBe(false);
    expect(isValidAddress('XRP', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH')).toBe(false);
  });

  it('checks Solana addresses are 32 bytes of base58', () => {
    expect(isValidAddress('SOL', 'So11111111111111111111111111111111111111112')).toBe(true);
    expect(isValidAddress('SOL', '11111111111111111111111111111111')).toBe(true);
    expect(isValidAddress('SOL', 'So1111111111111111111111111111111111111111')).toBe(false);
    expect(isValidAddress('SOL', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('checks Cardano Shelley (CIP-19) and Byron addresses', () => {
    expect(isValidAddress('ADA', 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x')).toBe(true);
    expect(isValidAddress('ADA', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8')).toBe(true);
    expect(isValidAddress('ADA', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl9')).toBe(false);
    expect(isValidAddress('ADA', 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz')).toBe(false);
    expect(isValidAddress('ADA', 'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi')).toBe(true);
    expect(isValidAddress('ADA', 'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAj')).toBe(false);
  });
});
