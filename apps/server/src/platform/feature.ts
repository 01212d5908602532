import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthGuards } from './auth.ts';
import type { AppContext } from './context.ts';

export type ApiScope = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export interface FeatureDeps {
  ctx: AppContext;
  guards: AuthGuards;
}

/** A feature registers its own routes under /api; it receives everything it needs and imports no other feature. */
export type Feature = (api: ApiScope, deps: FeatureDeps) => void | Promise<void>;
