import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_OPERATOR } from './console/demo-operator.ts';
import { DEMO_USER } from './seed/seed.ts';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, ctx } = await buildApp(config, { checkpointInWorker: true });
  let stopping = false;
  /**
   * Stops accepting connections, answers the requests in flight (orders
   * already queued for the current group commit included), tells realtime
   * clients to reconnect, closes the database, and exits 0. A second signal
   * while stopping changes nothing; a shutdown stuck past the deadline exits 1.
   */
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info(`${signal}: stopping`);
    setTimeout(() => {
      console.error(`OpenBourse did not stop within ${SHUTDOWN_DEADLINE_MS / 1000} s of ${signal}: exiting without waiting further`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => {
        ctx.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('OpenBourse could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${config.port}`;
  ctx.log.info(`OpenBourse is up: app ${base}/h5/ · API ${base}/api · docs ${base}/api/docs · data ${config.dataDir}`);
  if (!config.production) {
    console.log(
      [
        '',
        '  OpenBourse demo mode (simulated market, dev outbox instead of email/SMS)',
        `  App:          ${base}/h5/`,
        `  Demo login:   ${DEMO_USER.email} / ${DEMO_USER.password}`,
        `  Console:      ${base}/console/  operator ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`,
        `                authenticator (TOTP) secret ${DEMO_OPERATOR.totpSecret}: add it to an authenticator app`,
        `  Dev outbox:   ${base}/api/dev/outbox?to=<email or phone>`,
        '',
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
