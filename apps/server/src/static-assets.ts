import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Catalog } from './platform/catalog.ts';
import { failure } from './platform/envelope.ts';
import { serveSpaReleases } from './platform/spa-releases.ts';
import { uploadsRoot } from './platform/uploaded-files.ts';
import { svgSprite } from './svg-sprite.ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const ICON_COLOUR = '#d4ba83';
const DAY_SECONDS = 86_400;

/** Stocks and coins without a published icon get a monogram in the brand colours. */
function monogram(symbol: string): string {
  const letters = symbol.slice(0, symbol.length > 3 ? 2 : symbol.length);
  const size = letters.length > 2 ? 11 : 13;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#1f2630"/><circle cx="16" cy="16" r="15" fill="none" stroke="${ICON_COLOUR}" stroke-width="1"/><text x="16" y="20.5" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="${ICON_COLOUR}">${letters}</text></svg>`;
}

function cached(producer: (name: string) => string | undefined): (name: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (name) => {
    if (!cache.has(name)) cache.set(name, producer(name));
    return cache.get(name);
  };
}

/**
 * Public files: data/public under /static/, coin icons from the
 * cryptocurrency-icons set, menu icons from Lucide tinted for the dark theme
 * (each one alone, and each set as one sprite),
 * user uploads under /uploads/ and the live release of the web app under /h5/.
 */
export async function registerStaticAssets(app: FastifyInstance, config: Config, catalog: Catalog): Promise<void> {
  const coinIcons = join(packageDir('cryptocurrency-icons'), 'svg', 'color');
  const lucideIcons = join(packageDir('lucide-static'), 'icons');

  const coinIcon = cached((symbol) => {
    const file = join(coinIcons, `${symbol.toLowerCase()}.svg`);
    return existsSync(file) ? readFileSync(file, 'utf8') : monogram(symbol.toUpperCase());
  });
  const menuIcon = cached((key) => {
    const entry = catalog.menu.find((item) => item.key === key);
    const file = entry ? join(lucideIcons, `${entry.icon}.svg`) : undefined;
    return file && existsSync(file) ? readFileSync(file, 'utf8').replaceAll('currentColor', ICON_COLOUR) : undefined;
  });

  // One file per icon set for pages that show many (the home page's menu and quotes): `<img src="/static/coins/sprite.svg#btc">`.
  const spriteRoute = (path: string, build: () => string) => {
    let sprite: string | undefined;
    app.get(path, { schema: { hide: true } }, async (_request, reply) => {
      sprite ??= build();
      return reply.type('image/svg+xml').header('cache-control', `public, max-age=${DAY_SECONDS}`).send(sprite);
    });
  };
  spriteRoute('/static/coins/sprite.svg', () => svgSprite(catalog.currencies.map(({ symbol }) => ({ id: symbol.toLowerCase(), svg: coinIcon(symbol) ?? monogram(symbol) })), 32));
  spriteRoute('/static/menu/sprite.svg', () =>
    svgSprite(
      catalog.menu.flatMap(({ key }) => {
        const svg = menuIcon(key);
        return svg ? [{ id: key, svg }] : [];
      }),
      24,
    ),
  );

  const svgRoute = (prefix: string, produce: (name: string) => string | undefined) =>
    app.get<{ Params: { file: string } }>(`${prefix}:file`, { schema: { hide: true } }, async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{1,20})\.svg$/.exec(request.params.file);
      const svg = match?.[1] ? produce(match[1]) : undefined;
      if (!svg) return reply.code(404).send(failure('error', 'not found'));
      return reply.type('image/svg+xml').header('cache-control', `public, max-age=${DAY_SECONDS}`).send(svg);
    });
  svgRoute('/static/coins/', coinIcon);
  svgRoute('/static/menu/', menuIcon);

  await app.register(fastifyStatic, { root: join(config.seedDataDir, 'public'), prefix: '/static/', decorateReply: false, maxAge: DAY_SECONDS * 1000 });
  mkdirSync(uploadsRoot(config), { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsRoot(config),
    prefix: '/uploads/',
    decorateReply: false,
    setHeaders: (response) => response.header('x-content-type-options', 'nosniff'),
  });
  await serveSpaReleases(app, { releasesDir: config.webReleasesDir, prefix: '/h5/' });
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/h5/'));
}
