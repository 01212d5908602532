import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's chromium driven by playwright-core (never a downloaded browser).
 * Without the background-networking flags it keeps dialling Google's hosts,
 * which this closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
}
