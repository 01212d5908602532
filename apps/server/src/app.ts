import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { authFeature } from './features/auth/routes.ts';
import { contentFeature } from './features/content/routes.ts';
import { currencyFeature } from './features/currency/routes.ts';
import { devOutboxFeature } from './features/dev-outbox/routes.ts';
import { profileFeature } from './features/profile/routes.ts';
import { securityFeature } from './features/security/routes.ts';
import { uploadsFeature } from './features/uploads/routes.ts';
import { verificationFeature } from './features/verification/index.ts';
import { walletFeature } from './features/wallet/routes.ts';
import { installAuth } from './platform/auth.ts';
import { buildCatalog } from './platform/catalog.ts';
import type { AppContext } from './platform/context.ts';
import type { Feature } from './platform/feature.ts';
import { installEnvelopeHandling } from './platform/http.ts';
import { createMessenger } from './platform/messenger.ts';
import { referencePriceBook } from './platform/prices.ts';
import { loadSeedFiles } from './seed/reference-data.ts';
import { registerStaticAssets } from './static-assets.ts';
import { seedDemoUser, seedReferenceData } from './seed/seed.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const FEATURES: Feature[] = [
  authFeature,
  securityFeature,
  profileFeature,
  uploadsFeature,
  verificationFeature,
  walletFeature,
  currencyFeature,
  contentFeature,
  devOutboxFeature,
];

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  demoSeeded: boolean;
}

export interface BuildOptions {
  now?: () => number;
  logger?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase(config.dataDir);
  app.addHook('onClose', async () => database.close());
  const now = options.now ?? Date.now;
  const files = loadSeedFiles(config.seedDataDir);
  const catalog = buildCatalog(files);
  const ctx: AppContext = { config, db: database.db, sqlite: database.sqlite, catalog, prices: referencePriceBook(catalog), now, log: app.log, messenger: createMessenger(config, database.db, app.log, now) };
  seedReferenceData(database, files, catalog);
  const demoSeeded = config.production ? false : await seedDemoUser(ctx);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  // After body parsing, so a refusal can answer in the language the body asked for.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'OpenBourse API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: {"type":"ok","message":<payload>} on success, {"type":"error","message":"<localized>"} for a business error (HTTP 200), type "999" when the session is missing or invalid, type "998" when identity verification is needed first. POST bodies are form-encoded (JSON accepted); every call may carry `lang` (zh, hk, en, jp, kor, th, fra, spa, may, vi).',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installEnvelopeHandling(app, MAX_UPLOAD_BYTES / 1024 / 1024);
  const guards = installAuth(app, ctx);

  await app.register(
    async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      for (const feature of FEATURES) await feature(api, { ctx, guards });
    },
    { prefix: '/api' },
  );

  await registerStaticAssets(app, config, catalog);
  return { app, ctx, database, demoSeeded };
}
