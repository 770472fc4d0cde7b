import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, deploymentProblems, parseConfig, REPOSITORY_ROOT } from './config';

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = parseConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.logLevel).toBe('info');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(REPOSITORY_ROOT, 'data'));
    expect(config.serveWeb).toBe(false);
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(config.accessTokenTtlSeconds).toBe(300);
    expect(config.rateLimitMax).toBe(300);
    expect(config.trustProxy).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.sentry).toEqual({ dsn: null, environment: 'development', tracesSampleRate: 0.1 });
    expect(config.mailFrom).toBe('Lombard <no-reply@lombard.test>');
  });

  it('derives production behaviour and the public URL from other values', () => {
    const config = parseConfig({ NODE_ENV: 'production', PORT: '8080' });
    expect(config.isProduction).toBe(true);
    expect(config.serveWeb).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.sentry.environment).toBe('production');
    expect(parseConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('serves the API documentation in development and tests, in production only when asked', () => {
    expect(parseConfig({}).apiDocs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(parseConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('reads booleans, numbers and paths', () => {
    const config = parseConfig({
      SERVE_WEB: 'true',
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      SENTRY_TRACES_SAMPLE_RATE: '0.25',
      WEB_DIST: 'some/dist',
      DATABASE_URL: 'postgres://u@db:5432/lombard',
    });
    expect(config.serveWeb).toBe(true);
    expect(config.trustProxy).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.sentry.tracesSampleRate).toBe(0.25);
    expect(config.webDist).toBe(path.resolve('some/dist'));
    expect(config.databaseUrl).toBe('postgres://u@db:5432/lombard');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://root@localhost/lombard' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SENTRY_TRACES_SAMPLE_RATE: '2' }, 'SENTRY_TRACES_SAMPLE_RATE'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
  ])('rejects %o with a message naming %s', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toContain(`  ${name}: `);
    }
  });

  it('takes a relative DATA_DIR from the repository root, wherever the process was started', () => {
    // The repository root holds the workspace list; apps/api (where npm runs the API's scripts) does not.
    expect(existsSync(path.join(REPOSITORY_ROOT, 'apps', 'api', 'package.json'))).toBe(true);
    expect(parseConfig({}).dataDir).toBe(path.join(REPOSITORY_ROOT, 'data'));
    expect(parseConfig({ DATA_DIR: 'var/lombard' }).dataDir).toBe(path.join(REPOSITORY_ROOT, 'var', 'lombard'));
    expect(parseConfig({ DATA_DIR: '/srv/lombard' }).dataDir).toBe(path.resolve('/srv/lombard'));
    const started = process.cwd();
    try {
      process.chdir(path.join(REPOSITORY_ROOT, 'apps', 'api'));
      expect(parseConfig({}).dataDir).toBe(path.join(REPOSITORY_ROOT, 'data'));
    } finally {
      process.chdir(started);
    }
  });

  it('seeds demo data on the embedded database only, unless SEED_DEMO says otherwise', () => {
    const server = 'postgres://u@db:5432/lombard';
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ DATABASE_URL: server }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: server, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseConfig({ DATABASE_URL: server, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: server, SEED_DEMO: '' }).seedDemo).toBe(false);
  });

  it('keeps stored files in DATA_DIR without S3_URL, and reads the bucket, region and endpoint from it', () => {
    expect(parseConfig({}).objectStore).toBeNull();
    const keys = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' };
    expect(parseConfig({ S3_URL: 's3://lombard-files?region=eu-south-1', ...keys }).objectStore).toEqual({
      bucket: 'lombard-files',
      region: 'eu-south-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
    });
    const minio = parseConfig({
      S3_URL: 's3://docs.lombard?region=us-east-1&endpoint=https://minio.internal:9000/',
      AWS_SESSION_TOKEN: 'token-example',
      ...keys,
    }).objectStore;
    expect(minio).toMatchObject({
      bucket: 'docs.lombard',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
    });
    expect(minio?.credentials.sessionToken).toBe('token-example');
    const hosted = parseConfig({
      S3_URL: 's3://lombard?region=eu-south-1&endpoint=https://s3.example.com&path_style=false',
      ...keys,
    });
    expect(hosted.objectStore?.forcePathStyle).toBe(false);
  });

  it('refuses S3_URL without the AWS keys, naming them', () => {
    expect(() => parseConfig({ S3_URL: 's3://lombard?region=eu-south-1' })).toThrow(
      /AWS_ACCESS_KEY_ID: required with S3_URL[\s\S]*AWS_SECRET_ACCESS_KEY: required with S3_URL/,
    );
  });

  it.each([
    ['https://s3.amazonaws.com/lombard?region=eu-south-1', 'S3_URL: must start with s3://'],
    ['s3://Lombard_Files?region=eu-south-1', "S3_URL: 'Lombard_Files' is not a bucket name"],
    ['s3://lombard', 'S3_URL: needs region=<region>'],
    ['s3://lombard/documents?region=eu-south-1', 'S3_URL: takes no path after the bucket'],
    ['s3://key:secret@lombard?region=eu-south-1', 'S3_URL: holds no credentials'],
    ['s3://lombard?region=eu-south-1&bucket=other', "S3_URL: unknown parameter 'bucket'"],
    ['s3://lombard?region=eu-south-1&path_style=yes', 'S3_URL: path_style is true or false'],
    ['s3://lombard?region=eu-south-1&endpoint=ftp://files', 'S3_URL: endpoint must be http:// or https://'],
    [
      's3://lombard?region=eu-south-1&endpoint=https://minio/bucket',
      'S3_URL: endpoint is a scheme, host and port only',
    ],
  ])('refuses S3_URL=%s, saying what is wrong', (url, message) => {
    const env = { S3_URL: url, AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' };
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('refuses a plain-http store in production, except on this machine or a private network', () => {
    const keys = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' };
    const on = (endpoint: string) => () =>
      parseConfig({ NODE_ENV: 'production', S3_URL: `s3://lombard?region=eu-south-1&endpoint=${endpoint}`, ...keys });
    expect(on('http://minio.internal:9000')).toThrow('S3_URL: endpoint must be https:// in production');
    expect(on('http://s3.example.com:9000')).toThrow('S3_URL: endpoint must be https:// in production');
    expect(on('http://8.8.8.8:9000')).toThrow('S3_URL: endpoint must be https:// in production');
    expect(on('http://127.0.0.1:9000')().objectStore?.endpoint).toBe('http://127.0.0.1:9000');
    expect(on('http://objects:9000')().objectStore?.endpoint).toBe('http://objects:9000');
    expect(on('http://10.0.4.7:9000')().objectStore?.endpoint).toBe('http://10.0.4.7:9000');
    expect(on('https://minio.internal')().objectStore?.endpoint).toBe('https://minio.internal');
  });

  it('lists every bad value at once', () => {
    expect(() => parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT: [\s\S]*DATABASE_URL: /);
  });
});

describe('SMS', () => {
  it('writes SMS to the outbox without SMS_URL, and reads the SMSC, credentials and sender from it', () => {
    expect(parseConfig({}).smsGateway).toBeNull();
    expect(parseConfig({ SMS_URL: '' }).smsGateway).toBeNull();
    expect(parseConfig({ SMS_URL: 'smpp://lombard:p%40ss@smsc.example.net:2776?source=Lombard' }).smsGateway).toEqual({
      host: 'smsc.example.net',
      port: 2776,
      systemId: 'lombard',
      password: 'p@ss',
      source: 'Lombard',
    });
    const plain = parseConfig({ SMS_URL: 'smpp://lombard:secret@10.0.0.5' }).smsGateway;
    expect(plain).toMatchObject({ port: 2775, source: '' });
    expect(parseConfig({ SMS_URL: 'smpp://l:s@smsc?source=%2B393331234567' }).smsGateway?.source).toBe('+393331234567');
  });

  it.each([
    ['http://lombard:secret@smsc:2775', 'SMS_URL: must start with smpp://'],
    ['smpp://smsc:2775', 'SMS_URL: needs the system_id'],
    ['smpp://lombard@smsc:2775', 'SMS_URL: needs the password'],
    ['smpp://a-system-id-too-long:secret@smsc', 'SMS_URL: the system_id is at most 15 characters'],
    ['smpp://lombard:secret@smsc/path', 'SMS_URL: takes no path after the host'],
    ['smpp://lombard:secret@smsc?sender=Lombard', "SMS_URL: unknown parameter 'sender'"],
    ['smpp://lombard:secret@smsc?source=Lombard%20Bank%20SpA', 'SMS_URL: source is a name of at most 11'],
    ['not a url', 'SMS_URL: not a URL'],
  ])('refuses SMS_URL=%s, saying what is wrong', (url, message) => {
    expect(() => parseConfig({ SMS_URL: url })).toThrow(ConfigError);
    expect(() => parseConfig({ SMS_URL: url })).toThrow(message);
  });

  it('never shows the password in a refusal', () => {
    expect(() => parseConfig({ SMS_URL: 'smpp://lombard:Very-Secret@smsc/x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('Very-Secret') }),
    );
  });

  const KEY = 'ab'.repeat(32);
  it('refuses to serve on PostgreSQL without SMS_URL unless SMS_OUTBOX says the outbox is intended', () => {
    const server = 'postgres://u@db:5432/lombard';
    expect(deploymentProblems(parseConfig({}))).toEqual([]);
    const [problem] = deploymentProblems(parseConfig({ DATABASE_URL: server, AUTHENTICATOR_KEY: KEY }));
    expect(problem).toMatch(/^ {2}SMS_URL: required with DATABASE_URL .*SMS_OUTBOX=true/);
    expect(
      deploymentProblems(parseConfig({ DATABASE_URL: server, SMS_OUTBOX: 'true', AUTHENTICATOR_KEY: KEY })),
    ).toEqual([]);
    expect(
      deploymentProblems(parseConfig({ DATABASE_URL: server, SMS_URL: 'smpp://l:s@smsc', AUTHENTICATOR_KEY: KEY })),
    ).toEqual([]);
    expect(
      deploymentProblems(parseConfig({ DATABASE_URL: server, SMS_OUTBOX: 'false', AUTHENTICATOR_KEY: KEY })),
    ).toHaveLength(1);
    expect(() => parseConfig({ SMS_OUTBOX: 'yes' })).toThrow(/SMS_OUTBOX/);
  });
});

describe('the README on configuration', () => {
  it('says what SMS_URL and SMS_OUTBOX do', () => {
    const readme = readFileSync(path.join(REPOSITORY_ROOT, 'README.md'), 'utf8');
    const row = (name: string) => readme.split('\n').find((line) => line.startsWith(`| \`${name}\``));
    expect(row('SMS_URL')).toMatch(/smpp:\/\//);
    expect(row('SMS_OUTBOX')).toMatch(/DATABASE_URL/);
  });

  it('says what REDIS_URL does: the limits shared by every instance', () => {
    const readme = readFileSync(path.join(REPOSITORY_ROOT, 'README.md'), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `REDIS_URL`'));
    expect(row).not.toMatch(/not yet used/);
    expect(row).toMatch(/shared by every instance/);
  });
});

describe('Redis', () => {
  it('takes a redis:// or rediss:// REDIS_URL, none when empty, and a prefix for its keys', () => {
    expect(parseConfig({ REDIS_URL: 'redis://cache:6379/0' }).redisUrl).toBe('redis://cache:6379/0');
    expect(parseConfig({ REDIS_URL: 'rediss://cache:6380' }).redisUrl).toBe('rediss://cache:6380');
    expect(parseConfig({}).redisUrl).toBeUndefined();
    expect(parseConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(() => parseConfig({ REDIS_URL: 'cache:6379' })).toThrow(/REDIS_URL/);
    expect(parseConfig({}).redisKeyPrefix).toBe('lombard:');
    expect(parseConfig({ REDIS_KEY_PREFIX: 'staging:' }).redisKeyPrefix).toBe('staging:');
  });
});
