import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type TestServer } from '../test/harness.ts';
import { AppError } from './platform/errors.ts';
import { installEnvelopeHandling } from './platform/http.ts';

describe('compressed answers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('compresses API answers above 1 KB with brotli or gzip, as the client accepts', async () => {
    const brotli = await server.raw('/api/docs/json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await brotli.json()) as { openapi: string }).toHaveProperty('openapi');

    const gzip = await server.raw('/api/currency/list', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(((await gzip.json()) as { type: string }).type).toBe('ok');

    const plain = await server.raw('/api/currency/list', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { type: string }).type).toBe('ok');
  });

  it('sends small answers, error envelopes among them, as they are', async () => {
    const error = await server.raw('/api/user/login', { method: 'POST', headers: { 'accept-encoding': 'br, gzip' }, body: new URLSearchParams({ lang: 'en' }) });
    expect(error.status).toBe(200);
    expect(error.headers.get('content-encoding')).toBeNull();
    expect(((await error.json()) as { type: string }).type).toBe('error');
  });

  it('leaves the realtime WebSocket alone', async () => {
    const socket = new WebSocket(`${server.base.replace('http', 'ws')}/socket.io`, { headers: { 'accept-encoding': 'br, gzip, deflate' } });
    // Plain JSON frames, whatever the upgrade request said it accepts: the first channel frame is the snapshot.
    const snapshot = new Promise<{ channel?: string; snapshot?: boolean }>((done, fail) => {
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { channel?: string; snapshot?: boolean };
        if (frame.channel) done(frame);
      });
      socket.once('error', fail);
    });
    await new Promise((done) => socket.once('open', done));
    socket.send(JSON.stringify({ op: 'subscribe', channels: ['tickers'] }));
    expect(await snapshot).toMatchObject({ channel: 'tickers', snapshot: true });
    socket.close();
  });
});

describe('a large error envelope', () => {
  it('is compressed like any other answer, and arrives whole', async () => {
    const app = Fastify({ logger: false });
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
    installEnvelopeHandling(app, { bodyBytes: 1024 * 1024, uploadBytes: 5 * 1024 * 1024 });
    const field = 'x'.repeat(3000);
    app.get('/fails', async () => {
      throw new AppError('validation.invalid', { field });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const response = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/fails?lang=en`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.json()).toEqual({ type: 'error', message: `${field} is not valid` });
    await app.close();
  });
});
