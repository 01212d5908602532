import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
// For `schema.hide` (kept out of the OpenAPI description) wherever this module is type-checked from.
import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * A built single-page app served from atomically swapped releases.
 *
 * Layout of a releases directory:
 *
 *     CURRENT                   {"current":"<id>","previous":["<id>", ...]}
 *     <id>/index.html, <id>/assets/...   one complete build per release
 *     .building-<id>/           a build in progress, never served
 *
 * A build writes into `.building-<id>`, is renamed to `<id>` once complete, and
 * goes live when `CURRENT` is replaced (written aside, then renamed over the
 * old one: readers see the old pointer or the new, never half of one). The
 * server reads `CURRENT` on every request, so a running server switches at
 * once and never serves a half-built app. The previous releases stay listed,
 * so a tab opened before a deploy can still load its lazy chunks (hashed file
 * names never collide); older ones are deleted.
 */

export const RELEASE_POINTER = 'CURRENT';
/** The live release and the two before it. */
export const KEPT_RELEASES = 3;
const BUILDING_PREFIX = '.building-';
/** A build directory this old was left by a build that died; newer ones may belong to a build still running. */
const ABANDONED_BUILD_MS = 24 * 60 * 60 * 1000;

export const INDEX_CACHE_CONTROL = 'no-cache';
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ReleasePointer {
  current: string;
  /** Newest first. */
  previous: string[];
}

const RELEASE_ID = /^[\w.-]+$/;

function isReleasePointer(value: unknown): value is ReleasePointer {
  const pointer = value as ReleasePointer;
  return (
    typeof pointer === 'object' &&
    pointer !== null &&
    typeof pointer.current === 'string' &&
    RELEASE_ID.test(pointer.current) &&
    Array.isArray(pointer.previous) &&
    pointer.previous.every((id) => typeof id === 'string' && RELEASE_ID.test(id))
  );
}

/** The live release and the kept earlier ones, or null before the first release. */
export async function readReleasePointer(releasesDir: string): Promise<ReleasePointer | null> {
  let text: string;
  try {
    text = await readFile(join(releasesDir, RELEASE_POINTER), 'utf8');
  } catch {
    return null;
  }
  try {
    const pointer: unknown = JSON.parse(text);
    return isReleasePointer(pointer) ? pointer : null;
  } catch {
    return null;
  }
}

function newReleaseId(): string {
  // Sortable by time for a human looking at the directory; the random part keeps two builds in one second apart.
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const aside = `${path}.${process.pid}.${randomBytes(3).toString('hex')}`;
  await writeFile(aside, content);
  await rename(aside, path);
}

/** Deletes releases no longer listed and builds that were abandoned; a build still running is left alone. */
async function pruneReleases(releasesDir: string, kept: ReleasePointer): Promise<void> {
  const listed = new Set([kept.current, ...kept.previous]);
  for (const entry of await readdir(releasesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || listed.has(entry.name)) continue;
    const path = join(releasesDir, entry.name);
    if (entry.name.startsWith(BUILDING_PREFIX) && Date.now() - (await stat(path)).mtimeMs < ABANDONED_BUILD_MS) continue;
    await rm(path, { recursive: true, force: true });
  }
}

/**
 * Builds a new release with `build(outDir)` into a directory of its own, then
 * makes it the live one and prunes old ones. Answers the new release's id.
 * A build that throws or leaves no index.html changes nothing that is served.
 */
export async function publishRelease(releasesDir: string, build: (outDir: string) => Promise<void>, keep = KEPT_RELEASES): Promise<string> {
  mkdirSync(releasesDir, { recursive: true });
  const id = newReleaseId();
  const staging = join(releasesDir, `${BUILDING_PREFIX}${id}`);
  try {
    await build(staging);
    if (!existsSync(join(staging, 'index.html'))) throw new Error(`the build wrote no index.html into ${staging}`);
    await rename(staging, join(releasesDir, id));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const before = await readReleasePointer(releasesDir);
  const next: ReleasePointer = { current: id, previous: before ? [before.current, ...before.previous].slice(0, keep - 1) : [] };
  await writeAtomically(join(releasesDir, RELEASE_POINTER), `${JSON.stringify(next)}\n`);
  await pruneReleases(releasesDir, next);
  return id;
}

export interface SpaReleasesOptions {
  /** Where the releases live (see the layout above). */
  releasesDir: string;
  /** The app's base path with both slashes, e.g. `/h5/`. */
  prefix: string;
  /** The folder of hashed, never-changing files inside a release (Vite's `assets`). */
  assetsDir?: string;
}

/**
 * Serves the live release under `prefix`: index.html (and other unhashed
 * files) from the live release with `no-cache`, hashed assets from the live
 * release or, failing that, the kept earlier ones, as immutable. Brotli or
 * gzip copies written at build time are sent when the browser accepts them.
 * Registered in a scope of its own, so several apps can each have one.
 */
export async function serveSpaReleases(app: FastifyInstance, options: SpaReleasesOptions): Promise<void> {
  const { releasesDir, prefix } = options;
  const assetsPrefix = `${options.assetsDir ?? 'assets'}/`;
  mkdirSync(releasesDir, { recursive: true });

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: releasesDir,
      serve: false,
      preCompressed: true,
      // Cache headers are set here, per file kind; send's own default (max-age=0) would fight them.
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', path.includes(`${sep}${assetsPrefix}`) ? ASSET_CACHE_CONTROL : INDEX_CACHE_CONTROL),
    });

    scope.get(prefix, { schema: { hide: true } }, async (_request, reply) => {
      const releases = await readReleasePointer(releasesDir);
      if (!releases) return reply.callNotFound();
      return reply.sendFile('index.html', join(releasesDir, releases.current));
    });

    scope.get<{ Params: { '*': string } }>(`${prefix}*`, { schema: { hide: true } }, async (request, reply) => {
      const releases = await readReleasePointer(releasesDir);
      const file = request.params['*'];
      if (!releases || !isPlainRelativePath(file)) return reply.callNotFound();
      // Only hashed assets may come from an earlier release: their names say which build they belong to.
      const candidates = file.startsWith(assetsPrefix) ? [releases.current, ...releases.previous] : [releases.current];
      const release = await firstReleaseHolding(releasesDir, candidates, file);
      if (!release) return reply.callNotFound();
      return reply.sendFile(file, join(releasesDir, release));
    });
  });
}

/** `assets/x.js`, not `../x`, `/x`, `a//b` or a backslash: @fastify/static refuses those too, this keeps them from being looked up at all. */
function isPlainRelativePath(file: string): boolean {
  return file.length > 0 && !file.includes('\\') && file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

async function firstReleaseHolding(releasesDir: string, releases: string[], file: string): Promise<string | undefined> {
  for (const release of releases) {
    const found = await stat(join(releasesDir, release, file)).then(
      (entry) => entry.isFile(),
      () => false,
    );
    if (found) return release;
  }
  return undefined;
}
