import { resolve } from 'node:path';
import { z } from 'zod';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  NODE_ENV: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OpenBourse <no-reply@openbourse.test>'),
  LOG_LEVEL: z.string().optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  production: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Only behind a reverse proxy may X-Forwarded-For name the client; otherwise anyone could dodge IP rate limits. */
  trustProxy: boolean;
  repoRoot: string;
  seedDataDir: string;
  webDistDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.parse(environment);
  const production = parsed.NODE_ENV === 'production';
  const smtpUrl = parsed.SMTP_URL?.trim() || undefined;
  if (production && !smtpUrl) {
    throw new ConfigError('NODE_ENV=production needs SMTP_URL: production mode never writes codes to a dev outbox.');
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR ?? resolve(REPO_ROOT, 'var')),
    production,
    smtpUrl,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL ?? 'info',
    trustProxy: parsed.TRUST_PROXY === '1' || parsed.TRUST_PROXY === 'true',
    repoRoot: REPO_ROOT,
    seedDataDir: resolve(REPO_ROOT, 'data'),
    webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
  };
}
