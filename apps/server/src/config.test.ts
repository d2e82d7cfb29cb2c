import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  type AppConfig,
  loadConfig,
  passkeyRelyingParty,
  SERVER_PACKAGE_DIR,
  trustedOrigins,
} from './config.ts';
import { tempDir } from './test/app.ts';

const data = tempDir('tenantry-config-');
afterAll(() => data.remove());

describe('configuration', () => {
  it('has working defaults and keeps a generated auth secret in DATA_DIR (0600)', () => {
    const config = loadConfig({ DATA_DIR: data.dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: data.dir,
      databaseUrl: undefined,
      appEnv: 'production',
      publicUrl: 'http://localhost:3000',
      smtpFrom: 'Tenantry <no-reply@tenantry.local>',
      systemAdminEmails: [],
      benchCeilingRoute: false,
      demoData: true,
      webDist: path.resolve(SERVER_PACKAGE_DIR, '../web/dist'),
    });
    const file = path.join(data.dir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(config.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The same secret on the next start.
    expect(loadConfig({ DATA_DIR: data.dir }).authSecret).toBe(config.authSecret);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: data.dir,
      APP_ENV: 'test',
      PUBLIC_URL: 'https://app.example.com/',
      SYSTEM_ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com',
      AUTH_SECRET: 'x'.repeat(40),
      BENCH_CEILING_ROUTE: 'true',
      DEMO_DATA: 'false',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config).toMatchObject({
      port: 8080,
      appEnv: 'test',
      publicUrl: 'https://app.example.com',
      systemAdminEmails: ['boss@example.com', 'ops@example.com'],
      authSecret: 'x'.repeat(40),
      benchCeilingRoute: true,
      demoData: false,
      databaseUrl: 'postgres://u@h/db',
    });
  });

  it('fails fast with every bad variable named', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: data.dir,
        PORT: 'eighty',
        APP_ENV: 'staging',
        DATABASE_URL: 'mysql://x',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*APP_ENV|PORT[\s\S]*APP_ENV/);
  });
});

describe('metrics and draining', () => {
  const token = 'm'.repeat(32);

  it('keeps /metrics off by default, and drains for 10 s without a delay', () => {
    expect(loadConfig({ DATA_DIR: data.dir })).toMatchObject({
      metrics: undefined,
      drainTimeoutMs: 10_000,
      drainDelayMs: 0,
    });
  });

  it('turns /metrics on with a token, a port of its own (127.0.0.1 unless told), or both', () => {
    const base = { DATA_DIR: data.dir };
    expect(loadConfig({ ...base, METRICS_TOKEN: token }).metrics).toEqual({
      token,
      port: undefined,
      host: '127.0.0.1',
    });
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(
      loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token })
        .metrics,
    ).toEqual({ token, port: 9464, host: '10.0.0.5' });
    expect(
      loadConfig({ ...base, DRAIN_TIMEOUT_MS: '30000', DRAIN_DELAY_MS: '5000' }),
    ).toMatchObject({ drainTimeoutMs: 30_000, drainDelayMs: 5_000 });
  });

  it('names what is wrong with the metrics settings', () => {
    const base = { DATA_DIR: data.dir };
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be at least 32 characters/],
      [{ METRICS_TOKEN: `${token} x` }, /METRICS_TOKEN: must be printable ASCII/],
      [{ METRICS_PORT: 'ninety' }, /METRICS_PORT: must be a port number/],
      [{ METRICS_PORT: '70000' }, /METRICS_PORT: must be a port number/],
      [{ METRICS_HOST: '0.0.0.0' }, /METRICS_HOST: only used with METRICS_PORT/],
      [{ METRICS_PORT: '3000' }, /METRICS_PORT: must differ from PORT/],
      [{ DRAIN_TIMEOUT_MS: '-1' }, /DRAIN_TIMEOUT_MS/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    }
  });
});

describe('file storage configuration', () => {
  const base = { DATA_DIR: '', AUTH_SECRET: 'x'.repeat(40) };
  const load = (env: Record<string, string>) => loadConfig({ ...base, DATA_DIR: data.dir, ...env });

  it('keeps files in PostgreSQL unless STORAGE_DRIVER says s3', () => {
    expect(load({}).storage).toEqual({ driver: 'postgres' });
    expect(load({ STORAGE_DRIVER: 'postgres', S3_BUCKET: '' }).storage).toEqual({
      driver: 'postgres',
    });
  });

  it('reads an S3-compatible bucket: endpoint, path style, static keys, key prefix', () => {
    expect(
      load({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'tenantry-files',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_KEY_PREFIX: 'prod',
      }).storage,
    ).toEqual({
      driver: 's3',
      s3: {
        bucket: 'tenantry-files',
        region: 'auto',
        endpoint: 'https://acc.r2.cloudflarestorage.com',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
        keyPrefix: 'prod/',
      },
    });
  });

  it('uses the default AWS credential chain when no keys are given', () => {
    const storage = load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_REGION: 'eu-west-1' })
      .storage as Extract<AppConfig['storage'], { driver: 's3' }>;
    expect(storage.s3.credentials).toBeUndefined();
    expect(storage.s3).toMatchObject({ forcePathStyle: false, keyPrefix: '', endpoint: undefined });
  });

  it.each([
    [
      { STORAGE_DRIVER: 's3' },
      /S3_BUCKET: required when STORAGE_DRIVER=s3[\s\S]*S3_REGION: required/,
    ],
    [{ STORAGE_DRIVER: 'disk' }, /STORAGE_DRIVER/],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'My_Bucket', S3_REGION: 'x' },
      /S3_BUCKET: must be a bucket name/,
    ],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'ok-bucket', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'a' },
      /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    ],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'ok-bucket', S3_REGION: 'x', S3_ENDPOINT: 'ftp://x' },
      /S3_ENDPOINT/,
    ],
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'ok-bucket', S3_REGION: 'x', S3_KEY_PREFIX: '../up' },
      /S3_KEY_PREFIX: must be segments/,
    ],
    [{ S3_BUCKET: 'ok-bucket' }, /S3_BUCKET: set, but STORAGE_DRIVER is postgres/],
  ] as Array<[Record<string, string>, RegExp]>)(
    'refuses %j with a clear message',
    (env, message) => {
      expect(() => load(env)).toThrow(ConfigError);
      expect(() => load(env)).toThrow(message);
    },
  );
});

describe('trusted origins', () => {
  it('is PUBLIC_URL’s origin, plus loopback spellings only when it is a loopback name', () => {
    expect(trustedOrigins('https://app.example.com/base')).toEqual(['https://app.example.com']);
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(trustedOrigins('http://127.0.0.1:4310')).toEqual([
      'http://localhost:4310',
      'http://127.0.0.1:4310',
      'http://[::1]:4310',
    ]);
  });

  it('names passkeys’ relying party by host name, localhost for a loopback address', () => {
    expect(passkeyRelyingParty('https://app.example.com/base')).toEqual({
      rpID: 'app.example.com',
      origins: ['https://app.example.com'],
    });
    expect(passkeyRelyingParty('http://127.0.0.1:4310').rpID).toBe('localhost');
  });
});
