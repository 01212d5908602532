import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_USER } from './seed/seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, ctx } = await buildApp(config);
  const shutdown = async () => {
    await app.close();
    process.exit(0);
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
