import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { registerConsole } from './console/index.ts';
import { startCheckpointer } from './db/checkpointer.ts';
import { type DatabaseHandle, databaseFile, openDatabase } from './db/client.ts';
import { authFeature } from './features/auth/routes.ts';
import { contentFeature } from './features/content/routes.ts';
import { couponsFeature } from './features/coupons/routes.ts';
import { currencyFeature } from './features/currency/routes.ts';
import { depositsFeature } from './features/deposits/routes.ts';
import { devClockFeature } from './features/dev-clock/routes.ts';
import { devOutboxFeature } from './features/dev-outbox/routes.ts';
import { profileFeature } from './features/profile/routes.ts';
import { securityFeature } from './features/security/routes.ts';
import { uploadsFeature } from './features/uploads/routes.ts';
import { verificationFeature } from './features/verification/index.ts';
import { walletFeature } from './features/wallet/routes.ts';
import { withdrawalsFeature } from './features/withdrawals/routes.ts';
import { payoutMethodsFeature } from './features/payout-methods/routes.ts';
import { transferFeature } from './features/transfer/routes.ts';
import { convertFeature } from './features/convert/routes.ts';
import { feedFeature } from './features/feed/routes.ts';
import { marketFeature } from './features/market/routes.ts';
import { spotFeature } from './features/spot/routes.ts';
import { lockMiningFeature } from './features/lock-mining/routes.ts';
import { ieoFeature } from './features/ieo/routes.ts';
import { dualFeature } from './features/dual/routes.ts';
import { futuresFeature } from './features/futures/routes.ts';
import { financialFeature } from './features/financial/routes.ts';
import { optionsFeature } from './features/options/routes.ts';
import { supportChatFeature } from './features/support-chat/routes.ts';
import { chatRoomFeature } from './features/chat-room/routes.ts';
import { notificationsFeature } from './features/notifications/routes.ts';
import { referralsFeature } from './features/referrals/routes.ts';
import { nftFeature } from './features/nft/routes.ts';
import { copyTradingFeature } from './features/copy-trading/routes.ts';
import { MarketMaker } from './market-maker/market-maker.ts';
import { createMarkets, type Markets } from './market/markets.ts';
import { startLiveFeed } from './market/live-feed.ts';
import { installAuth } from './platform/auth.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import { registerRealtime } from './realtime/routes.ts';
import { wireRealtime } from './realtime/wiring.ts';
import { buildCatalog } from './platform/catalog.ts';
import type { AppContext } from './platform/context.ts';
import type { Feature } from './platform/feature.ts';
import { clockOfDataDir, DevClock } from './platform/dev-clock.ts';
import { envelopeServerOptions, installEnvelopeHandling, type RequestLimits } from './platform/http.ts';
import { createMessenger } from './platform/messenger.ts';
import { purgeExpiredKeysJob } from './platform/idempotency.ts';
import { Scheduler } from './platform/scheduler.ts';
import { MAX_UPLOAD_BYTES } from './platform/uploaded-files.ts';
import { loadSeedFiles } from './seed/reference-data.ts';
import { registerStaticAssets } from './static-assets.ts';
import { seedDemoUser, seedReferenceData } from './seed/seed.ts';

const REQUEST_LIMITS: RequestLimits = { bodyBytes: 1024 * 1024, uploadBytes: MAX_UPLOAD_BYTES };
/** Answers smaller than this go out as they are: compressing them saves less than a phone's round trip costs. */
const COMPRESS_MIN_BYTES = 1024;

const FEATURES: Feature[] = [
  authFeature,
  securityFeature,
  profileFeature,
  uploadsFeature,
  verificationFeature,
  walletFeature,
  transferFeature,
  convertFeature,
  currencyFeature,
  contentFeature,
  devOutboxFeature,
  devClockFeature,
  marketFeature,
  spotFeature,
  feedFeature,
  depositsFeature,
  withdrawalsFeature,
  payoutMethodsFeature,
  lockMiningFeature,
  ieoFeature,
  dualFeature,
  financialFeature,
  optionsFeature,
  supportChatFeature,
  chatRoomFeature,
  futuresFeature,
  // After futures: it uses the lever-positions port futures sets on the context.
  copyTradingFeature,
  notificationsFeature,
  referralsFeature,
  couponsFeature,
  nftFeature,
];

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  demoSeeded: boolean;
  markets: Markets;
  realtime: RealtimeHub;
}

export interface BuildOptions {
  now?: () => number;
  logger?: boolean;
  /** WAL checkpoints on a worker thread instead of inside commits (the server process; tests keep SQLite's automatic checkpoint). */
  checkpointInWorker?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    ...envelopeServerOptions(REQUEST_LIMITS),
    // While shutting down, a request that arrives on an open connection is still answered (with Connection: close), not refused with a 503.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase(config.dataDir);
  const checkpointer = options.checkpointInWorker ? startCheckpointer(database.sqlite, databaseFile(config.dataDir)) : null;
  const devClock = config.clockControl ? new DevClock(options.now ?? Date.now, database.sqlite) : null;
  // Without clock control a data dir whose demo clock was moved keeps its offset: its time never runs backwards.
  const now = devClock?.now ?? clockOfDataDir(database.sqlite, options.now ?? Date.now);
  const files = loadSeedFiles(config.seedDataDir);
  const catalog = buildCatalog(files);
  seedReferenceData(database, files, catalog);
  const markets = createMarkets(config, { db: database.db, sqlite: database.sqlite, catalog, now, log: app.log });
  const ctx: AppContext = {
    config,
    db: database.db,
    sqlite: database.sqlite,
    catalog,
    now,
    log: app.log,
    messenger: createMessenger(config, database.db, app.log, now),
    instruments: markets.instruments,
    market: markets.market,
    exchange: markets.exchange,
    conditionalOrders: markets.conditionalOrders,
    bus: markets.bus,
    prices: markets.prices,
    feedControl: { pauseSimulator: (symbol) => markets.simulator?.pause(symbol) },
    scheduler: new Scheduler(now, app.log),
    devClock,
  };
  ctx.scheduler.add(purgeExpiredKeysJob(ctx.sqlite));
  const demoSeeded = config.production ? false : await seedDemoUser(ctx);

  // First: it hooks every route added after it, errors included. Answers only: request bodies are never inflated (a zip bomb would dodge the body limit).
  await app.register(compress, { threshold: COMPRESS_MIN_BYTES, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(formbody);
  // After body parsing, so a refusal can answer in the language the body asked for.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'OpenBourse API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: {"type":"ok","message":<payload>} on success, {"type":"error","message":"<localized>"} for a business error (HTTP 200), type "999" when the session is missing or invalid, type "998" when identity verification is needed first. POST bodies are form-encoded (JSON accepted); every call may carry `lang` (zh, hk, en, jp, kor, th, fra, spa, may, vi). Calls that place orders or move money take an optional `client_oid` (idempotency key, 1-36 characters of A-Z a-z 0-9 _ -): the same user sending the same key to the same endpoint again within 24 hours gets the first result back and nothing happens a second time; another user\'s identical key is unrelated. Send a fresh key per user action and the same key when retrying it.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' }, consoleSession: { type: 'apiKey', in: 'cookie', name: 'ob_console' } } },
      security: [{ token: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installEnvelopeHandling(app, REQUEST_LIMITS);
  const guards = installAuth(app, ctx);

  await app.register(
    async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      for (const feature of FEATURES) await feature(api, { ctx, guards });
    },
    { prefix: '/api' },
  );
  await registerConsole(app, ctx);

  const hub = await registerRealtime(app, ctx);
  wireRealtime(ctx, hub);
  await registerStaticAssets(app, config, catalog);

  if (config.market.marketMaker) {
    const maker = await MarketMaker.open(ctx);
    maker.start();
    for (const instrument of ctx.instruments.all) maker.requote(instrument.symbol);
  }
  // After the market maker has quoted: a stop the feed crossed while the server was down fires into a book with liquidity.
  markets.conditionalOrders.start();
  markets.simulator?.start();
  ctx.scheduler.start();
  if (config.market.feed.startsWith('live:')) await startLiveFeed(ctx, config.market.feed.slice('live:'.length), app);
  // Registered last: candles are flushed before the database closes.
  app.addHook('onClose', async () => {
    await ctx.scheduler.stop();
    markets.simulator?.stop();
    ctx.exchange.close();
    ctx.market.stop();
    await checkpointer?.stop();
    database.close();
  });
  return { app, ctx, database, demoSeeded, markets, realtime: hub };
}
