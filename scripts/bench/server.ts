/** The bench scripts' shared handling: a server of their own or `--url`, and their command-line options. */
import { parseArgs } from 'node:util';
import { type DemoServer, startDemoServer } from '../lib/demo-server.ts';

/**
 * Runs a benchmark against `--url` when given, else against a server of its
 * own (started with `environment` and `nodeArgs`), which is stopped whatever happens.
 */
export async function withServer<T>(url: string | undefined, environment: Record<string, string>, run: (url: string, server?: DemoServer) => Promise<T>, nodeArgs: string[] = []): Promise<T> {
  if (url) return run(url.replace(/\/+$/, ''));
  const server = await startDemoServer(environment, nodeArgs);
  try {
    return await run(server.url, server);
  } finally {
    await server.stop();
  }
}

/** `--url` and numeric options, with a clear refusal for anything else. */
export function benchOptions<const Names extends string>(numeric: Record<Names, number>): { url: string | undefined } & Record<Names, number> {
  const options = Object.fromEntries(Object.keys(numeric).map((name) => [name, { type: 'string' as const }]));
  const { values } = parseArgs({ options: { ...options, url: { type: 'string' } }, strict: true }) as { values: Record<string, string | undefined> };
  const parsed: Record<string, number> = {};
  for (const [name, fallback] of Object.entries<number>(numeric)) {
    const raw = values[name];
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${String(raw)}`);
    parsed[name] = value;
  }
  return { url: values.url, ...parsed } as { url: string | undefined } & Record<Names, number>;
}

/** Reports a benchmark that could not run and sets a failing exit code; figures themselves never fail. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`benchmark could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
