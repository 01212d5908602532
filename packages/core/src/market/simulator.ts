import { Decimal } from '../decimal.ts';

/**
 * Seeded pseudo-random numbers: xoshiro128** seeded through splitmix32.
 * Deterministic for a given seed (same engine: Math.exp/log/cos are not
 * required by the standard to be bit-identical across JS engines).
 */
export interface Rng {
  /** Uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** Uniform float in [0, 1) with 53 random bits. */
  nextFloat(): number;
  /** Uniform integer in [0, maxExclusive) for a positive integer bound. */
  nextInt(maxExclusive: number): number;
  /** Standard normal N(0, 1) (Box–Muller, the second value of each pair is kept for the next call). */
  nextGaussian(): number;
  /** Poisson-distributed count with mean lambda ≥ 0 (normal approximation above 30). */
  nextPoisson(lambda: number): number;
}

function hashSeed(seed: number | string): number {
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) {
    const low = seed >>> 0;
    const high = Math.floor(seed / 0x1_0000_0000) >>> 0;
    return (low ^ Math.imul(high, 0x9e3779b1)) >>> 0;
  }
  // FNV-1a over the text of any other seed.
  const text = String(seed);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Creates a generator; equal seeds give equal sequences. */
export function createRng(seed: number | string): Rng {
  let mix = hashSeed(seed);
  const splitmix32 = (): number => {
    mix = (mix + 0x9e3779b9) | 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let s0 = splitmix32();
  let s1 = splitmix32();
  let s2 = splitmix32();
  let s3 = splitmix32();
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  let spare: number | null = null;

  const nextUint32 = (): number => {
    const product = Math.imul(s1, 5);
    const result = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  };
  const nextFloat = (): number => ((nextUint32() >>> 5) * 0x4000000 + (nextUint32() >>> 6)) / 0x20000000000000;
  const nextGaussian = (): number => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const u1 = 1 - nextFloat(); // (0, 1]: the logarithm stays finite
    const u2 = nextFloat();
    const radius = Math.sqrt(-2 * Math.log(u1));
    const angle = 2 * Math.PI * u2;
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  const nextInt = (maxExclusive: number): number => {
    if (!Number.isSafeInteger(maxExclusive) || maxExclusive <= 0) {
      throw new RangeError(`maxExclusive must be a positive safe integer, got ${maxExclusive}`);
    }
    return Math.floor(nextFloat() * maxExclusive);
  };
  const nextPoisson = (lambda: number): number => {
    if (!(lambda >= 0) || !Number.isFinite(lambda)) throw new RangeError(`lambda must be finite and ≥ 0, got ${lambda}`);
    if (lambda === 0) return 0;
    if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * nextGaussian()));
    const limit = Math.exp(-lambda);
    let count = 0;
    let product = nextFloat();
    while (product > limit) {
      count++;
      product *= nextFloat();
    }
    return count;
  };
  return { nextUint32, nextFloat, nextInt, nextGaussian, nextPoisson };
}

export interface SimulatorParams {
  /** Positive decimal string. */
  readonly startPrice: string;
  /** σ of log returns per year (0.6 BTC, 0.3 AAPL). */
  readonly annualVolatility: number;
  /** Expected volume per day in base currency units, decimal string. */
  readonly dailyVolume: string;
  /** Expected number of jumps per day. */
  readonly jumpsPerDay: number;
  /** σ of a jump's log size; jumps are log-normal with mean factor 1. */
  readonly jumpSizeSigma: number;
  /** μ: expected log-return drift per year (default 0). */
  readonly drift?: number;
  /** Length of a "day" of activity in ms (default 86 400 000; 23 400 000 for a 6.5 h stock session). */
  readonly msPerDay?: number;
  /** Days per year for the volatility (default 365; 252 for stocks). */
  readonly daysPerYear?: number;
  /** σ of the log-normal noise on each step's volume (default 0.5). */
  readonly volumeNoise?: number;
}

export interface SimulatorState {
  /** Positive decimal string, 10 significant digits. */
  readonly price: string;
  /** Base volume traded during the step that led here, decimal string ≥ 0. */
  readonly volume: string;
}

export interface PathPoint extends SimulatorState {
  /** Unix ms. */
  readonly time: number;
}

/** Simulated prices never go below this (or above MAX_SIMULATED_PRICE). */
export const MIN_SIMULATED_PRICE = 1e-10;
export const MAX_SIMULATED_PRICE = 1e15;
export const MAX_PATH_POINTS = 5_000_000;
const SIGNIFICANT_DIGITS = 10;
const DEFAULT_MS_PER_DAY = 86_400_000;
const DEFAULT_DAYS_PER_YEAR = 365;
const DEFAULT_VOLUME_NOISE = 0.5;

interface Resolved {
  readonly volatility: number;
  readonly drift: number;
  readonly dailyVolume: number;
  readonly jumpsPerDay: number;
  readonly jumpSigma: number;
  readonly msPerDay: number;
  readonly daysPerYear: number;
  readonly volumeNoise: number;
}

const resolvedParams = new WeakMap<SimulatorParams, Resolved>();

function nonNegative(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`simulator ${name} must be a finite number ≥ 0, got ${String(value)}`);
  }
  return value;
}

function positive(name: string, value: unknown): number {
  const number = nonNegative(name, value);
  if (number === 0) throw new RangeError(`simulator ${name} must be positive`);
  return number;
}

function parsePrice(name: string, text: unknown): number {
  const value = typeof text === 'string' && /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a positive decimal string, got ${String(text)}`);
  return value;
}

function resolve(params: SimulatorParams): Resolved {
  const cached = resolvedParams.get(params);
  if (cached) return cached;
  parsePrice('startPrice', params.startPrice);
  const dailyVolume = typeof params.dailyVolume === 'string' && params.dailyVolume.trim() !== '' ? Number(params.dailyVolume) : Number.NaN;
  const drift = params.drift ?? 0;
  if (!Number.isFinite(drift)) throw new RangeError(`simulator drift must be finite, got ${drift}`);
  const resolved: Resolved = {
    volatility: nonNegative('annualVolatility', params.annualVolatility),
    drift,
    dailyVolume: nonNegative('dailyVolume', dailyVolume),
    jumpsPerDay: nonNegative('jumpsPerDay', params.jumpsPerDay),
    jumpSigma: nonNegative('jumpSizeSigma', params.jumpSizeSigma),
    msPerDay: positive('msPerDay', params.msPerDay ?? DEFAULT_MS_PER_DAY),
    daysPerYear: positive('daysPerYear', params.daysPerYear ?? DEFAULT_DAYS_PER_YEAR),
    volumeNoise: nonNegative('volumeNoise', params.volumeNoise ?? DEFAULT_VOLUME_NOISE),
  };
  resolvedParams.set(params, resolved);
  return resolved;
}

/** One step's log return: GBM diffusion plus a Poisson number of log-normal jumps (E[jump factor] = 1). */
function drawLogReturn(p: Resolved, dtMs: number, rng: Rng): number {
  const days = dtMs / p.msPerDay;
  const years = days / p.daysPerYear;
  const sigma = p.volatility;
  let logReturn = (p.drift - (sigma * sigma) / 2) * years + sigma * Math.sqrt(years) * rng.nextGaussian();
  const jumps = rng.nextPoisson(p.jumpsPerDay * days);
  for (let jump = 0; jump < jumps; jump++) {
    logReturn += -(p.jumpSigma * p.jumpSigma) / 2 + p.jumpSigma * rng.nextGaussian();
  }
  return logReturn;
}

/** Volume of one step: the daily volume pro rata, times log-normal noise of mean 1. */
function drawVolume(p: Resolved, dtMs: number, rng: Rng): string {
  const expected = (p.dailyVolume * dtMs) / p.msPerDay;
  const noise = p.volumeNoise;
  const volume = expected * Math.exp(noise * rng.nextGaussian() - (noise * noise) / 2);
  if (!(volume > 0) || !Number.isFinite(volume)) return '0';
  return new Decimal(volume).toSignificantDigits(SIGNIFICANT_DIGITS, Decimal.ROUND_DOWN).toFixed();
}

function formatPrice(value: number): string {
  const clamped = Number.isNaN(value) ? MIN_SIMULATED_PRICE : Math.min(MAX_SIMULATED_PRICE, Math.max(MIN_SIMULATED_PRICE, value));
  return new Decimal(clamped).toSignificantDigits(SIGNIFICANT_DIGITS, Decimal.ROUND_HALF_UP).toFixed();
}

function assertDt(dtMs: number): void {
  if (!Number.isFinite(dtMs) || dtMs < 0) throw new RangeError(`dtMs must be finite and ≥ 0, got ${dtMs}`);
}

/**
 * Advances the price by dtMs. The price is a positive decimal string of 10
 * significant digits (the caller rounds it to the instrument's tick); volume
 * is the base volume of the step, never negative. dtMs = 0 returns the same
 * price and no volume without drawing.
 */
export function stepSimulator(state: SimulatorState, params: SimulatorParams, dtMs: number, rng: Rng): SimulatorState {
  const resolved = resolve(params);
  assertDt(dtMs);
  const price = parsePrice('state.price', state.price);
  if (dtMs === 0) return { price: state.price, volume: '0' };
  const next = formatPrice(price * Math.exp(drawLogReturn(resolved, dtMs, rng)));
  return { price: next, volume: drawVolume(resolved, dtMs, rng) };
}

function pointCount(spanMs: number, stepMs: number): number {
  if (!Number.isFinite(stepMs) || stepMs <= 0) throw new RangeError(`stepMs must be positive, got ${stepMs}`);
  const count = Math.floor(spanMs / stepMs) + 1;
  if (count > MAX_PATH_POINTS) throw new RangeError(`a path of ${count} points exceeds ${MAX_PATH_POINTS}`);
  return count;
}

/**
 * Points at startMs, startMs + stepMs, … ≤ endMs. The first point is the
 * start price with volume '0'; each later point carries the volume of the
 * step ending at it. When `isOpen(time)` is false for a point, its price
 * equals the previous one and its volume is '0'.
 */
export function simulatePath(
  params: SimulatorParams,
  startMs: number,
  endMs: number,
  stepMs: number,
  seed: number | string,
  isOpen?: (timeMs: number) => boolean,
): PathPoint[] {
  resolve(params);
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs < startMs) {
    throw new RangeError(`need finite startMs ≤ endMs, got ${startMs}..${endMs}`);
  }
  const count = pointCount(endMs - startMs, stepMs);
  const rng = createRng(seed);
  const points: PathPoint[] = new Array(count);
  let state: SimulatorState = { price: params.startPrice, volume: '0' };
  points[0] = { time: startMs, price: state.price, volume: '0' };
  for (let index = 1; index < count; index++) {
    const time = startMs + index * stepMs;
    state = isOpen && !isOpen(time) ? { price: state.price, volume: '0' } : stepSimulator(state, params, stepMs, rng);
    points[index] = { time, price: state.price, volume: state.volume };
  }
  return points;
}

/**
 * `count` points ending at endMs whose last price is exactly `endPrice` (the
 * string as given), walking backwards: each earlier price is the later one
 * divided by a return drawn like stepSimulator's. Every point carries the
 * volume of the step ending at it; closed points (isOpen false) keep the next
 * point's price and have volume '0'. Ascending by time.
 */
export function simulatePathBackwards(
  params: SimulatorParams,
  endPrice: string,
  endMs: number,
  count: number,
  stepMs: number,
  seed: number | string,
  isOpen?: (timeMs: number) => boolean,
): PathPoint[] {
  const resolved = resolve(params);
  let price = parsePrice('endPrice', endPrice);
  if (!Number.isFinite(endMs)) throw new RangeError(`endMs must be finite, got ${endMs}`);
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PATH_POINTS) {
    throw new RangeError(`count must be an integer in [1, ${MAX_PATH_POINTS}], got ${count}`);
  }
  pointCount(0, stepMs);
  const rng = createRng(seed);
  const points: PathPoint[] = new Array(count);
  let priceText = endPrice;
  for (let index = count - 1; index >= 0; index--) {
    const time = endMs - (count - 1 - index) * stepMs;
    const open = !isOpen || isOpen(time);
    points[index] = { time, price: priceText, volume: open ? drawVolume(resolved, stepMs, rng) : '0' };
    if (open && index > 0) {
      priceText = formatPrice(price * Math.exp(-drawLogReturn(resolved, stepMs, rng)));
      price = Number(priceText);
    }
  }
  return points;
}
