import { dec, parseDecimal } from '../decimal.ts';
import { bucketStart, type Candle, type CandlePeriod, nextBucketStart, type PriceTick } from './candles.ts';
import { type InstrumentDef, roundPriceToTick, roundQuantityToLots } from './instrument.ts';

/** A recorded trade or price: time in Unix ms, numbers as plain decimal strings. */
export interface TickRecord {
  readonly time: number;
  readonly price: string;
  readonly volume: string;
}

/** A recorded candle: time = candle start in Unix ms, numbers as plain decimal strings. */
export interface CandleRecord {
  readonly time: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
}

export type FeedFormat = 'csv' | 'jsonl';

export interface FeedLineError {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly message: string;
}

export type ParsedFeed =
  | { readonly kind: 'ticks'; readonly records: TickRecord[]; readonly errors: FeedLineError[] }
  | { readonly kind: 'candles'; readonly records: CandleRecord[]; readonly errors: FeedLineError[] }
  /** No header or record told ticks from candles (empty file, unknown columns): see errors. */
  | { readonly kind: 'unknown'; readonly records: []; readonly errors: FeedLineError[] };

type FeedKind = 'ticks' | 'candles';
const CANDLE_FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Unix ms from an integer (Unix ms) or an ISO 8601 date / date-time. A
 * date-time without an offset is taken as UTC (never the machine's zone).
 */
export function parseFeedTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^-?\d+$/.test(text)) {
    const ms = Number(text);
    return Number.isSafeInteger(ms) ? ms : null;
  }
  const match = ISO_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hour = Number(match[4] ?? 0);
  const minute = Number(match[5] ?? 0);
  const second = Number(match[6] ?? 0);
  const millis = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  if (new Date(wall).getUTCDate() !== day) return null;
  const zone = match[8];
  if (zone === undefined || zone.toUpperCase() === 'Z') return wall;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetHours = Number(digits.slice(0, 2));
  const offsetMinutes = Number(digits.slice(2) || '0');
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  return wall - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** A plain decimal string from a CSV field or a JSON string/number; null when not a finite decimal. */
function decimalText(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = dec(value).toFixed();
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return null;
  }
  const parsed = parseDecimal(text);
  return parsed === null ? null : parsed.toFixed();
}

type RecordResult<T> = { ok: true; record: T } | { ok: false; message: string };

function readNumbers<K extends string>(
  source: Readonly<Record<string, unknown>>,
  keys: readonly K[],
): { ok: true; values: Record<K, string> } | { ok: false; message: string } {
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const text = decimalText(source[key]);
    if (text === null) return { ok: false, message: `${key}: not a decimal number (${JSON.stringify(source[key] ?? null)})` };
    values[key] = text;
  }
  return { ok: true, values };
}

function readTick(source: Readonly<Record<string, unknown>>): RecordResult<TickRecord> {
  const time = parseFeedTime(source.time);
  if (time === null) return { ok: false, message: `time: not Unix ms or ISO 8601 (${JSON.stringify(source.time ?? null)})` };
  const numbers = readNumbers(source, source.volume === undefined ? ['price'] : ['price', 'volume']);
  if (!numbers.ok) return numbers;
  const price = numbers.values.price;
  const volume = (numbers.values as { volume?: string }).volume ?? '0';
  if (!dec(price).greaterThan(0)) return { ok: false, message: 'price: must be positive' };
  if (dec(volume).isNegative() && !dec(volume).isZero()) return { ok: false, message: 'volume: must not be negative' };
  return { ok: true, record: { time, price, volume } };
}

function readCandle(source: Readonly<Record<string, unknown>>): RecordResult<CandleRecord> {
  const time = parseFeedTime(source.time);
  if (time === null) return { ok: false, message: `time: not Unix ms or ISO 8601 (${JSON.stringify(source.time ?? null)})` };
  const numbers = readNumbers(source, CANDLE_FIELDS);
  if (!numbers.ok) return numbers;
  const { open, high, low, close, volume } = numbers.values;
  const [o, h, l, c] = [dec(open), dec(high), dec(low), dec(close)];
  if (!l.greaterThan(0)) return { ok: false, message: 'low: must be positive' };
  if (h.lessThan(o) || h.lessThan(c) || h.lessThan(l)) return { ok: false, message: 'high: below open, low or close' };
  if (l.greaterThan(o) || l.greaterThan(c)) return { ok: false, message: 'low: above open or close' };
  if (dec(volume).isNegative() && !dec(volume).isZero()) return { ok: false, message: 'volume: must not be negative' };
  return { ok: true, record: { time, open, high, low, close, volume } };
}

/** Splits one CSV line; fields may be double-quoted with "" for a quote. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field.trim());
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field.trim());
  return fields;
}

function kindOfKeys(keys: readonly string[]): FeedKind | null {
  if (!keys.includes('time')) return null;
  if (CANDLE_FIELDS.every((key) => keys.includes(key))) return 'candles';
  if (keys.includes('price')) return 'ticks';
  return null;
}

interface Collected {
  kind: FeedKind | null;
  entries: { line: number; record: TickRecord | CandleRecord }[];
  errors: FeedLineError[];
}

function parseCsv(lines: readonly string[], out: Collected): void {
  let header: string[] | null = null;
  for (let index = 0; index < lines.length; index++) {
    const text = (lines[index] as string).trim();
    if (text === '' || text.startsWith('#')) continue;
    const line = index + 1;
    const fields = splitCsvLine(text);
    if (header === null) {
      header = fields.map((field) => field.toLowerCase());
      out.kind = kindOfKeys(header);
      if (out.kind === null) {
        out.errors.push({
          line,
          message: `unrecognised header "${text}": expected time,price,volume or time,open,high,low,close,volume`,
        });
        return;
      }
      continue;
    }
    if (fields.length !== header.length) {
      out.errors.push({ line, message: `expected ${header.length} fields, got ${fields.length}` });
      continue;
    }
    const source: Record<string, unknown> = {};
    header.forEach((name, column) => {
      source[name] = fields[column];
    });
    const result = out.kind === 'candles' ? readCandle(source) : readTick(source);
    if (result.ok) out.entries.push({ line, record: result.record });
    else out.errors.push({ line, message: result.message });
  }
  if (header === null) out.errors.push({ line: 1, message: 'empty file: no header line' });
}

function parseJsonl(lines: readonly string[], out: Collected): void {
  let sawRecord = false;
  for (let index = 0; index < lines.length; index++) {
    const text = (lines[index] as string).trim();
    if (text === '') continue;
    const line = index + 1;
    sawRecord = true;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      out.errors.push({ line, message: 'not valid JSON' });
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.errors.push({ line, message: 'not a JSON object' });
      continue;
    }
    const source = value as Record<string, unknown>;
    const kind = kindOfKeys(Object.keys(source));
    if (kind === null) {
      out.errors.push({ line, message: 'neither a tick (time, price) nor a candle (time, open, high, low, close, volume)' });
      continue;
    }
    out.kind ??= kind;
    if (kind !== out.kind) {
      out.errors.push({ line, message: `a ${kind === 'ticks' ? 'tick' : 'candle'} in a file of ${out.kind}` });
      continue;
    }
    const result = kind === 'candles' ? readCandle(source) : readTick(source);
    if (result.ok) out.entries.push({ line, record: result.record });
    else out.errors.push({ line, message: result.message });
  }
  if (!sawRecord) out.errors.push({ line: 1, message: 'empty file: no records' });
}

/**
 * Parses a recorded feed: CSV with a header (time,price[,volume] for ticks,
 * time,open,high,low,close,volume for candles; any column order, extra
 * columns ignored, blank and # lines skipped) or JSON Lines with those keys.
 * Bad lines are skipped and reported; records come back sorted by time
 * (stable), numbers as plain decimal strings, a missing tick volume as '0'.
 * Candles repeating an earlier time are reported and dropped.
 */
export function parseFeedFile(text: string, format: FeedFormat): ParsedFeed {
  if (format !== 'csv' && format !== 'jsonl') throw new RangeError(`unknown feed format ${String(format)}`);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const collected: Collected = { kind: null, entries: [], errors: [] };
  if (format === 'csv') parseCsv(lines, collected);
  else parseJsonl(lines, collected);
  const { kind, errors } = collected;
  if (kind === null) return { kind: 'unknown', records: [], errors };
  let entries = collected.entries;
  if (kind === 'candles') {
    const firstLine = new Map<number, number>();
    entries = entries.filter((entry) => {
      const seen = firstLine.get(entry.record.time);
      if (seen === undefined) {
        firstLine.set(entry.record.time, entry.line);
        return true;
      }
      errors.push({ line: entry.line, message: `duplicate candle time ${entry.record.time} (first on line ${seen})` });
      return false;
    });
    errors.sort((a, b) => a.line - b.line);
  }
  const records = entries.map((entry) => entry.record).sort((a, b) => a.time - b.time);
  return kind === 'candles'
    ? { kind, records: records as CandleRecord[], errors }
    : { kind, records: records as TickRecord[], errors };
}

function assertCandle(candle: Candle, period: CandlePeriod): void {
  const integers = [candle.open, candle.high, candle.low, candle.close, candle.volume];
  if (!integers.every(Number.isSafeInteger)) throw new RangeError(`candle ${candle.time}: values must be integers`);
  if (candle.low <= 0 || candle.volume < 0) throw new RangeError(`candle ${candle.time}: low must be positive, volume ≥ 0`);
  const { open, high, low, close } = candle;
  if (high < Math.max(open, close, low) || low > Math.min(open, close)) {
    throw new RangeError(`candle ${candle.time}: inconsistent open/high/low/close`);
  }
  if (!Number.isSafeInteger(candle.time) || bucketStart(period, candle.time * 1000) !== candle.time) {
    throw new RangeError(`candle ${candle.time}: not a ${period} bucket start`);
  }
}

/**
 * Four ticks per candle — open, then low and high (low first for a rising
 * candle, high first for a falling one), then close — at 0, ¼, ½ and ¾ of
 * its interval, the volume split in four (the remainder on the close), so
 * that a CandleBuilder fed these ticks rebuilds exactly the same `period`
 * candles (and coarser ones equal to aggregateCandles of them). Candles must
 * be consistent, aligned to `period` and strictly increasing in time.
 */
export function candlesToTicks(candles: readonly Candle[], period: CandlePeriod): PriceTick[] {
  const ticks: PriceTick[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const candle of candles) {
    assertCandle(candle, period);
    if (candle.time <= previous) throw new RangeError(`candle ${candle.time}: times must be strictly increasing`);
    previous = candle.time;
    const startMs = candle.time * 1000;
    const lengthMs = (nextBucketStart(period, candle.time) - candle.time) * 1000;
    const path =
      candle.close >= candle.open
        ? [candle.open, candle.low, candle.high, candle.close]
        : [candle.open, candle.high, candle.low, candle.close];
    const share = Math.floor(candle.volume / 4);
    const volumes = [share, share, share, candle.volume - 3 * share];
    for (let index = 0; index < 4; index++) {
      ticks.push({
        time: startMs + Math.floor((lengthMs * index) / 4),
        price: path[index] as number,
        volume: volumes[index] as number,
      });
    }
  }
  return ticks;
}

/** A tick record in instrument units: price to the nearest tick (at least 1), volume rounded down to lots. */
export function tickRecordToTick(def: InstrumentDef, record: TickRecord): PriceTick {
  return {
    time: record.time,
    price: Math.max(1, roundPriceToTick(def, record.price, 'nearest')),
    volume: Math.max(0, roundQuantityToLots(def, record.volume, 'down')),
  };
}

/**
 * A candle record in instrument units (time in Unix seconds, prices to the
 * nearest tick, at least 1, volume rounded down to lots). Rounding is
 * monotonic, so a consistent candle stays consistent.
 */
export function candleRecordToCandle(def: InstrumentDef, record: CandleRecord): Candle {
  const ticks = (price: string) => Math.max(1, roundPriceToTick(def, price, 'nearest'));
  return {
    time: Math.floor(record.time / 1000),
    open: ticks(record.open),
    high: ticks(record.high),
    low: ticks(record.low),
    close: ticks(record.close),
    volume: Math.max(0, roundQuantityToLots(def, record.volume, 'down')),
  };
}
