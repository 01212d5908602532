#!/usr/bin/env node
/**
 * A git merge driver for the translation catalogues: a three-way merge of
 * JSON objects key by key, so two branches that each add texts merge cleanly.
 * A key changed differently on both sides is a real conflict (exit 1).
 * Enable it in a clone with: git config merge.json-catalogue.driver "node scripts/dev/json-merge.mjs %O %A %B"
 */
import { readFileSync, writeFileSync } from 'node:fs';

const [basePath, oursPath, theirsPath] = process.argv.slice(2);
const read = (path) => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
};
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const conflicts = [];

function merge(base, ours, theirs, path) {
  if (same(ours, theirs)) return ours;
  if (same(base, ours)) return theirs;
  if (same(base, theirs)) return ours;
  if (isObject(ours) && isObject(theirs)) {
    const result = {};
    const baseObject = isObject(base) ? base : {};
    for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
      const merged = merge(baseObject[key], ours[key], theirs[key], `${path}.${key}`);
      if (merged !== undefined) result[key] = merged;
    }
    return result;
  }
  conflicts.push(path);
  return ours;
}

const result = merge(read(basePath), read(oursPath), read(theirsPath), '');
if (conflicts.length > 0) {
  console.error(`json-merge: conflicting keys ${conflicts.join(', ')}`);
  process.exit(1);
}
writeFileSync(oursPath, `${JSON.stringify(result, null, 2)}\n`);
