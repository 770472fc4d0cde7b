// The only reader of process.env. Parsed once with zod; a bad value stops the process with a clear message.
import path from 'node:path';
import { DEFAULT_TRACES_SAMPLE_RATE } from '@lombard/shared/constants';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.string().optional(),
  SERVE_WEB: bool,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lombard <no-reply@lombard.test>'),
  SUPPORT_EMAIL: z.string().default('support@lombard.test'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Every key the API writes to Redis starts with it: deployments (or test runs) sharing a server stay apart.
  REDIS_KEY_PREFIX: z.string().min(1).default('lombard:'),
  SENTRY_DSN: z.string().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(DEFAULT_TRACES_SAMPLE_RATE),
  MAP_TILE_URL: z.string().optional(),
  MAP_ATTRIBUTION: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: bool,
  // Unset means "decide from DATABASE_URL" (see parseConfig), so it is not folded into `bool`.
  SEED_DEMO: z.enum(['true', 'false', '1', '0', '']).optional(),
  // Unset means "decide from DATABASE_URL": simulated prices belong to the embedded demo only.
  NAV_SOURCE: z.enum(['simulated', 'manual']).optional(),
  // Unset means "decide from NODE_ENV": the API's documentation is for developers, not for production.
  API_DOCS: z.enum(['true', 'false', '1', '0', '']).optional(),
});

/**
 * The repository root, found from this file's folder (apps/api/src; the production bundle keeps that
 * folder): a relative DATA_DIR means the same place whichever directory npm runs the workspace script in.
 */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

export type Env = z.input<typeof envSchema>;

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPOSITORY_ROOT, e.DATA_DIR);
  // Demo accounts (with a published password) belong to the embedded quick start; on a PostgreSQL server,
  // which is what a real deployment uses, they are seeded only when asked for explicitly.
  const seedDemo =
    e.SEED_DEMO === undefined || e.SEED_DEMO === '' ? !e.DATABASE_URL : e.SEED_DEMO === 'true' || e.SEED_DEMO === '1';
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    isTest: e.NODE_ENV === 'test',
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    serveWeb: e.SERVE_WEB || e.NODE_ENV === 'production',
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    /** Where the limits' counters live; unset: in each instance's memory (and the sign-in throttle in the database). */
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    sentry: {
      dsn: e.SENTRY_DSN ?? null,
      environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
      tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
    },
    map: { tileUrl: e.MAP_TILE_URL ?? null, attribution: e.MAP_ATTRIBUTION ?? null },
    rateLimitMax: e.RATE_LIMIT_MAX,
    /** Per-IP requests per minute to each sign-in, registration and password-reset call. */
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    seedDemo,
    /** Where the daily NAVs come from: drawn (demo) or recorded by operators, who are told what is missing. */
    navSource: e.NAV_SOURCE ?? (e.DATABASE_URL ? 'manual' : 'simulated'),
    /** Serve the OpenAPI document and its UI at /api/docs (off in production unless asked for). */
    apiDocs:
      e.API_DOCS === undefined || e.API_DOCS === ''
        ? e.NODE_ENV !== 'production'
        : e.API_DOCS === 'true' || e.API_DOCS === '1',
  };
}

export type AppConfig = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

/** Overrides for tests and tools: merged over process.env before parsing. */
export function loadConfig(overrides: Env = {}): AppConfig {
  return parseConfig({ ...process.env, ...(overrides as Record<string, string | undefined>) });
}
