import { CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export type ChartTab = 'kline' | 'depth';

interface Props {
  open: boolean;
  /** What each tab shows; the panel mounts only the open one (and nothing while closed). */
  render(tab: ChartTab, fullScreen: boolean): ReactNode;
}

/**
 * Asks the browser for landscape while the full-screen chart shows; phones that
 * refuse (most, outside an installed app) get the rotated layout from CSS instead.
 */
function useLandscape(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const orientation = screen.orientation as ScreenOrientation & { lock?: (orientation: string) => Promise<void> };
    orientation?.lock?.('landscape').catch(() => undefined);
    return () => {
      try {
        orientation?.unlock?.();
      } catch {
        // Nothing was locked.
      }
    };
  }, [active]);
}

/**
 * The chart one tap away: a panel under the pair header with K-line and depth
 * tabs, and a full-screen landscape view over the whole app.
 */
export function ChartPanel({ open, render }: Props) {
  const { t } = useTranslation('trading');
  const [tab, setTab] = useState<ChartTab>('kline');
  const [fullScreen, setFullScreen] = useState(false);
  useLandscape(fullScreen);
  if (!open) return null;
  const tabs = (
    <div className="trading-chart-panel__tabs" role="tablist">
      {(['kline', 'depth'] as const).map((key) => (
        <button key={key} type="button" role="tab" aria-selected={tab === key} className={`trading-chart-panel__tab${tab === key ? ' trading-chart-panel__tab--on' : ''}`} onClick={() => setTab(key)} data-testid={`chart-tab-${key}`}>
          {t(`chart.tabs.${key}`)}
        </button>
      ))}
    </div>
  );
  if (fullScreen) {
    return createPortal(
      <div className="trading-fullscreen" data-testid="chart-fullscreen">
        <div className="trading-fullscreen__bar">
          {tabs}
          <button type="button" className="trading-icon-button" aria-label={t('chart.exitFullScreen')} onClick={() => setFullScreen(false)} data-testid="chart-fullscreen-close">
            <CloseOutline />
          </button>
        </div>
        <div className="trading-fullscreen__body">{render(tab, true)}</div>
      </div>,
      document.body,
    );
  }
  return (
    <section className="trading-chart-panel" data-testid="chart-panel">
      <div className="trading-chart-panel__bar">
        {tabs}
        <button type="button" className="trading-chart-panel__full" onClick={() => setFullScreen(true)} data-testid="chart-fullscreen-open">
          {t('chart.fullScreen')}
        </button>
      </div>
      {render(tab, false)}
    </section>
  );
}
