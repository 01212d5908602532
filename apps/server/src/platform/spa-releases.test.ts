import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL, INDEX_CACHE_CONTROL, publishRelease, readReleasePointer, serveSpaReleases } from './spa-releases.ts';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A raw request line, as a browser never sends but a prober might: no URL normalisation on the way. */
async function rawStatus(base: string, path: string): Promise<number> {
  return new Promise((done, fail) => {
    const call = request(`${base}/`, { path }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    call.once('error', fail);
    call.end();
  });
}

/** A build like Vite's: a hashed chunk under assets/ (with its compressed copies) and an index.html that loads it. */
function fakeBuild(name: string, { slowly = false } = {}) {
  const chunk = `assets/page-${name}.js`;
  const chunkBody = `export const page = ${JSON.stringify(name.repeat(400))};\n`;
  const indexBody = `<!doctype html><title>${name}</title><script type="module" src="/h5/${chunk}"></script>`;
  const build = async (outDir: string) => {
    mkdirSync(join(outDir, 'assets'), { recursive: true });
    // index.html first and the chunk later: were the directory served while building, its page would point at a missing file.
    writeFileSync(join(outDir, 'index.html'), indexBody);
    if (slowly) await pause(300);
    writeFileSync(join(outDir, chunk), chunkBody);
    writeFileSync(join(outDir, `${chunk}.br`), brotliCompressSync(chunkBody));
    writeFileSync(join(outDir, `${chunk}.gz`), gzipSync(chunkBody));
  };
  return { chunk, chunkBody, indexBody, build };
}

describe('a single-page app served from atomically swapped releases', () => {
  let releasesDir: string;
  let app: FastifyInstance;
  let base: string;
  const a = fakeBuild('a');
  const b = fakeBuild('b', { slowly: true });

  beforeAll(async () => {
    releasesDir = mkdtempSync(join(tmpdir(), 'openbourse-releases-'));
    await publishRelease(releasesDir, a.build);
    // As in app.ts: compression of answers registered first, so precompressed files must pass through it untouched.
    app = Fastify({ logger: false });
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
    await serveSpaReleases(app, { releasesDir, prefix: '/h5/' });
    base = await listen(app);
  });

  afterAll(async () => {
    await app.close();
    rmSync(releasesDir, { recursive: true, force: true });
  });

  it('serves index.html for revalidation and hashed chunks as immutable, compressed as the browser asks', async () => {
    const index = await fetch(`${base}/h5/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe(INDEX_CACHE_CONTROL);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(await index.text()).toBe(a.indexBody);

    for (const encoding of ['br', 'gzip']) {
      const chunk = await fetch(`${base}/h5/${a.chunk}`, { headers: { 'accept-encoding': encoding } });
      expect(chunk.status).toBe(200);
      expect(chunk.headers.get('content-encoding')).toBe(encoding);
      expect(chunk.headers.get('vary')).toContain('accept-encoding');
      expect(chunk.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);
      expect(chunk.headers.get('content-type')).toContain('javascript');
      expect(await chunk.text()).toBe(a.chunkBody);
    }
    const plain = await fetch(`${base}/h5/${a.chunk}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(a.chunkBody);
  });

  it('switches index.html from one release to the next at once while requests keep coming, and keeps the old chunks', async () => {
    const seen: { status: number; body: string }[] = [];
    const oldChunk: number[] = [];
    const chunkOfNewPage: number[] = [];
    let publishing = true;
    const hammer = async () => {
      while (publishing) {
        const [index, chunk] = await Promise.all([fetch(`${base}/h5/`), fetch(`${base}/h5/${a.chunk}`)]);
        const body = await index.text();
        seen.push({ status: index.status, body });
        oldChunk.push(chunk.status);
        await chunk.arrayBuffer();
        // A page of the new release must find its chunk: the release is never served half-built.
        if (body === b.indexBody) chunkOfNewPage.push((await fetch(`${base}/h5/${b.chunk}`)).status);
      }
    };
    const clients = [hammer(), hammer(), hammer()];
    await pause(50);
    await publishRelease(releasesDir, b.build);
    // A little longer, so answers after the swap are seen too.
    await pause(100);
    publishing = false;
    await Promise.all(clients);

    expect(seen.length).toBeGreaterThan(6);
    expect(seen.every(({ status }) => status === 200)).toBe(true);
    expect(oldChunk.every((status) => status === 200)).toBe(true);
    expect(chunkOfNewPage.length).toBeGreaterThan(0);
    expect(chunkOfNewPage.every((status) => status === 200)).toBe(true);
    // Every page is one whole release's, and once the new one shows the old one never comes back.
    expect(seen.every(({ body }) => body === a.indexBody || body === b.indexBody)).toBe(true);
    const firstNew = seen.findIndex(({ body }) => body === b.indexBody);
    expect(firstNew).toBeGreaterThan(0);
    expect(seen.slice(firstNew).every(({ body }) => body === b.indexBody)).toBe(true);

    expect(await (await fetch(`${base}/h5/`)).text()).toBe(b.indexBody);
    const newChunk = await fetch(`${base}/h5/${b.chunk}`);
    expect(newChunk.status).toBe(200);
    expect(await newChunk.text()).toBe(b.chunkBody);
    // A tab opened on release A still loads A's lazy chunk, immutable as before.
    const kept = await fetch(`${base}/h5/${a.chunk}`);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);
  });

  it('keeps the last three releases and deletes older ones; only hashed assets come from earlier releases', async () => {
    const c = fakeBuild('c');
    const d = fakeBuild('d');
    await publishRelease(releasesDir, c.build);
    await publishRelease(releasesDir, d.build);
    const pointer = await readReleasePointer(releasesDir);
    expect(pointer?.previous).toHaveLength(2);
    expect(readdirSync(releasesDir).filter((entry) => entry !== 'CURRENT').sort()).toEqual([pointer?.current, ...(pointer?.previous ?? [])].sort());

    expect((await fetch(`${base}/h5/${a.chunk}`)).status).toBe(404);
    expect((await fetch(`${base}/h5/${b.chunk}`)).status).toBe(200);
    expect(await (await fetch(`${base}/h5/`)).text()).toBe(d.indexBody);
    // Outside assets/ only the live release answers, and nothing outside the releases can be asked for.
    for (const probe of ['/h5/../CURRENT', '/h5/%2e%2e/CURRENT', '/h5/assets/..%2F..%2FCURRENT', '/h5/assets//etc/passwd']) {
      expect([403, 404]).toContain(await rawStatus(base, probe));
    }
    expect((await fetch(`${base}/h5/assets/nothing-here.js`)).status).toBe(404);
  });

  it('leaves the live release alone when a build fails, and cleans up after it', async () => {
    const before = await readReleasePointer(releasesDir);
    const failing = async (outDir: string) => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'half.js'), '');
      throw new Error('the bundler crashed');
    };
    await expect(publishRelease(releasesDir, failing)).rejects.toThrow('the bundler crashed');
    // No index.html written: not a release either.
    await expect(publishRelease(releasesDir, async (outDir) => void mkdirSync(outDir, { recursive: true }))).rejects.toThrow(/index\.html/);
    expect(await readReleasePointer(releasesDir)).toEqual(before);
    expect(readdirSync(releasesDir).some((entry) => entry.startsWith('.building-'))).toBe(false);
  });

  it('answers 404, not an error, before the first release exists', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'openbourse-releases-'));
    const bare = Fastify({ logger: false });
    await serveSpaReleases(bare, { releasesDir: join(empty, 'releases'), prefix: '/h5/' });
    const bareBase = await listen(bare);
    expect((await fetch(`${bareBase}/h5/`)).status).toBe(404);
    expect((await fetch(`${bareBase}/h5/assets/x.js`)).status).toBe(404);
    expect(existsSync(join(empty, 'releases'))).toBe(true);
    await bare.close();
    rmSync(empty, { recursive: true, force: true });
  });
});
