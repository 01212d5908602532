import type { AppContext } from '../platform/context.ts';
import type { ApiScope } from '../platform/feature.ts';
import type { ConsoleGuards } from './sessions.ts';

export interface ConsoleDeps {
  ctx: AppContext;
  guards: ConsoleGuards;
}

/** One console area (auth, dashboard, a queue, users, content, audit): its routes under /api/console. */
export type ConsoleModule = (api: ApiScope, deps: ConsoleDeps) => void | Promise<void>;

/** OpenAPI: every console route is under the `console` tag and authenticated by the console cookie, never the user token. */
export function consoleDoc<T extends Record<string, unknown>>(summary: string, schema: T = {} as T) {
  return { tags: ['console'], summary, security: [{ consoleSession: [] }], ...schema };
}
