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
  // Passkeys (WebAuthn): the site's domain the credentials belong to, and the origin their answers must
  // come from. Unset: the host and origin of the public URL (localhost in development and tests).
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'WEBAUTHN_RP_ID must be a domain name')
    .optional(),
  WEBAUTHN_ORIGIN: z.url().optional(),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.string().optional(),
  SERVE_WEB: bool,
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  // The key sealing authenticator apps' TOTP secrets in the database (AES-256-GCM): 32 bytes as 64 hex
  // digits (`openssl rand -hex 32`). Required with DATABASE_URL; the embedded database keeps one made once
  // in DATA_DIR/keys.
  AUTHENTICATOR_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'AUTHENTICATOR_KEY must be 64 hex digits (32 bytes): openssl rand -hex 32')
      .optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  SMTP_URL: z.string().optional(),
  // SMS over SMPP 3.4; parsed by `smsGatewayOf`. Without it SMS go to DATA_DIR/outbox, which a deployment
  // on PostgreSQL must ask for with SMS_OUTBOX (see `deploymentProblems`).
  SMS_URL: z.string().optional(),
  SMS_OUTBOX: bool,
  MAIL_FROM: z.string().default('Lombard <no-reply@lombard.test>'),
  SUPPORT_EMAIL: z.string().default('support@lombard.test'),
  // Stored files in an S3-compatible bucket instead of DATA_DIR/files; parsed by `objectStoreOf`.
  S3_URL: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
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
  const objectStore = objectStoreOf(e);
  const smsGateway = smsGatewayOf(e);
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
    /** The relying party of passkeys: its name shown by the browser, its domain, the origin it accepts. */
    webauthn: {
      rpName: 'Lombard',
      rpId: e.WEBAUTHN_RP_ID ?? new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).hostname,
      origin: e.WEBAUTHN_ORIGIN ?? new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    },
    databaseUrl: e.DATABASE_URL,
    dataDir,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    serveWeb: e.SERVE_WEB || e.NODE_ENV === 'production',
    jwtSecret: e.JWT_SECRET,
    /** Seals the TOTP secrets at rest (AUTHENTICATOR_KEY), or null: see `authenticatorKeyFile`. */
    authenticatorKey: e.AUTHENTICATOR_KEY ? Buffer.from(e.AUTHENTICATOR_KEY, 'hex') : null,
    /**
     * Without AUTHENTICATOR_KEY, the embedded database's key, made once in this file when the app starts
     * (modules/authenticator/secret-key.ts); null on PostgreSQL, which must be given the key.
     */
    authenticatorKeyFile:
      e.AUTHENTICATOR_KEY || e.DATABASE_URL ? null : path.join(dataDir, 'keys', 'authenticator.key'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    smtpUrl: e.SMTP_URL || undefined,
    /** The SMSC that SMS go to (SMS_URL), or null: they are written to DATA_DIR/outbox. */
    smsGateway,
    /** SMS_OUTBOX: the outbox folder is where SMS are meant to go, even on PostgreSQL. */
    smsOutbox: e.SMS_OUTBOX,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    /** Where the limits' counters live; unset: in each instance's memory (and the sign-in throttle in the database). */
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    /** Where stored files live when not in DATA_DIR/files: an S3-compatible bucket (S3_URL), or null. */
    objectStore,
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

export interface ObjectStoreConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph…); unset means AWS S3 itself, found from the region. */
  endpoint: string | undefined;
  /** Addresses the bucket in the path (`endpoint/bucket/key`) rather than the host name. */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_NAME = /^[a-z0-9-]{1,40}$/;
const S3_URL_PARAMETERS = new Set(['region', 'endpoint', 'path_style']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * S3_URL is `s3://<bucket>?region=<region>[&endpoint=<http(s) address>][&path_style=true|false]`; the
 * credentials come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary
 * ones), never from the URL, so the URL can be shown in logs and tickets. Every part is checked here, so
 * a typo stops the start instead of failing the first upload.
 */
function objectStoreOf(e: z.infer<typeof envSchema>): ObjectStoreConfig | null {
  if (e.S3_URL === undefined || e.S3_URL === '') return null;
  const problems: string[] = [];
  const fail = (message: string) => problems.push(`  S3_URL: ${message}`);
  let url: URL | null = null;
  try {
    url = new URL(e.S3_URL);
  } catch {
    fail('not a URL; expected s3://<bucket>?region=<region>');
  }
  let endpoint: string | undefined;
  if (url) {
    if (url.protocol !== 's3:') fail('must start with s3://');
    if (url.username || url.password) fail('holds no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    if (!BUCKET_NAME.test(url.hostname) || url.port) fail(`'${url.hostname}' is not a bucket name`);
    if (url.pathname !== '' && url.pathname !== '/') fail('takes no path after the bucket');
    for (const name of url.searchParams.keys())
      if (!S3_URL_PARAMETERS.has(name)) fail(`unknown parameter '${name}' (region, endpoint, path_style)`);
    if (!REGION_NAME.test(url.searchParams.get('region') ?? '')) fail('needs region=<region>, e.g. region=eu-south-1');
    const pathStyle = url.searchParams.get('path_style');
    if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') fail('path_style is true or false');
    endpoint = url.searchParams.get('endpoint') ?? undefined;
    if (endpoint !== undefined) {
      const problem = endpointProblem(endpoint, e.NODE_ENV === 'production');
      if (problem) fail(problem);
    }
  }
  if (!e.AWS_ACCESS_KEY_ID) problems.push('  AWS_ACCESS_KEY_ID: required with S3_URL');
  if (!e.AWS_SECRET_ACCESS_KEY) problems.push('  AWS_SECRET_ACCESS_KEY: required with S3_URL');
  if (problems.length > 0 || !url) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const pathStyle = url.searchParams.get('path_style');
  return {
    bucket: url.hostname,
    region: url.searchParams.get('region')!,
    endpoint: endpoint === undefined ? undefined : new URL(endpoint).origin,
    // S3-compatible servers are mostly reached by address, where a bucket cannot be a host name.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials: {
      accessKeyId: e.AWS_ACCESS_KEY_ID!,
      secretAccessKey: e.AWS_SECRET_ACCESS_KEY!,
      ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
    },
  };
}

/**
 * This machine, a private address (10/8, 172.16/12, 192.168/16) or a single-label name (a service of the
 * deployment's own network, as in deploy/compose.yaml): traffic that never crosses a public network.
 */
function onPrivateNetwork(hostname: string): boolean {
  if (LOOPBACK_HOSTS.has(hostname)) return true;
  if (/^[a-z0-9-]+$/i.test(hostname) && !/^\d+$/.test(hostname)) return true;
  const octets = hostname.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return false;
  const [a, b] = octets as [number, number, number, number];
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** Why an endpoint is refused, or null: an origin only, and in production identity documents never in clear. */
function endpointProblem(endpoint: string, production: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(endpoint);
  } catch {
    return `endpoint '${endpoint}' is not an address`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'endpoint must be http:// or https://';
  if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search || parsed.username)
    return 'endpoint is a scheme, host and port only';
  if (production && parsed.protocol === 'http:' && !onPrivateNetwork(parsed.hostname))
    return 'endpoint must be https:// in production (plain http only on this machine or a private network)';
  return null;
}

export interface SmsGatewayConfig {
  host: string;
  port: number;
  /** SMPP system_id and password (bind_transceiver). */
  systemId: string;
  password: string;
  /** The sender shown on the phone (source_addr), or empty: the SMSC's own. */
  source: string;
}

const SMPP_DEFAULT_PORT = 2775;
const SMS_URL_PARAMETERS = new Set(['source']);
/** SMPP 3.4 §5.2: system_id is at most 15 characters; an alphanumeric sender at most 11 (GSM 03.40). */
const SYSTEM_ID_MAX = 15;
const ALPHANUMERIC_SENDER = /^[A-Za-z0-9 .-]{1,11}$/;
const NUMERIC_SENDER = /^\+?[0-9]{3,20}$/;

/**
 * SMS_URL is `smpp://<system_id>:<password>@<host>[:<port>][?source=<sender>]` (port 2775 unless given;
 * the password URL-encoded). Checked here, so that a typo stops the start instead of the first code.
 */
function smsGatewayOf(e: z.infer<typeof envSchema>): SmsGatewayConfig | null {
  if (e.SMS_URL === undefined || e.SMS_URL === '') return null;
  const problems: string[] = [];
  const fail = (message: string) => problems.push(`  SMS_URL: ${message}`);
  let url: URL | null = null;
  try {
    url = new URL(e.SMS_URL);
  } catch {
    fail('not a URL; expected smpp://<system_id>:<password>@<host>:<port>');
  }
  if (url) {
    if (url.protocol !== 'smpp:') fail('must start with smpp://');
    if (!url.hostname) fail('needs a host');
    if (!url.username) fail('needs the system_id: smpp://<system_id>:<password>@<host>');
    else if (decodeURIComponent(url.username).length > SYSTEM_ID_MAX)
      fail(`the system_id is at most ${SYSTEM_ID_MAX} characters`);
    if (!url.password) fail('needs the password: smpp://<system_id>:<password>@<host>');
    if (url.pathname !== '' && url.pathname !== '/') fail('takes no path after the host');
    for (const name of url.searchParams.keys())
      if (!SMS_URL_PARAMETERS.has(name)) fail(`unknown parameter '${name}' (source)`);
    const source = url.searchParams.get('source');
    if (source !== null && !ALPHANUMERIC_SENDER.test(source) && !NUMERIC_SENDER.test(source))
      fail('source is a name of at most 11 letters and digits, or a phone number');
  }
  if (problems.length > 0 || !url) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : SMPP_DEFAULT_PORT,
    systemId: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    source: url.searchParams.get('source') ?? '',
  };
}

/**
 * What stops a server from starting although every value parses: on PostgreSQL (a real deployment) the
 * customers' one-time codes must reach their phones, so SMS go to an SMSC unless SMS_OUTBOX says the
 * outbox folder is intended (a staging copy, a demo). Checked by server.ts only: the command-line tools
 * send nothing.
 */
export function deploymentProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  if (config.databaseUrl && !config.smsGateway && !config.smsOutbox) {
    problems.push(
      '  SMS_URL: required with DATABASE_URL (smpp://<system_id>:<password>@<host>:<port>); set SMS_OUTBOX=true if SMS are meant to be written to DATA_DIR/outbox instead',
    );
  }
  if (!config.authenticatorKey && !config.authenticatorKeyFile) {
    problems.push(
      "  AUTHENTICATOR_KEY: required with DATABASE_URL (64 hex digits, e.g. `openssl rand -hex 32`): it seals the authenticator apps' secrets in the database; keep it apart from the database backups, the same on every instance",
    );
  }
  return problems;
}

export class ConfigError extends Error {}

/** Overrides for tests and tools: merged over process.env before parsing. */
export function loadConfig(overrides: Env = {}): AppConfig {
  return parseConfig({ ...process.env, ...(overrides as Record<string, string | undefined>) });
}
