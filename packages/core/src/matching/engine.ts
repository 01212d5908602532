import { OrderBook } from './order-book.ts';
import type { InstrumentSpec } from './types.ts';

export class DuplicateInstrumentError extends Error {
  constructor(readonly symbol: string) {
    super(`instrument ${symbol} already has a book`);
  }
}

/**
 * One independent OrderBook per instrument. Books share nothing, so a caller
 * may drive each from its own queue; the registry itself holds no matching logic.
 */
export class MatchingEngine {
  private readonly books = new Map<string, OrderBook>();

  addInstrument(spec: InstrumentSpec): OrderBook {
    if (this.books.has(spec.symbol)) throw new DuplicateInstrumentError(spec.symbol);
    const book = new OrderBook(spec);
    this.books.set(spec.symbol, book);
    return book;
  }

  book(symbol: string): OrderBook | undefined {
    return this.books.get(symbol);
  }

  /** Symbols in the order their books were added. */
  symbols(): string[] {
    return [...this.books.keys()];
  }
}
