import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../platform/context.ts';
import { registerConsoleAssets } from './assets.ts';
import { consoleAudit } from './audit.ts';
import { consoleAuth } from './auth.ts';
import { consoleContentRoutes } from './content.ts';
import { consoleDashboard } from './dashboard.ts';
import { consoleCoupons } from './coupons.ts';
import { consoleEarnProducts } from './earn-products.ts';
import { scheduleLedgerChecks } from './ledger-checks.ts';
import { seedDemoOperator } from './operators.ts';
import { REVIEW_QUEUES } from './queues/registry.ts';
import type { ConsoleModule } from './scope.ts';
import { createConsoleGuards } from './sessions.ts';
import { consoleUsers } from './users.ts';

/** The console's areas besides the review queues, which come from their registry. */
const CONSOLE_MODULES: ConsoleModule[] = [consoleAuth, consoleDashboard, consoleUsers, consoleContentRoutes, consoleAudit, consoleEarnProducts, consoleCoupons];

/**
 * The operator console: its API under /api/console (a plugin scope of its
 * own, the only place cookies are read), its web app under /console/, the
 * scheduled ledger check, and in demo mode a demo operator.
 */
export async function registerConsole(app: FastifyInstance, ctx: AppContext): Promise<{ demoOperatorSeeded: boolean }> {
  const demoOperatorSeeded = ctx.config.production ? false : await seedDemoOperator(ctx);
  await app.register(
    async (scope) => {
      await scope.register(cookie);
      scope.decorateRequest('operator', null);
      const api = scope.withTypeProvider<ZodTypeProvider>();
      const deps = { ctx, guards: createConsoleGuards(ctx) };
      for (const module of CONSOLE_MODULES) await module(api, deps);
      for (const queue of REVIEW_QUEUES) {
        await api.register(async (queueScope) => queue.routes(queueScope.withTypeProvider<ZodTypeProvider>(), deps), { prefix: `/queues/${queue.key}` });
      }
    },
    { prefix: '/api/console' },
  );
  await registerConsoleAssets(app, ctx.config);
  const stopLedgerChecks = scheduleLedgerChecks(ctx);
  app.addHook('onClose', async () => stopLedgerChecks());
  return { demoOperatorSeeded };
}
