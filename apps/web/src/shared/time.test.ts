import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = join(import.meta.dirname, '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('dates and times', () => {
  // Without a locale the browser's own language writes it: "2:50:02 AM" on a Vietnamese page.
  it('are never written in the browser locale instead of the app language', () => {
    const offenders = sourceFiles(SOURCE_ROOT).filter((file) => /\.toLocale(?:Date|Time)?String\(\s*\)/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
