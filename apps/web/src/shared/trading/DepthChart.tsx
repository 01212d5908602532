import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../format.ts';
import { type BookLevel, cumulativeDepth } from './book-grouping.ts';

const WIDTH = 360;
const HEIGHT = 180;

/** An SVG polyline path of a cumulative side, as steps, scaled into the box. */
function stepsPath(points: { price: number; cumulative: number }[], x: (price: number) => number, y: (cumulative: number) => number): string {
  if (points.length === 0) return '';
  const [first] = points;
  let path = `M${x(first?.price ?? 0)},${y(0)}`;
  let previous = 0;
  for (const point of points) {
    path += ` L${x(point.price)},${y(previous)} L${x(point.price)},${y(point.cumulative)}`;
    previous = point.cumulative;
  }
  return path;
}

/**
 * The depth chart: cumulative bid quantity rising to the left of the spread,
 * cumulative ask quantity to the right, drawn from the same book the list shows.
 */
export function DepthChart({ bids, asks }: { bids: BookLevel[]; asks: BookLevel[] }) {
  const { t } = useTranslation('trading');
  const bidPoints = cumulativeDepth(bids);
  const askPoints = cumulativeDepth(asks);
  const prices = [...bidPoints, ...askPoints].map((point) => point.price);
  if (prices.length === 0) return <div className="trading-depth trading-depth--empty muted">{t('book.empty')}</div>;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const deepest = Math.max(bidPoints.at(-1)?.cumulative ?? 0, askPoints.at(-1)?.cumulative ?? 0) || 1;
  const span = high - low || 1;
  const x = (price: number) => ((price - low) / span) * WIDTH;
  const y = (cumulative: number) => HEIGHT - (cumulative / deepest) * (HEIGHT - 8);
  const bidPath = stepsPath(bidPoints, x, y);
  const askPath = stepsPath(askPoints, x, y);
  return (
    <figure className="trading-depth" data-testid="trade-depth">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={t('depth.title')}>
        {bidPath ? <path d={`${bidPath} L${x(bidPoints.at(-1)?.price ?? low)},${HEIGHT} Z`} className="trading-depth__bids" /> : null}
        {askPath ? <path d={`${askPath} L${x(askPoints.at(-1)?.price ?? high)},${HEIGHT} Z`} className="trading-depth__asks" /> : null}
      </svg>
      <figcaption className="trading-depth__axis muted">
        <span>{formatDecimal(String(bids.at(-1)?.[0] ?? low))}</span>
        <span>{formatDecimal(String(asks.at(-1)?.[0] ?? high))}</span>
      </figcaption>
    </figure>
  );
}
