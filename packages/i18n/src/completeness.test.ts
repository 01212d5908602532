import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './languages.ts';

const localesDir = join(import.meta.dirname, '..', 'locales');
const namespaces = readdirSync(join(localesDir, DEFAULT_LANGUAGE)).filter((file) => file.endsWith('.json'));

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

function load(language: string, namespace: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(join(localesDir, language, namespace), 'utf8')));
}

/** Texts a language deliberately keeps in English (brand names, codes), as `namespace:key`. */
function sameAsEnglish(language: string): string[] {
  const file = join(import.meta.dirname, '..', 'same-as-english', `${language}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
}

function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe.each(namespaces)('namespace %s', (namespace) => {
  const source = load(DEFAULT_LANGUAGE, namespace);

  it.each(LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE))('%s has every key, non-empty, same placeholders', (language) => {
    const translated = load(language, namespace);
    const missing = [...source.keys()].filter((key) => !translated.has(key));
    const empty = [...translated].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    const extra = [...translated.keys()].filter((key) => !source.has(key));
    const mismatched = [...source].filter(([key, text]) => translated.has(key) && placeholders(text).join() !== placeholders(translated.get(key)).join()).map(([key]) => key);
    expect({ missing, empty, extra, mismatched }).toEqual({ missing: [], empty: [], extra: [], mismatched: [] });
  });

  it.each(LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE && code !== 'en'))('%s is translated, not copied from English', (language) => {
    const english = load('en', namespace);
    const translated = load(language, namespace);
    const allowed = new Set(sameAsEnglish(language));
    const copied = [...english]
      .filter(([key, text]) => /[A-Za-z]{3}/.test(String(text).replace(/\{\{\w+\}\}/g, '')) && translated.get(key) === text && !allowed.has(`${namespace.replace('.json', '')}:${key}`))
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it('the source language has no empty text', () => {
    const empty = [...source].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
