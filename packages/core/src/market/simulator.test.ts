import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal.ts';
import {
  createRng,
  MIN_SIMULATED_PRICE,
  type SimulatorParams,
  simulatePath,
  simulatePathBackwards,
  stepSimulator,
} from './simulator.ts';

const BTC: SimulatorParams = {
  startPrice: '96250',
  annualVolatility: 0.6,
  dailyVolume: '25000',
  jumpsPerDay: 2,
  jumpSizeSigma: 0.01,
};

const AAPL: SimulatorParams = {
  startPrice: '187.23',
  annualVolatility: 0.3,
  dailyVolume: '50000000',
  jumpsPerDay: 0.5,
  jumpSizeSigma: 0.02,
  msPerDay: 23_400_000,
  daysPerYear: 252,
};

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 2);

const paramsArb: fc.Arbitrary<SimulatorParams> = fc.record({
  startPrice: fc.oneof(fc.constantFrom('96250', '0.00001234', '187.23', '1'), fc.integer({ min: 1, max: 10 ** 9 }).map(String)),
  annualVolatility: fc.double({ min: 0, max: 5, noNaN: true }),
  dailyVolume: fc.constantFrom('0', '1', '25000', '0.5'),
  jumpsPerDay: fc.double({ min: 0, max: 50, noNaN: true }),
  jumpSizeSigma: fc.double({ min: 0, max: 1, noNaN: true }),
  drift: fc.double({ min: -2, max: 2, noNaN: true }),
});
const seedArb = fc.oneof(fc.integer(), fc.string({ maxLength: 12 }));
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

describe('createRng', () => {
  it('is deterministic and seed-sensitive', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 8 }, () => a.nextUint32());
    expect(Array.from({ length: 8 }, () => b.nextUint32())).toEqual(seqA);
    expect(Array.from({ length: 8 }, () => c.nextUint32())).not.toEqual(seqA);
    expect(createRng('BTC/USDT').nextFloat()).toBe(createRng('BTC/USDT').nextFloat());
    expect(createRng('BTC/USDT').nextFloat()).not.toBe(createRng('ETH/USDT').nextFloat());
    expect(createRng(2 ** 40).nextUint32()).not.toBe(createRng(0).nextUint32());
  });

  it('draws uniform floats in [0, 1), gaussians with mean 0 and variance 1, Poisson counts with mean λ', () => {
    const rng = createRng(7);
    const n = 20_000;
    let sum = 0;
    let sumSq = 0;
    let uniformSum = 0;
    let poissonSum = 0;
    let largePoissonSum = 0;
    let min = 1;
    let max = 0;
    for (let index = 0; index < n; index++) {
      const u = rng.nextFloat();
      min = Math.min(min, u);
      max = Math.max(max, u);
      uniformSum += u;
      const z = rng.nextGaussian();
      sum += z;
      sumSq += z * z;
      poissonSum += rng.nextPoisson(0.7);
      largePoissonSum += rng.nextPoisson(100);
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(uniformSum / n).toBeCloseTo(0.5, 1);
    expect(sum / n).toBeCloseTo(0, 1);
    expect(sumSq / n).toBeCloseTo(1, 1);
    expect(poissonSum / n).toBeCloseTo(0.7, 1);
    expect(largePoissonSum / n / 100).toBeCloseTo(1, 1);
    expect(rng.nextPoisson(0)).toBe(0);
    for (let index = 0; index < 100; index++) {
      const value = rng.nextInt(6);
      expect(Number.isInteger(value) && value >= 0 && value < 6).toBe(true);
    }
    expect(() => rng.nextInt(0)).toThrow(RangeError);
    expect(() => rng.nextPoisson(-1)).toThrow(RangeError);
  });
});

describe('stepSimulator', () => {
  it('returns a positive price of at most 10 significant digits and a non-negative volume', () => {
    const rng = createRng(1);
    let state = { price: BTC.startPrice, volume: '0' };
    for (let index = 0; index < 500; index++) {
      state = stepSimulator(state, BTC, MINUTE, rng);
      expect(state.price).toMatch(PLAIN_DECIMAL);
      expect(dec(state.price).precision()).toBeLessThanOrEqual(10);
      expect(dec(state.price).greaterThan(0)).toBe(true);
      expect(state.volume).toMatch(PLAIN_DECIMAL);
    }
  });

  it('dt = 0 changes nothing and draws nothing', () => {
    const rng = createRng(1);
    expect(stepSimulator({ price: '100.5', volume: '3' }, BTC, 0, rng)).toEqual({ price: '100.5', volume: '0' });
    expect(rng.nextUint32()).toBe(createRng(1).nextUint32());
  });

  it('has the configured volatility and volume per step', () => {
    // No jumps, no drift: log returns of 1-minute steps have σ = 0.6 × √(1 / (365 × 1440)).
    const params: SimulatorParams = { ...BTC, jumpsPerDay: 0 };
    const rng = createRng(99);
    const n = 20_000;
    let state = { price: params.startPrice, volume: '0' };
    let sumSq = 0;
    let volume = 0;
    for (let index = 0; index < n; index++) {
      const next = stepSimulator(state, params, MINUTE, rng);
      const logReturn = Math.log(Number(next.price) / Number(state.price));
      sumSq += logReturn * logReturn;
      volume += Number(next.volume);
      state = next;
    }
    const expectedSigma = 0.6 * Math.sqrt(1 / (365 * 1440));
    expect(Math.sqrt(sumSq / n) / expectedSigma).toBeGreaterThan(0.95);
    expect(Math.sqrt(sumSq / n) / expectedSigma).toBeLessThan(1.05);
    const expectedVolume = (25_000 * n) / 1440;
    expect(volume / expectedVolume).toBeGreaterThan(0.95);
    expect(volume / expectedVolume).toBeLessThan(1.05);
  });

  it('floors prices at a tiny positive value', () => {
    const crash: SimulatorParams = { ...BTC, startPrice: '0.0000000002', annualVolatility: 0, drift: -1e6, jumpsPerDay: 0 };
    const next = stepSimulator({ price: crash.startPrice, volume: '0' }, crash, 86_400_000, createRng(3));
    expect(Number(next.price)).toBe(MIN_SIMULATED_PRICE);
    expect(next.price).toBe('0.0000000001');
  });

  it('rejects bad parameters and states', () => {
    const rng = createRng(1);
    const state = { price: '1', volume: '0' };
    expect(() => stepSimulator(state, { ...BTC, annualVolatility: -1 }, MINUTE, rng)).toThrow(RangeError);
    expect(() => stepSimulator(state, { ...BTC, dailyVolume: 'lots' }, MINUTE, rng)).toThrow(RangeError);
    expect(() => stepSimulator(state, { ...BTC, startPrice: '0' }, MINUTE, rng)).toThrow(RangeError);
    expect(() => stepSimulator({ price: '-1', volume: '0' }, BTC, MINUTE, rng)).toThrow(RangeError);
    expect(() => stepSimulator(state, BTC, -1, rng)).toThrow(RangeError);
  });
});

describe('simulatePath', () => {
  it('starts at the start price and steps to the end', () => {
    const path = simulatePath(BTC, START, START + 10 * MINUTE + 30_000, MINUTE, 1);
    expect(path).toHaveLength(11);
    expect(path[0]).toEqual({ time: START, price: '96250', volume: '0' });
    expect(path.map((point) => point.time)).toEqual(Array.from({ length: 11 }, (_, index) => START + index * MINUTE));
    expect(() => simulatePath(BTC, START, START - 1, MINUTE, 1)).toThrow(RangeError);
    expect(() => simulatePath(BTC, START, START + MINUTE, 0, 1)).toThrow(RangeError);
  });

  it('is reproducible from its seed, and seeds differ', () => {
    fc.assert(
      fc.property(paramsArb, seedArb, seedArb, (params, seed, other) => {
        const end = START + 120 * MINUTE;
        const path = simulatePath(params, START, end, MINUTE, seed);
        expect(simulatePath(params, START, end, MINUTE, seed)).toEqual(path);
        if (seed !== other && params.annualVolatility > 0.01) {
          expect(simulatePath(params, START, end, MINUTE, other)).not.toEqual(path);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps prices positive and volumes non-negative, whatever the parameters', () => {
    fc.assert(
      fc.property(paramsArb, seedArb, fc.constantFrom(1000, MINUTE, 3_600_000, 86_400_000), (params, seed, step) => {
        for (const point of simulatePath(params, START, START + 100 * step, step, seed)) {
          expect(point.price).toMatch(PLAIN_DECIMAL);
          expect(dec(point.price).greaterThan(0)).toBe(true);
          expect(point.volume).toMatch(PLAIN_DECIMAL);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('holds the price and trades nothing while the market is closed', () => {
    // Open only during the first 30 minutes of every hour.
    const isOpen = (time: number) => (time - START) % 3_600_000 < 30 * MINUTE;
    const path = simulatePath(AAPL, START, START + 3 * 3_600_000, MINUTE, 'AAPL', isOpen);
    for (let index = 1; index < path.length; index++) {
      const point = path[index];
      const previous = path[index - 1];
      if (!point || !previous) throw new Error('missing point');
      if (!isOpen(point.time)) {
        expect(point.price).toBe(previous.price);
        expect(point.volume).toBe('0');
      } else {
        expect(Number(point.volume)).toBeGreaterThan(0);
      }
    }
    const moved = path.filter((point, index) => index > 0 && point.price !== path[index - 1]?.price);
    expect(moved.length).toBeGreaterThan(50);
  });
});

describe('simulatePathBackwards', () => {
  it('ends exactly at the given price and time', () => {
    fc.assert(
      fc.property(
        paramsArb,
        seedArb,
        fc.oneof(fc.constantFrom('96250.01', '0.00001234', '187.230'), fc.integer({ min: 1, max: 10 ** 9 }).map(String)),
        fc.integer({ min: 1, max: 200 }),
        (params, seed, endPrice, count) => {
          const end = START + 7 * 86_400_000;
          const path = simulatePathBackwards(params, endPrice, end, count, MINUTE, seed);
          expect(path).toHaveLength(count);
          expect(path.at(-1)).toMatchObject({ time: end, price: endPrice });
          expect(path[0]?.time).toBe(end - (count - 1) * MINUTE);
          expect(simulatePathBackwards(params, endPrice, end, count, MINUTE, seed)).toEqual(path);
          for (const point of path) {
            expect(dec(point.price).greaterThan(0)).toBe(true);
            expect(point.volume).toMatch(PLAIN_DECIMAL);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('moves the price on the way back, and holds it across closed times', () => {
    const isOpen = (time: number) => Math.floor(time / 3_600_000) % 2 === 0;
    const end = START + 4 * 3_600_000; // an open hour
    const path = simulatePathBackwards(AAPL, '187.23', end, 240, MINUTE, 5, isOpen);
    expect(new Set(path.map((point) => point.price)).size).toBeGreaterThan(50);
    for (let index = 0; index < path.length - 1; index++) {
      const point = path[index + 1];
      if (point && !isOpen(point.time)) {
        expect(point.volume).toBe('0');
        expect(path[index]?.price).toBe(point.price);
      }
    }
  });

  it('rejects bad arguments', () => {
    expect(() => simulatePathBackwards(BTC, '0', START, 10, MINUTE, 1)).toThrow(RangeError);
    expect(() => simulatePathBackwards(BTC, '1', START, 0, MINUTE, 1)).toThrow(RangeError);
    expect(() => simulatePathBackwards(BTC, '1', START, 10, -MINUTE, 1)).toThrow(RangeError);
  });
});
