/** Matches the preload helper's message for a page stylesheet that failed: `Unable to preload CSS for <url>`. */
const FAILED_STYLESHEET = /Unable to preload CSS for (\S+)/;
const RETRY_DELAY_MS = 2000;
const MAX_ATTEMPTS = 5;

type PreloadErrorEvent = Event & { payload?: unknown };

function addStylesheet(href: string, attempt: number): void {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = `${href}${href.includes('?') ? '&' : '?'}retry=${attempt}`;
  link.addEventListener('error', () => {
    link.remove();
    if (attempt < MAX_ATTEMPTS) whenOnline(() => addStylesheet(href, attempt + 1));
  });
  document.head.appendChild(link);
}

function whenOnline(run: () => void): void {
  if (navigator.onLine) window.setTimeout(run, RETRY_DELAY_MS);
  else window.addEventListener('online', run, { once: true });
}

/**
 * Each page chunk brings its own stylesheet (vite.config.ts). Vite's preload
 * helper would fail the page import when only the stylesheet failed and never
 * try that stylesheet again; instead the page goes on loading (its code has
 * its own failure screen and retry, lazy-page.tsx) and the stylesheet is
 * fetched again afresh, once the browser is back online.
 */
export function retryFailedStylesheets(): void {
  window.addEventListener('vite:preloadError', (event: PreloadErrorEvent) => {
    const payload = event.payload;
    const href = FAILED_STYLESHEET.exec(payload instanceof Error ? payload.message : String(payload))?.[1];
    if (!href) return;
    event.preventDefault();
    whenOnline(() => addStylesheet(href, 1));
  });
}
