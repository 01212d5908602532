import Bowser from 'bowser';

/** The longest User-Agent kept: enough for every real browser, and a bound on what a client can make us store. */
export const MAX_USER_AGENT_LENGTH = 512;

interface Device {
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  model: string;
}

function parse(userAgent: string): Device | null {
  const text = userAgent.trim();
  if (!text) return null;
  const { browser, os, platform } = Bowser.parse(text);
  if (!browser.name && !os.name) return null;
  return {
    browser: browser.name ?? '',
    browserVersion: browser.version?.split('.')[0] ?? '',
    os: os.name ?? '',
    osVersion: os.version ?? '',
    model: platform.model ?? '',
  };
}

/**
 * A readable name for a login or session, e.g. "Chrome 126 · Android 14" or
 * "Safari 17 · iPhone (iOS 17.4)". A client that is no browser (curl, a
 * script) is named by the first word of what it sent; nothing at all gives ''.
 */
export function deviceName(userAgent: string): string {
  const device = parse(userAgent);
  if (!device) return userAgent.trim().split(/\s/)[0]?.slice(0, 40) ?? '';
  const browser = [device.browser, device.browserVersion].filter(Boolean).join(' ');
  const system = [device.os, device.osVersion].filter(Boolean).join(' ');
  const where = device.model && device.model !== device.os ? `${device.model}${system ? ` (${system})` : ''}` : system;
  return [browser, where].filter(Boolean).join(' · ');
}

/**
 * What makes a device "the same" for the new-device mail: browser, system and
 * model, without versions, so an update of the browser is not a new device.
 */
export function deviceKey(userAgent: string): string {
  const device = parse(userAgent);
  return device ? `${device.browser}|${device.os}|${device.model}` : userAgent.trim().slice(0, 60);
}

/** The User-Agent header as stored: one string, bounded. */
export function userAgentOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  return value.slice(0, MAX_USER_AGENT_LENGTH);
}
