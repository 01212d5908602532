import { bollinger, type CandleBar, ema, macd, rsi, sma, volumeMa } from '@openbourse/core';
import type { UTCTimestamp } from 'lightweight-charts';

/** Overlays on the price pane. */
export type MainIndicator = 'MA' | 'EMA' | 'BOLL';
/** The pane under the price. */
export type SubIndicator = 'VOL' | 'MACD' | 'RSI';

export const MAIN_INDICATORS: MainIndicator[] = ['MA', 'EMA', 'BOLL'];
export const SUB_INDICATORS: SubIndicator[] = ['VOL', 'MACD', 'RSI'];

const UP = '#28ba98';
const DOWN = '#f04a5a';
/** The usual exchange-app colours: gold, violet, blue for the first, second and third line. */
const LINE_COLOURS = ['#d4ba83', '#b37feb', '#2277fc'];

/** A point of a line, or a gap (no value yet) the chart keeps the time for. */
export type SeriesPoint = { time: UTCTimestamp; value: number; color?: string } | { time: UTCTimestamp };

export interface IndicatorLine {
  /** Short label, also the legend text: 'MA7', 'DIF', 'RSI14'. */
  name: string;
  kind: 'line' | 'histogram';
  color: string;
  points: SeriesPoint[];
}

const point = (time: number, value: number | null | undefined, color?: string): SeriesPoint =>
  value === null || value === undefined ? { time: time as UTCTimestamp } : { time: time as UTCTimestamp, value, ...(color ? { color } : {}) };

/** Chart coordinates only: closes and volumes as numbers (the strings stay the truth for any figure shown as text). */
const closes = (bars: CandleBar[]) => bars.map((bar) => Number(bar.close));

function line(name: string, colour: number, bars: CandleBar[], values: (number | null)[]): IndicatorLine {
  return { name, kind: 'line', color: LINE_COLOURS[colour] ?? '#9aa3af', points: bars.map((bar, index) => point(bar.time, values[index])) };
}

/** The price-pane overlay: MA 7/25/99, EMA 7/25/99 or Bollinger 20, 2 (middle, upper, lower). */
export function mainIndicatorLines(kind: MainIndicator, bars: CandleBar[]): IndicatorLine[] {
  const values = closes(bars);
  if (kind === 'BOLL') {
    const bands = bollinger(values, 20, 2);
    return [
      line('BOLL', 0, bars, bands.middle),
      line('UB', 1, bars, bands.upper),
      line('LB', 2, bars, bands.lower),
    ];
  }
  const average = kind === 'MA' ? sma : ema;
  return [7, 25, 99].map((period, index) => line(`${kind}${period}`, index, bars, average(values, period)));
}

/** The lower pane: volume coloured by the candle, MACD 12/26/9 (DIF, DEA and the histogram), or RSI 14. */
export function subIndicatorLines(kind: SubIndicator, bars: CandleBar[]): IndicatorLine[] {
  if (kind === 'VOL') {
    const volumes = bars.map((bar) => Number(bar.volume));
    return [
      {
        name: 'VOL',
        kind: 'histogram',
        color: UP,
        points: bars.map((bar, index) => point(bar.time, volumes[index], Number(bar.close) >= Number(bar.open) ? `${UP}80` : `${DOWN}80`)),
      },
      line('MA5', 0, bars, volumeMa(volumes, 5)),
      line('MA10', 1, bars, volumeMa(volumes, 10)),
    ];
  }
  if (kind === 'RSI') return [line('RSI14', 0, bars, rsi(closes(bars), 14))];
  const result = macd(closes(bars), 12, 26, 9);
  return [
    {
      name: 'MACD',
      kind: 'histogram',
      color: UP,
      points: bars.map((bar, index) => {
        const histogram = result.histogram[index] ?? null;
        return point(bar.time, histogram, histogram !== null && histogram < 0 ? DOWN : UP);
      }),
    },
    line('DIF', 0, bars, result.macd),
    line('DEA', 1, bars, result.signal),
  ];
}
