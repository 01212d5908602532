import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base58xrp, type BytesCoder, createBase58check } from '@scure/base';

/** RIPEMD-160 of SHA-256: the 20-byte key hash of Bitcoin-family addresses. */
export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

/** Base58 with a 4-byte double-SHA-256 checksum (Bitcoin, Dogecoin, Litecoin legacy, TRON). */
export const base58Check: BytesCoder = createBase58check(sha256);

const doubleSha256 = (bytes: Uint8Array) => sha256(sha256(bytes));

/** The same checksum over XRP's base58 alphabet (classic r... addresses). */
export function decodeXrpBase58Check(text: string): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = base58xrp.decode(text);
  } catch {
    return null;
  }
  return splitChecksum(bytes);
}

export function encodeXrpBase58Check(payload: Uint8Array): string {
  const checksum = doubleSha256(payload).slice(0, 4);
  const whole = new Uint8Array(payload.length + 4);
  whole.set(payload);
  whole.set(checksum, payload.length);
  return base58xrp.encode(whole);
}

function splitChecksum(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 5) return null;
  const payload = bytes.slice(0, -4);
  const expected = doubleSha256(payload).slice(0, 4);
  return expected.every((byte, index) => byte === bytes[bytes.length - 4 + index]) ? payload : null;
}

/** Base58check decode that answers null instead of throwing on a bad character or checksum. */
export function decodeBase58Check(text: string): Uint8Array | null {
  try {
    return base58Check.decode(text);
  } catch {
    return null;
  }
}

export function decodeBase58(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case address) is 8 or more. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let result = '0x';
  for (let index = 0; index < lower.length; index += 1) {
    const character = lower[index] as string;
    result += Number.parseInt(hash[index] as string, 16) >= 8 ? character.toUpperCase() : character;
  }
  return result;
}

/** The Ethereum address (20 bytes) of an uncompressed secp256k1 public key (65 bytes, 0x04 first). */
export function ethereumAddressBytes(uncompressedKey: Uint8Array): Uint8Array {
  return keccak_256(uncompressedKey.slice(1)).slice(-20);
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE), the checksum inside Cardano's Byron addresses. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let index = 0; index < 256; index += 1) {
      let value = index;
      for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
      crcTable[index] = value >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
