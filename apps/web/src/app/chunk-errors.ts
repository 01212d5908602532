import { LoadTimeoutError } from '../shared/timeout.ts';

export type ChunkFailure = 'timeout' | 'missing' | 'error' | 'offline';

export interface ClassifiedFailure {
  failure: ChunkFailure;
  address: string;
}

/** Browsers name the module that failed in the error text; that is the address the user sees. */
function addressIn(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/[^\s'"]+|\/h5\/assets\/[^\s'"]+)/.exec(text)?.[1];
}

/**
 * Tells being offline (the browser says so, or the server cannot be reached
 * at all) from a timeout, from a chunk that is not on the server (a stale
 * deploy), from any other failure.
 */
export async function classifyChunkFailure(error: unknown, fallbackAddress: string): Promise<ClassifiedFailure> {
  const address = error instanceof LoadTimeoutError ? error.address : (addressIn(error) ?? fallbackAddress);
  if (!navigator.onLine) return { failure: 'offline', address };
  if (error instanceof LoadTimeoutError) return { failure: 'timeout', address };
  if (!addressIn(error)) return { failure: 'error', address };
  try {
    const probe = await fetch(address, { method: 'HEAD', cache: 'no-store' });
    return { failure: probe.status === 404 ? 'missing' : 'error', address };
  } catch {
    return { failure: 'offline', address };
  }
}

/**
 * A retried import needs a fresh URL: browsers may remember a module that failed
 * to load. A page's stylesheet was loaded with the first attempt or is retried
 * on its own (stylesheet-retry.ts), so importing the chunk directly loses nothing.
 */
export function retryImport(address: string, attempt: number): Promise<unknown> {
  const separator = address.includes('?') ? '&' : '?';
  return import(/* @vite-ignore */ `${address}${separator}retry=${attempt}`);
}
