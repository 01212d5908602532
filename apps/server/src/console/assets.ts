import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The built operator console (apps/console/dist) under /console/, apart from
 * the H5 app. Its pages may not be framed and load nothing from elsewhere;
 * antd writes its styles at run time, hence inline styles.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export function consoleDistDir(config: Config): string {
  return join(config.repoRoot, 'apps/console/dist');
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

export async function registerConsoleAssets(app: FastifyInstance, config: Config): Promise<void> {
  const root = consoleDistDir(config);
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/console/',
    decorateReply: false,
    cacheControl: false,
    // Hashed chunks never change; index.html is revalidated so a deploy shows at once.
    setHeaders: (response, path) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.header(name, value);
      response.header('cache-control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexHtml = join(root, 'index.html');
  app.get('/console/', { schema: { hide: true } }, async (_request, reply) => {
    return reply.headers(SECURITY_HEADERS).type('text/html').header('cache-control', 'no-cache').send(readFileSync(indexHtml));
  });
}
