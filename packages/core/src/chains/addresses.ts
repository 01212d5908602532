import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bech32, bech32m } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { decodeCashAddr, encodeCashAddr } from './cashaddr.ts';
import {
  base58Check,
  crc32,
  decodeBase58,
  decodeBase58Check,
  decodeXrpBase58Check,
  encodeXrpBase58Check,
  ethereumAddressBytes,
  hash160,
  toChecksumAddress,
} from './encodings.ts';
import { BIP44_COIN_TYPES, type ChainId, type DerivedChain } from './networks.ts';

/**
 * Deposit addresses derived from an account's extended PUBLIC key (the
 * server never holds a private key), and the format and checksum check of
 * every chain's withdrawal addresses.
 */

export class ExtendedKeyError extends Error {}

/** Parses an account key, refusing anything but a valid public one (an xprv must never reach the server). */
export function parseAccountKey(extendedKey: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(extendedKey.trim());
  } catch (error) {
    throw new ExtendedKeyError(`not a valid extended public key: ${(error as Error).message}`);
  }
  if (key.privateKey) throw new ExtendedKeyError('an extended PRIVATE key was given; configure the account xpub only');
  return key;
}

/** BIP32 indexes below 2^31 are the non-hardened ones a public key can derive. */
const MAX_NON_HARDENED = 0x7fffffff;

/** The compressed public key at m/0/<index> below the account key: the receive branch, one index per user. */
export function depositPublicKey(accountKey: HDKey, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index > MAX_NON_HARDENED) throw new RangeError(`derivation index ${index} is not a non-hardened index`);
  const child = accountKey.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new ExtendedKeyError('derivation gave no public key');
  return child.publicKey;
}

function p2wpkh(prefix: string, publicKey: Uint8Array): string {
  return bech32.encode(prefix, [0, ...bech32.toWords(hash160(publicKey))]);
}

function withVersion(version: number, payload: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(payload.length + 1);
  bytes[0] = version;
  bytes.set(payload, 1);
  return bytes;
}

/** A chain's address of a compressed secp256k1 public key, in that chain's own format and checksum. */
export function addressOfPublicKey(chain: DerivedChain, publicKey: Uint8Array): string {
  switch (chain) {
    case 'BTC':
      return p2wpkh('bc', publicKey);
    case 'LTC':
      return p2wpkh('ltc', publicKey);
    case 'DOGE':
      return base58Check.encode(withVersion(0x1e, hash160(publicKey)));
    case 'BCH':
      return encodeCashAddr('bitcoincash', 'p2pkh', hash160(publicKey));
    case 'ERC20':
    case 'TRC20': {
      const accountBytes = ethereumAddressBytes(secp256k1.Point.fromBytes(publicKey).toBytes(false));
      if (chain === 'TRC20') return base58Check.encode(withVersion(0x41, accountBytes));
      return toChecksumAddress(Array.from(accountBytes, (byte) => byte.toString(16).padStart(2, '0')).join(''));
    }
  }
}

/** A user's deposit address on a chain: account xpub, receive branch, the user's index. */
export function deriveDepositAddress(chain: DerivedChain, accountXpub: string, index: number): string {
  return addressOfPublicKey(chain, depositPublicKey(parseAccountKey(accountXpub), index));
}

/** The account xpub (m/44'/<coin>'/0') of a seed: how demo mode makes its keys before it forgets the seed. */
export function accountXpubFromSeed(seed: Uint8Array, chain: DerivedChain): string {
  return HDKey.fromMasterSeed(seed).derive(`m/44'/${BIP44_COIN_TYPES[chain]}'/0'`).publicExtendedKey;
}

/** The XRP classic address (r...) of a secp256k1 public key: account id = hash160, version 0, XRP's base58 alphabet. */
export function xrpAddressOfPublicKey(publicKey: Uint8Array): string {
  return encodeXrpBase58Check(withVersion(0x00, hash160(publicKey)));
}

/** The XRP account (m/44'/144'/0'/0/0) of a seed: demo mode's platform address for tagged deposits. */
export function xrpAddressFromSeed(seed: Uint8Array): string {
  return xrpAddressOfPublicKey(HDKey.fromMasterSeed(seed).derive("m/44'/144'/0'/0/0").publicKey as Uint8Array);
}

/** A segwit address of the given prefix: witness v0 (bech32, 20 or 32 bytes) or v1+ (bech32m), in its lower-case form. */
function segwit(prefix: string, address: string): string | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${prefix}1`)) return null;
  for (const coder of [bech32, bech32m]) {
    const decoded = coder.decodeUnsafe(lower);
    if (!decoded || decoded.prefix !== prefix || decoded.words.length === 0) continue;
    const [version, ...rest] = decoded.words as [number, ...number[]];
    const program = bech32.fromWordsUnsafe(rest);
    if (!program || version > 16) continue;
    const valid = version === 0 ? coder === bech32 && (program.length === 20 || program.length === 32) : coder === bech32m && program.length >= 2 && program.length <= 40;
    if (valid) return lower;
  }
  return null;
}

/** A base58check address whose version byte is one of `versions` and whose payload is a 20-byte hash. */
function legacy(address: string, versions: number[]): string | null {
  const bytes = decodeBase58Check(address);
  return bytes && bytes.length === 21 && versions.includes(bytes[0] as number) ? address : null;
}

function ethereum(address: string): string | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  const body = address.slice(2);
  const checksummed = toChecksumAddress(body);
  // All lower or all upper case carries no checksum; mixed case must be the EIP-55 checksum.
  const uniform = body === body.toLowerCase() || body === body.toUpperCase();
  return uniform || checksummed === address ? checksummed : null;
}

function tron(address: string): string | null {
  const bytes = decodeBase58Check(address);
  return bytes && bytes.length === 21 && bytes[0] === 0x41 ? address : null;
}

function ripple(address: string): string | null {
  if (!address.startsWith('r')) return null;
  const payload = decodeXrpBase58Check(address);
  return payload && payload.length === 21 && payload[0] === 0 ? address : null;
}

function solana(address: string): string | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return null;
  return decodeBase58(address)?.length === 32 ? address : null;
}

/** Shelley payment addresses (CIP-19): bech32 "addr", mainnet network id, a payment header type and its length. */
function cardanoShelley(address: string): string | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase();
  const decoded = bech32.decodeUnsafe(lower, false);
  if (decoded?.prefix !== 'addr') return null;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  if (!bytes || bytes.length < 29) return null;
  const type = (bytes[0] as number) >> 4;
  const network = (bytes[0] as number) & 0x0f;
  if (network !== 1) return null;
  if (type <= 3) return bytes.length === 57 ? lower : null;
  if (type === 4 || type === 5) return bytes.length > 29 ? lower : null;
  if (type === 6 || type === 7) return bytes.length === 29 ? lower : null;
  return null;
}

/** Byron addresses: base58 of CBOR [tag 24 (bytes), crc32 of those bytes]. */
function cardanoByron(address: string): string | null {
  const bytes = decodeBase58(address);
  if (!bytes || bytes.length < 10 || bytes[0] !== 0x82 || bytes[1] !== 0xd8 || bytes[2] !== 0x18) return null;
  let offset = 3;
  const head = bytes[offset] as number;
  let length: number;
  if (head >= 0x40 && head <= 0x57) {
    length = head - 0x40;
    offset += 1;
  } else if (head === 0x58) {
    length = bytes[offset + 1] as number;
    offset += 2;
  } else if (head === 0x59) {
    length = ((bytes[offset + 1] as number) << 8) | (bytes[offset + 2] as number);
    offset += 3;
  } else {
    return null;
  }
  const payload = bytes.slice(offset, offset + length);
  offset += length;
  const crcHead = bytes[offset];
  if (crcHead === undefined || payload.length !== length) return null;
  let crc: number;
  if (crcHead <= 0x17) {
    crc = crcHead;
    offset += 1;
  } else {
    const width = crcHead === 0x18 ? 1 : crcHead === 0x19 ? 2 : crcHead === 0x1a ? 4 : 0;
    if (width === 0 || offset + 1 + width > bytes.length) return null;
    crc = 0;
    for (let index = 1; index <= width; index += 1) crc = crc * 256 + (bytes[offset + index] as number);
    offset += 1 + width;
  }
  return offset === bytes.length && crc === crc32(payload) ? address : null;
}

/**
 * The address in its canonical form when it is a valid address of the chain
 * (format, network and checksum), null otherwise. Canonical forms compare
 * equal for the same destination: bech32 in lower case, Ethereum with its
 * EIP-55 checksum, CashAddr with its prefix.
 */
export function canonicalAddress(chain: ChainId, input: string): string | null {
  const address = input.trim();
  if (address.length < 20 || address.length > 120) return null;
  switch (chain) {
    case 'BTC':
      return segwit('bc', address) ?? legacy(address, [0x00, 0x05]);
    case 'LTC':
      return segwit('ltc', address) ?? legacy(address, [0x30, 0x32, 0x05]);
    case 'DOGE':
      return legacy(address, [0x1e, 0x16]);
    case 'BCH': {
      const decoded = decodeCashAddr(address, 'bitcoincash');
      return decoded && decoded.prefix === 'bitcoincash' && decoded.hash.length === 20 ? encodeCashAddr('bitcoincash', decoded.type, decoded.hash) : null;
    }
    case 'ERC20':
      return ethereum(address);
    case 'TRC20':
      return tron(address);
    case 'XRP':
      return ripple(address);
    case 'SOL':
      return solana(address);
    case 'ADA':
      return cardanoShelley(address) ?? cardanoByron(address);
  }
}

export function isValidAddress(chain: ChainId, address: string): boolean {
  return canonicalAddress(chain, address) !== null;
}
