import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { instrumentDefOf } from '@openbourse/core';
import { renderAt, setupPageTests, stubApi } from '../test-utils.tsx';
import { btcQuote } from './test-doubles.ts';
import { listenedChannels, pushFrame, setStale } from '../realtime/test-double.ts';
import { KlineChart } from './KlineChart.tsx';

vi.mock('../realtime/index.ts', () => import('../realtime/test-double.ts'));

/** happy-dom has no canvas: a recording stand-in for lightweight-charts. */
const charts = vi.hoisted(() => {
  type Recorded = { type: string; pane: number; removed: boolean; setData: ReturnType<typeof vi.fn>; update: ReturnType<typeof vi.fn> };
  const created: { removed: boolean; series: Record<string, Recorded>; all: Recorded[] }[] = [];
  return { created };
});

vi.mock('lightweight-charts', () => {
  const series = (type: string, pane: number) => ({ type, pane, removed: false, setData: vi.fn(), update: vi.fn(), priceScale: () => ({ applyOptions: vi.fn() }) });
  return {
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    LineSeries: 'Line',
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Normal: 0 },
    TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
    createChart: () => {
      const chart = { removed: false, series: {} as Record<string, ReturnType<typeof series>>, all: [] as ReturnType<typeof series>[] };
      charts.created.push(chart);
      return {
        addSeries: (type: string, _options: unknown, pane = 0) => {
          const added = series(type, pane);
          chart.series[type] ??= added;
          chart.all.push(added);
          return added;
        },
        removeSeries: (removed: ReturnType<typeof series>) => {
          removed.removed = true;
        },
        panes: () => [{ setStretchFactor: vi.fn() }, { setStretchFactor: vi.fn() }],
        applyOptions: vi.fn(),
        timeScale: () => ({ scrollToRealTime: vi.fn() }),
        subscribeCrosshairMove: vi.fn(),
        unsubscribeCrosshairMove: vi.fn(),
        remove: () => {
          chart.removed = true;
        },
      };
    },
  };
});

const bar = (time: number, close: string) => ({ time, open: '100000.00', high: '100100.00', low: '99900.00', close, volume: '1.5000' });
const def = instrumentDefOf(btcQuote);
const candles = () => charts.created.at(-1)?.series.Candlestick;

setupPageTests();

beforeEach(() => {
  charts.created.length = 0;
});

describe('KlineChart', () => {
  it('draws the 15-minute history, then keeps the running candle current from the channel', async () => {
    const { fetchMock } = stubApi({ '/currency/new_timeshar': [bar(900, '100050.00'), bar(1800, '99950.00')] });
    renderAt(<KlineChart def={def} />);
    await waitFor(() => expect(candles()?.setData).toHaveBeenLastCalledWith([expect.objectContaining({ time: 900, close: 100050 }), expect.objectContaining({ time: 1800, close: 99950 })]));
    const query = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost').searchParams;
    expect(query.get('symbol')).toBe('BTC/USDT');
    expect(query.get('period')).toBe('15min');
    expect(Number(query.get('to')) - Number(query.get('from'))).toBe(300 * 900);
    expect(listenedChannels()).toContain('candles:BTC/USDT:15min');

    pushFrame('candles:BTC/USDT:15min', bar(1800, '99990.00'));
    pushFrame('candles:BTC/USDT:15min', bar(2700, '100010.00'));
    pushFrame('candles:BTC/USDT:15min', bar(900, '1.00'));
    expect(candles()?.update.mock.calls.map(([candle]) => [candle.time, candle.close])).toEqual([
      [1800, 99990],
      [2700, 100010],
    ]);
    expect(screen.getByTestId('trade-chart-legend').textContent).toContain('100,010.00');
  });

  it('reloads and resubscribes when the period changes', async () => {
    const { calledPaths } = stubApi({ '/currency/new_timeshar': [bar(86_400, '100000.00')] });
    renderAt(<KlineChart def={def} />);
    await waitFor(() => expect(calledPaths()).toHaveLength(1));
    fireEvent.click(screen.getByText('日线'));
    await waitFor(() => expect(listenedChannels()).toContain('candles:BTC/USDT:1day'));
    expect(listenedChannels()).not.toContain('candles:BTC/USDT:15min');
    await waitFor(() => expect(calledPaths()).toHaveLength(2));
    expect(charts.created).toHaveLength(1);
  });

  it('greys the chart while its candle feed is lost, and shows it live again when the feed is back', async () => {
    stubApi({ '/currency/new_timeshar': [bar(900, '100050.00')] });
    renderAt(<KlineChart def={def} />);
    await waitFor(() => expect(candles()?.setData).toHaveBeenCalled());
    const chartBox = () => screen.getByTestId('trade-chart').parentElement?.getAttribute('data-stale');
    expect(chartBox()).toBe('false');
    setStale(['candles:BTC/USDT:15min'], true);
    expect(chartBox()).toBe('true');
    setStale(['candles:BTC/USDT:15min'], false);
    expect(chartBox()).toBe('false');
  });

  it('removes the chart and stops listening on unmount', async () => {
    stubApi({ '/currency/new_timeshar': [] });
    const { unmount } = renderAt(<KlineChart def={def} />);
    expect(await screen.findByText('暂无K线数据')).toBeTruthy();
    unmount();
    expect(charts.created.every((chart) => chart.removed)).toBe(true);
    expect(listenedChannels().filter((channel) => channel.startsWith('candles:'))).toEqual([]);
  });

  it('draws MA on the price pane and volume below, and swaps in BOLL and MACD or RSI on demand', async () => {
    const history = Array.from({ length: 40 }, (_, index) => bar((index + 1) * 900, String(100000 + index)));
    stubApi({ '/currency/new_timeshar': history });
    renderAt(<KlineChart def={def} />);
    const live = () => (charts.created.at(-1)?.all ?? []).filter((entry) => !entry.removed && entry.type !== 'Candlestick');
    // Volume bars with their 5- and 10-candle averages below the price.
    await waitFor(() => expect(live().map((entry) => [entry.type, entry.pane])).toEqual([['Line', 0], ['Line', 0], ['Line', 0], ['Histogram', 1], ['Line', 1], ['Line', 1]]));
    await waitFor(() => expect(live()[0]?.setData.mock.lastCall?.[0]).toHaveLength(40));
    // MA7 of closes 100000..100039: the first value at the seventh candle is the mean of the first seven.
    const ma7 = live()[0]?.setData.mock.lastCall?.[0] as { time: number; value?: number }[];
    expect(ma7[5]).toEqual({ time: 6 * 900 });
    expect(ma7[6]).toEqual({ time: 7 * 900, value: 100003 });
    fireEvent.click(screen.getByTestId('indicator-BOLL'));
    fireEvent.click(screen.getByTestId('indicator-MACD'));
    await waitFor(() => expect(live().map((entry) => [entry.type, entry.pane])).toEqual([['Line', 0], ['Line', 0], ['Line', 0], ['Histogram', 1], ['Line', 1], ['Line', 1]]));
    fireEvent.click(screen.getByTestId('indicator-RSI'));
    fireEvent.click(screen.getByTestId('indicator-BOLL'));
    await waitFor(() => expect(live().map((entry) => [entry.type, entry.pane])).toEqual([['Line', 1]]));
    pushFrame('candles:BTC/USDT:15min', bar(41 * 900, '100100.00'));
    await waitFor(() => expect(live()[0]?.update).toHaveBeenCalledWith(expect.objectContaining({ time: 41 * 900 })));
  });
});
