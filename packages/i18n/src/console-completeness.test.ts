import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The operator console speaks Chinese (the source) and English. Its texts sit
 * outside the app's ten-language catalogue, so they get their own check:
 * every key in both, nothing empty, the same placeholders, and English that
 * is not the Chinese copied over.
 */
const consoleDir = join(import.meta.dirname, '..', 'console');

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

const load = (language: string) => flatten(JSON.parse(readFileSync(join(consoleDir, `${language}.json`), 'utf8')));
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();

describe('console texts', () => {
  const zh = load('zh');
  const en = load('en');

  it('English has every Chinese key, no other, none empty, with the same placeholders', () => {
    const missing = [...zh.keys()].filter((key) => !en.has(key));
    const extra = [...en.keys()].filter((key) => !zh.has(key));
    const empty = [...zh, ...en].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    const mismatched = [...zh].filter(([key, text]) => en.has(key) && placeholders(text).join() !== placeholders(en.get(key)).join()).map(([key]) => key);
    expect({ missing, extra, empty, mismatched }).toEqual({ missing: [], extra: [], empty: [], mismatched: [] });
  });

  it('each language is written in itself: no Chinese in English, no English copied into Chinese', () => {
    const hasWords = (text: unknown) => /[A-Za-z]{3}/.test(String(text).replace(/\{\{\w+\}\}/g, ''));
    const chineseInEnglish = [...en].filter(([, text]) => /[\u4e00-\u9fff]/.test(String(text))).map(([key]) => key);
    const copiedIntoChinese = [...zh].filter(([key, text]) => hasWords(text) && en.get(key) === text).map(([key]) => key);
    expect({ chineseInEnglish, copiedIntoChinese }).toEqual({ chineseInEnglish: [], copiedIntoChinese: [] });
  });
});
