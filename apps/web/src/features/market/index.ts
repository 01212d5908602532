/** What the market feature offers other features: the home page's live quote block. */
export { default as HomeQuotes } from './HomeQuoteBoard.tsx';
