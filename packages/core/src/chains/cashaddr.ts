/**
 * CashAddr, Bitcoin Cash's address format (spec:
 * https://upgradespecs.bitcoincashnode.org/cashaddr/). No kept library
 * implements it on top of @scure/base, so the BCH polymod lives here,
 * proven against the spec's own test vectors (cashaddr.test.ts).
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

/** The 40-bit BCH checksum of the spec, over 5-bit values. */
function polymod(values: number[]): bigint {
  let checksum = 1n;
  for (const value of values) {
    const top = checksum >> 35n;
    checksum = ((checksum & 0x07ffffffffn) << 5n) ^ BigInt(value);
    for (let bit = 0; bit < 5; bit += 1) if ((top >> BigInt(bit)) & 1n) checksum ^= GENERATORS[bit] as bigint;
  }
  return checksum ^ 1n;
}

/** The prefix enters the checksum as the lower 5 bits of each character, then a zero separator. */
function prefixValues(prefix: string): number[] {
  return [...prefix].map((character) => character.charCodeAt(0) & 0x1f).concat(0);
}

function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | null {
  let accumulator = 0;
  let bits = 0;
  const result: number[] = [];
  const mask = (1 << to) - 1;
  for (let index = 0; index < data.length; index += 1) {
    const value = data[index] as number;
    if (value < 0 || value >> from !== 0) return null;
    accumulator = (accumulator << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      result.push((accumulator >> bits) & mask);
    }
  }
  if (pad) {
    if (bits > 0) result.push((accumulator << (to - bits)) & mask);
  } else if (bits >= from || ((accumulator << (to - bits)) & mask) !== 0) {
    return null;
  }
  return result;
}

/** Hash sizes in bits by the version byte's size code. */
const HASH_BITS = [160, 192, 224, 256, 320, 384, 448, 512];

export type CashAddrType = 'p2pkh' | 'p2sh';

export function encodeCashAddr(prefix: string, type: CashAddrType, hash: Uint8Array): string {
  const sizeCode = HASH_BITS.indexOf(hash.length * 8);
  if (sizeCode < 0) throw new Error(`a CashAddr hash has 20 to 64 bytes, not ${hash.length}`);
  const versionByte = ((type === 'p2pkh' ? 0 : 1) << 3) | sizeCode;
  const payload = convertBits([versionByte, ...hash], 8, 5, true) as number[];
  const checksum = polymod([...prefixValues(prefix), ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksumValues = Array.from({ length: 8 }, (_, index) => Number((checksum >> BigInt(5 * (7 - index))) & 0x1fn));
  return `${prefix}:${[...payload, ...checksumValues].map((value) => CHARSET[value]).join('')}`;
}

export interface CashAddrDecoded {
  prefix: string;
  type: CashAddrType;
  hash: Uint8Array;
}

/**
 * Decodes an address with or without its prefix (`defaultPrefix` is assumed
 * when absent); mixed case is refused as the spec requires. Answers null for
 * anything that is not a valid CashAddr.
 */
export function decodeCashAddr(address: string, defaultPrefix: string): CashAddrDecoded | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf(':');
  const prefix = separator === -1 ? defaultPrefix : lower.slice(0, separator);
  const body = separator === -1 ? lower : lower.slice(separator + 1);
  if (!prefix || body.length < 9 || body.length > 112) return null;
  const values: number[] = [];
  for (const character of body) {
    const value = CHARSET.indexOf(character);
    if (value === -1) return null;
    values.push(value);
  }
  if (polymod([...prefixValues(prefix), ...values]) !== 0n) return null;
  const bytes = convertBits(values.slice(0, -8), 5, 8, false);
  if (!bytes || bytes.length < 1) return null;
  const [versionByte, ...hash] = bytes as [number, ...number[]];
  if (versionByte & 0x80) return null;
  const typeBits = (versionByte >> 3) & 0x0f;
  if (typeBits > 1 || HASH_BITS[versionByte & 0x07] !== hash.length * 8) return null;
  return { prefix, type: typeBits === 0 ? 'p2pkh' : 'p2sh', hash: Uint8Array.from(hash) };
}
