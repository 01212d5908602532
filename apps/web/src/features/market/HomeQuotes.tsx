import { Skeleton } from 'antd-mobile';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import './home-quotes.css';

/**
 * The board and what it needs (decimal arithmetic, lists, tabs) is its own chunk,
 * fetched alongside the quotes, so the home page's first load does not grow.
 */
const HomeQuoteBoard = lazy(() => import('./HomeQuoteBoard.tsx'));

/** Quotes are one block of the home page: should their chunk fail to load, the rest of the page carries on without them. */
class LeaveOutOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The home page's live quotes, right below the entry grid. */
export function HomeQuotes() {
  return (
    <LeaveOutOnError>
      <Suspense fallback={<Skeleton.Paragraph lineCount={6} animated className="home-quotes__skeleton" />}>
        <HomeQuoteBoard />
      </Suspense>
    </LeaveOutOnError>
  );
}
