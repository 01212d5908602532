import { readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CandlePeriod,
  candleRecordToCandle,
  candlesToTicks,
  type InstrumentDef,
  instrumentDefOf,
  lotsToQuantity,
  type PriceTick,
  type Quote,
  parseFeedFile,
  tickRecordToTick,
  ticksToPrice,
} from '@openbourse/core';

/**
 * Replays a recorded feed into a running server, the developer workflow of
 * the design card: `pnpm replay data/feeds/btc-usdt-1min.csv --speed 60`.
 * Ticks are paced by their recorded spacing divided by --speed and stamped
 * with the server's clock; --keep-time sends them at once with their recorded
 * times instead (to reproduce recorded candles on a server with no later prices).
 */
const repoRoot = resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    speed: { type: 'string', default: '1' },
    symbol: { type: 'string' },
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8080}` },
    key: { type: 'string' },
    period: { type: 'string', default: '1min' },
    'keep-time': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const usage = 'usage: pnpm replay <file.csv|file.jsonl> [--speed N] [--symbol BTC/USDT] [--url http://localhost:8080] [--key KEY] [--period 1min] [--keep-time]';
const file = positionals[0];
if (values.help || !file) {
  console.log(usage);
  process.exit(file ? 0 : 1);
}

const speed = Number(values.speed);
if (!(speed > 0)) throw new Error('--speed must be a positive number');
const symbol = (values.symbol ?? basename(file).split(/[-_.]/).slice(0, 2).join('/')).toUpperCase();

/** The instrument's tick, lot and scales as the server it replays into defines them. */
async function instrumentDef(wanted: string): Promise<InstrumentDef> {
  const response = await fetch(`${values.url}/api/currency/quotation_new`);
  const quotes = ((await response.json()) as { message: Quote[] }).message;
  const quote = quotes.find((candidate) => candidate.symbol === wanted);
  if (!quote) throw new Error(`${values.url} has no instrument ${wanted}; use --symbol`);
  return instrumentDefOf(quote);
}

function feedKey(): string {
  if (values.key) return values.key;
  if (process.env.FEED_KEY) return process.env.FEED_KEY;
  const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? 'var');
  return readFileSync(resolve(dataDir, 'feed.key'), 'utf8').trim();
}

const def = await instrumentDef(symbol);
const parsed = parseFeedFile(readFileSync(file, 'utf8'), extname(file) === '.jsonl' ? 'jsonl' : 'csv');
for (const error of parsed.errors) console.warn(`line ${error.line}: ${error.message}`);
let ticks: PriceTick[];
if (parsed.kind === 'candles') ticks = candlesToTicks(parsed.records.map((record) => candleRecordToCandle(def, record)), values.period as CandlePeriod);
else if (parsed.kind === 'ticks') ticks = parsed.records.map((record) => tickRecordToTick(def, record));
else throw new Error('the file holds neither ticks nor candles');

const key = feedKey();
async function send(batch: PriceTick[], keepTime: boolean): Promise<number> {
  const response = await fetch(`${values.url}/api/feed/ticks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': key },
    body: JSON.stringify({
      symbol,
      ticks: batch.map((tick) => ({ price: ticksToPrice(def, tick.price), volume: lotsToQuantity(def, tick.volume), ...(keepTime ? { time: tick.time } : {}) })),
    }),
  });
  const body = (await response.json()) as { type: string; message: { accepted: number } | string };
  if (body.type !== 'ok') throw new Error(`server refused: ${JSON.stringify(body.message)}`);
  return (body.message as { accepted: number }).accepted;
}

console.log(`replaying ${ticks.length} ticks of ${symbol} from ${file} into ${values.url} ${values['keep-time'] ? 'with recorded times' : `at ${speed}x`}`);
let accepted = 0;
if (values['keep-time']) {
  for (let index = 0; index < ticks.length; index += 1000) accepted += await send(ticks.slice(index, index + 1000), true);
} else {
  const started = Date.now();
  const first = ticks[0]?.time ?? 0;
  let index = 0;
  while (index < ticks.length) {
    const due = (Date.now() - started) * speed + first;
    const batch: PriceTick[] = [];
    while (index < ticks.length && (ticks[index] as PriceTick).time <= due) batch.push(ticks[index++] as PriceTick);
    if (batch.length > 0) accepted += await send(batch, false);
    const next = ticks[index];
    if (next) await new Promise((done) => setTimeout(done, Math.max(20, Math.min(1000, (next.time - due) / speed))));
  }
}
console.log(`done: ${accepted} of ${ticks.length} ticks accepted`);
