import { type CandleBar, type CandlePeriod, deriveSpec, type InstrumentDef, PERIODS } from '@openbourse/core';
import { Button, DotLoading, Tabs } from 'antd-mobile';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  LineSeries,
  type ISeriesApi,
  type Time,
  TickMarkType,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/index.ts';
import { useChannel, useLiveStale } from '../realtime/index.ts';
import { useCandleHistory } from './market-data.ts';
import { type IndicatorLine, MAIN_INDICATORS, type MainIndicator, mainIndicatorLines, SUB_INDICATORS, type SubIndicator, subIndicatorLines } from './indicator-series.ts';
import { formatCompactNumber, formatDecimal } from '../format.ts';

const UP = '#28ba98';
const DOWN = '#f04a5a';
const DEFAULT_PERIOD: CandlePeriod = '15min';
const INTRADAY = new Set<CandlePeriod>(['1min', '5min', '15min', '30min', '60min', '4hour']);

interface ChartSeries {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  /** Set once the chart is removed (on unmount, before the indicators' own clean-up runs): its series went with it. */
  removed: boolean;
}

/** Share of the chart's height the price pane takes over the pane under it (volume, MACD or RSI). */
const PRICE_PANE_STRETCH = 3;

// Chart coordinates only: the strings stay the source of truth for every figure shown as text.
const toCandle = (bar: CandleBar) => ({ time: bar.time as UTCTimestamp, open: Number(bar.open), high: Number(bar.high), low: Number(bar.low), close: Number(bar.close) });

/** lightweight-charts draws UTC; the user reads local time. */
function localTime(time: Time, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(currentLocale(), { hourCycle: 'h23', ...options }).format((time as number) * 1000);
}

const TICK_MARK_FORMATS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { month: 'numeric', day: 'numeric' },
  [TickMarkType.Time]: { hour: '2-digit', minute: '2-digit' },
  [TickMarkType.TimeWithSeconds]: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

const crosshairTime = (period: CandlePeriod) => (time: Time) =>
  localTime(time, INTRADAY.has(period) ? { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' } : { year: 'numeric', month: '2-digit', day: '2-digit' });

/** One dark chart with a candlestick series; sized by its container, removed on unmount. */
function useChartSeries(container: RefObject<HTMLDivElement | null>, def: InstrumentDef): ChartSeries | null {
  const [series, setSeries] = useState<ChartSeries | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#171c23' }, textColor: '#9aa3af', fontSize: 10 },
      grid: { vertLines: { color: '#1f2630' }, horzLines: { color: '#1f2630' } },
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderColor: '#2a323d' },
      timeScale: { borderColor: '#2a323d', timeVisible: true, barSpacing: 7, tickMarkFormatter: (time: Time, type: TickMarkType) => localTime(time, TICK_MARK_FORMATS[type]) },
      localization: { locale: currentLocale() },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
      // The price axis and the last-price label write prices as the language does ("96.411,50" in Spanish); the library's own formatter always writes a point.
      priceFormat: { type: 'custom', minMove: Number(def.tickSize), formatter: (price: number) => formatDecimal(price.toFixed(deriveSpec(def).priceDecimals)) },
    });
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.08 } });
    const handle: ChartSeries = { chart, candles, removed: false };
    setSeries(handle);
    return () => {
      setSeries(null);
      handle.removed = true;
      chart.remove();
    };
  }, [container, def]);
  return series;
}

type AnySeries = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

function addIndicatorSeries(chart: IChartApi, indicator: IndicatorLine, pane: number): AnySeries {
  const common = { color: indicator.color, lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false };
  return indicator.kind === 'histogram'
    ? chart.addSeries(HistogramSeries, { ...common, priceFormat: { type: indicator.name === 'VOL' ? 'volume' : 'price' } }, pane)
    : chart.addSeries(LineSeries, { ...common, lineWidth: 1 }, pane);
}

/**
 * The chosen overlay on the price pane and the chosen lower pane, computed
 * from the drawn candles with core's formulas: drawn in full when the history
 * or the choice changes, then only the last point moves with each live candle.
 */
function useIndicators(series: ChartSeries | null, main: MainIndicator | null, sub: SubIndicator, bars: () => CandleBar[], version: number, latest: CandleBar | undefined) {
  const drawn = useRef<{ series: AnySeries; name: string; pane: 0 | 1 }[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `bars` is a stable getter; `version` says the candles under it were redrawn.
  useEffect(() => {
    if (!series) return;
    const data = bars();
    const lines = [...(main ? mainIndicatorLines(main, data).map((line) => ({ line, pane: 0 as const })) : []), ...subIndicatorLines(sub, data).map((line) => ({ line, pane: 1 as const }))];
    drawn.current = lines.map(({ line, pane }) => {
      const added = addIndicatorSeries(series.chart, line, pane);
      added.setData(line.points);
      return { series: added, name: line.name, pane };
    });
    series.chart.panes()[0]?.setStretchFactor(PRICE_PANE_STRETCH);
    series.chart.panes()[1]?.setStretchFactor(1);
    return () => {
      if (!series.removed) for (const entry of drawn.current) series.chart.removeSeries(entry.series);
      drawn.current = [];
    };
  }, [series, main, sub, bars, version]);

  useEffect(() => {
    if (!latest || drawn.current.length === 0) return;
    const data = bars();
    const lines = [...(main ? mainIndicatorLines(main, data) : []), ...subIndicatorLines(sub, data)];
    lines.forEach((line, index) => {
      const last = line.points.at(-1);
      if (last) drawn.current[index]?.series.update(last);
    });
  }, [latest, main, sub, bars]);
}

function IndicatorPicker({ main, sub, onMain, onSub }: { main: MainIndicator | null; sub: SubIndicator; onMain(next: MainIndicator | null): void; onSub(next: SubIndicator): void }) {
  return (
    <div className="trade-chart__indicators" data-testid="trade-indicators">
      {MAIN_INDICATORS.map((name) => (
        <button key={name} type="button" aria-pressed={main === name} className="trade-chart__indicator" onClick={() => onMain(main === name ? null : name)} data-testid={`indicator-${name}`}>
          {name}
        </button>
      ))}
      <span className="trade-chart__indicator-gap" />
      {SUB_INDICATORS.map((name) => (
        <button key={name} type="button" aria-pressed={sub === name} className="trade-chart__indicator" onClick={() => onSub(name)} data-testid={`indicator-${name}`}>
          {name}
        </button>
      ))}
    </div>
  );
}

function Legend({ bar }: { bar: CandleBar | undefined }) {
  const { t } = useTranslation('trade');
  if (!bar) return <div className="trade-chart__legend" />;
  const tone = Number(bar.close) >= Number(bar.open) ? 'tone-up' : 'tone-down';
  return (
    <div className="trade-chart__legend" data-testid="trade-chart-legend">
      {(['open', 'high', 'low', 'close'] as const).map((field) => (
        <span key={field}>
          {t(`chart.${field}`)} <span className={tone}>{formatDecimal(bar[field])}</span>
        </span>
      ))}
      <span>
        {t('chart.volume')} {formatCompactNumber(bar.volume)}
      </span>
    </div>
  );
}

/**
 * K-line of one pair: history from the server, then the running candle from
 * `candles:<symbol>:<period>`. Switching period reloads the history and
 * resubscribes; updates for a period are applied only once its history is drawn.
 */
export function KlineChart({ def, fullScreen = false }: { def: InstrumentDef; fullScreen?: boolean }) {
  const { t } = useTranslation('trade');
  const [period, setPeriod] = useState<CandlePeriod>(DEFAULT_PERIOD);
  const [main, setMain] = useState<MainIndicator | null>('MA');
  const [sub, setSub] = useState<SubIndicator>('VOL');
  const [version, setVersion] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const series = useChartSeries(container, def);
  const history = useCandleHistory(def.symbol, period);
  const bars = useRef(new Map<number, CandleBar>());
  const drawnPeriod = useRef<CandlePeriod | null>(null);
  const lastTime = useRef(0);
  const [latest, setLatest] = useState<CandleBar>();
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    if (!series) return;
    const data = history.data ?? [];
    series.candles.setData(data.map(toCandle));
    series.chart.applyOptions({ localization: { timeFormatter: crosshairTime(period) } });
    series.chart.timeScale().scrollToRealTime();
    bars.current = new Map(data.map((bar) => [bar.time, bar]));
    lastTime.current = data.at(-1)?.time ?? 0;
    setLatest(data.at(-1));
    drawnPeriod.current = history.data ? period : null;
    setVersion((drawnVersion) => drawnVersion + 1);
  }, [series, history.data, period]);

  const drawnBars = useCallback(() => [...bars.current.values()], []);
  useIndicators(series, main, sub, drawnBars, version, latest);

  useEffect(() => {
    if (!series) return;
    const onMove = (param: { time?: Time }) => setHovered(param.time === undefined ? null : (param.time as number));
    series.chart.subscribeCrosshairMove(onMove);
    return () => series.chart.unsubscribeCrosshairMove(onMove);
  }, [series]);

  const channel = `candles:${def.symbol}:${period}`;
  // The running candle stops following the market while the connection is lost: greyed until a fresh frame.
  const stale = useLiveStale(channel);
  useChannel<CandleBar>(channel, (bar) => {
    // The chart refuses bars older than its last one; a late frame is simply dropped.
    if (!series || drawnPeriod.current !== period || bar.time < lastTime.current) return;
    series.candles.update(toCandle(bar));
    bars.current.set(bar.time, bar);
    lastTime.current = bar.time;
    setLatest(bar);
  });

  return (
    <section className={`trade-chart${fullScreen ? ' trade-chart--full' : ''}`}>
      <Tabs className="trade-chart__periods scroll-tabs" activeKey={period} onChange={(key) => setPeriod(key as CandlePeriod)} data-testid="trade-periods">
        {PERIODS.map((item) => (
          <Tabs.Tab key={item} title={t(`chart.periods.${item}`)} />
        ))}
      </Tabs>
      <IndicatorPicker main={main} sub={sub} onMain={setMain} onSub={setSub} />
      <Legend bar={hovered === null ? latest : (bars.current.get(hovered) ?? latest)} />
      <div className="trade-chart__box" data-live data-stale={stale}>
        <div className="trade-chart__canvas" ref={container} data-testid="trade-chart" />
        {history.isPending ? (
          <div className="trade-chart__overlay">
            <DotLoading color="primary" />
          </div>
        ) : history.isError ? (
          <div className="trade-chart__overlay">
            <span className="muted">{t('chart.loadFailed')}</span>
            <Button size="mini" color="primary" fill="outline" onClick={() => void history.refetch()}>
              {t('shell:actions.retry')}
            </Button>
          </div>
        ) : history.data.length === 0 ? (
          <div className="trade-chart__overlay muted">{t('chart.empty')}</div>
        ) : null}
      </div>
    </section>
  );
}
