import type { ReactNode } from 'react';

interface Props {
  /** Pair header, banners and the chart panel: full width above the two columns. */
  top: ReactNode;
  form: ReactNode;
  book: ReactNode;
  /** Open orders and the rest, full width below. */
  bottom: ReactNode;
}

/**
 * The exchange apps' trading layout: the order form on the left and the book
 * on the right, so both fit the first screen of a phone with the start of the
 * open orders under them. Spot today; futures and options use the same frame.
 */
export function TradingLayout({ top, form, book, bottom }: Props) {
  return (
    <div className="trading-layout">
      {top}
      <div className="trading-layout__columns">
        <div className="trading-layout__form">{form}</div>
        <div className="trading-layout__book">{book}</div>
      </div>
      {bottom}
    </div>
  );
}
