import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '@openbourse/i18n';

/**
 * Interface texts read from the translation files the app is built from, so
 * the tests follow the translators' wording instead of copying it.
 */
const localesDir = join(dirname(createRequire(import.meta.url).resolve('@openbourse/i18n/package.json')), 'locales');

function lookup(language: Language, namespace: string, path: string): string | undefined {
  let messages: unknown;
  try {
    messages = JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'));
  } catch {
    // Not translated yet: the app falls back to English, and so do we.
    return undefined;
  }
  const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return typeof text === 'string' ? text : undefined;
}

/** The text the app shows for `namespace:key.path`, with the app's English fallback. */
export function uiText(language: Language, key: string): string {
  const [namespace = '', path = ''] = key.split(':');
  const text = lookup(language, namespace, path) ?? lookup('en', namespace, path);
  if (text === undefined) throw new Error(`no text for ${key}`);
  return text;
}
