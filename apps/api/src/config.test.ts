import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

test('defaults: embedded database under ./data, demo on, local host, OWASP argon2id', () => {
  const c = loadConfig({}, '/srv/andes');
  expect(c).toMatchObject({
    port: 8080,
    host: '127.0.0.1',
    dataDir: '/srv/andes/data',
    databaseUrl: null,
    demo: true,
    logLevel: 'info',
    session: { idleMinutes: 15, maxHours: 12, rotateMinutes: 10 },
    trustProxy: [],
    passwordHashing: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    loginRateLimitPerMinute: 20,
    secretKey: null,
    mail: { smtpUrl: null, from: 'Andes <no-reply@andes.localhost>', onboardingTo: null },
  });
  expect(c.webDist).toBe(resolve(import.meta.dirname, '../../web/dist'));
});

const KEY = Buffer.alloc(32, 7).toString('base64');

test('DATABASE_URL turns the demo off unless ANDES_DEMO says otherwise', () => {
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ANDES_SECRET_KEY: KEY }).demo).toBe(false);
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ANDES_SECRET_KEY: KEY, ANDES_DEMO: 'true' }).demo).toBe(true);
  expect(loadConfig({ ANDES_DEMO: '0' }).demo).toBe(false);
});

test('with DATABASE_URL the server refuses to start without ANDES_SECRET_KEY, saying how to make one', () => {
  expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(ConfigError);
  expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(
    /ANDES_SECRET_KEY: must be set when DATABASE_URL is set, the same in every API process \(32 random bytes in base64: openssl rand -base64 32\)/,
  );
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ANDES_SECRET_KEY: KEY }).secretKey).toBe(KEY);
});

test('ANDES_SECRET_KEY must be base64 of exactly 32 bytes', () => {
  for (const bad of [Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64'), 'not base64 at all!!', `${KEY}x`]) {
    expect(() => loadConfig({ ANDES_SECRET_KEY: bad })).toThrow(
      'ANDES_SECRET_KEY: ANDES_SECRET_KEY must be 32 random bytes in base64 (openssl rand -base64 32)',
    );
  }
});

test('SMTP_URL switches mail to SMTP and then needs MAIL_FROM; both are checked', () => {
  expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', MAIL_FROM: 'Andes <no-reply@example.com>' }).mail).toEqual({
    smtpUrl: 'smtp://user:pass@mail.example.com:587',
    from: 'Andes <no-reply@example.com>',
    onboardingTo: null,
  });
  expect(() => loadConfig({ SMTP_URL: 'smtps://mail.example.com' })).toThrow('MAIL_FROM: must be set when SMTP_URL is set');
  expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@example.com' })).toThrow(
    'SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL with a host',
  );
  expect(() => loadConfig({ MAIL_FROM: 'Andes <not an address>' })).toThrow('MAIL_FROM: MAIL_FROM must be an e-mail address');
  expect(loadConfig({ MAIL_FROM: 'ops@example.com' }).mail).toEqual({ smtpUrl: null, from: 'ops@example.com', onboardingTo: null });
});

test('ANDES_ONBOARDING_EMAIL is where account applications are announced', () => {
  expect(loadConfig({ ANDES_ONBOARDING_EMAIL: 'onboarding@example.com' }).mail.onboardingTo).toBe('onboarding@example.com');
  expect(() => loadConfig({ ANDES_ONBOARDING_EMAIL: 'onboarding' })).toThrow('ANDES_ONBOARDING_EMAIL must be an e-mail address');
});

test('values are read and relative paths resolved from the working directory', () => {
  const c = loadConfig(
    {
      PORT: '9000',
      HOST: '0.0.0.0',
      ANDES_DATA_DIR: 'var/andes',
      ANDES_WEB_DIST: '/opt/web',
      ANDES_SESSION_IDLE_MINUTES: '5',
      ANDES_SESSION_MAX_HOURS: '8',
      ANDES_SESSION_ROTATE_MINUTES: '2',
      ANDES_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1',
      LOG_LEVEL: 'debug',
      ANDES_LOGIN_RATE_LIMIT_PER_MINUTE: '200',
    },
    '/srv',
  );
  expect(c).toMatchObject({
    port: 9000,
    host: '0.0.0.0',
    dataDir: '/srv/var/andes',
    webDist: '/opt/web',
    session: { idleMinutes: 5, maxHours: 8, rotateMinutes: 2 },
    trustProxy: ['10.0.0.1', '192.168.0.0/16', '::1'],
    logLevel: 'debug',
    loginRateLimitPerMinute: 200,
  });
});

test('every bad variable is named in one error', () => {
  let error: unknown;
  try {
    loadConfig({ PORT: 'eighty', ANDES_TRUST_PROXY: '10.0.0.1,not-an-ip', DATABASE_URL: 'mysql://x', ANDES_SESSION_IDLE_MINUTES: '0' });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const msg = (error as Error).message;
  expect(msg).toContain('PORT: PORT must be a whole number');
  expect(msg).toContain('ANDES_TRUST_PROXY: ANDES_TRUST_PROXY must be a comma-separated list of IP addresses or CIDRs');
  expect(msg).toContain('DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL');
  expect(msg).toContain('ANDES_SESSION_IDLE_MINUTES: ANDES_SESSION_IDLE_MINUTES must be greater than 0');
});

test('ANDES_PUBLIC_URL is the origin of e-mailed links: default http://localhost:<PORT>, an http(s) origin without a path', () => {
  expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
  expect(loadConfig({ PORT: '9100' }).publicUrl).toBe('http://localhost:9100');
  expect(loadConfig({ ANDES_PUBLIC_URL: 'https://dash.andes.example/' }).publicUrl).toBe('https://dash.andes.example');
  expect(loadConfig({ ANDES_PUBLIC_URL: 'https://dash.andes.example:8443' }).publicUrl).toBe('https://dash.andes.example:8443');
  for (const bad of [
    'dash.andes.example',
    'ftp://dash.andes.example',
    'https://dash.andes.example/app',
    'https://u:p@dash.andes.example',
    'https://dash.andes.example/?x=1',
  ]) {
    expect(() => loadConfig({ ANDES_PUBLIC_URL: bad }), bad).toThrow(
      'ANDES_PUBLIC_URL: ANDES_PUBLIC_URL must be an http:// or https:// origin without a path',
    );
  }
});

test('files: local disk by default; S3 with ANDES_S3_BUCKET and its credentials, path style by default with an endpoint', () => {
  expect(loadConfig({}).s3).toBeNull();
  const s3 = {
    ANDES_S3_BUCKET: 'andes-files',
    ANDES_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    ANDES_S3_SECRET_ACCESS_KEY: 'wJalr/K7MDENG+bPxRfiCY',
  };
  expect(loadConfig(s3).s3).toEqual({
    bucket: 'andes-files',
    endpoint: null,
    region: 'us-east-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalr/K7MDENG+bPxRfiCY',
    forcePathStyle: false,
  });
  expect(loadConfig({ ...s3, ANDES_S3_ENDPOINT: 'http://minio.internal:9000/', ANDES_S3_REGION: 'sa-east-1' }).s3).toMatchObject({
    endpoint: 'http://minio.internal:9000',
    region: 'sa-east-1',
    forcePathStyle: true,
  });
  expect(
    loadConfig({ ...s3, ANDES_S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com', ANDES_S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
  ).toBe(false);
});

test('ANDES_S3_*: the bucket needs both credentials, the others need the bucket, and every value is checked without repeating the secret', () => {
  expect(() => loadConfig({ ANDES_S3_BUCKET: 'andes-files' })).toThrow(
    /ANDES_S3_ACCESS_KEY_ID: must be set when ANDES_S3_BUCKET is set[\s\S]*ANDES_S3_SECRET_ACCESS_KEY: must be set when ANDES_S3_BUCKET is set/,
  );
  expect(() => loadConfig({ ANDES_S3_ENDPOINT: 'http://minio:9000', ANDES_S3_REGION: 'eu-west-1' })).toThrow(
    'ANDES_S3_BUCKET: must be set when ANDES_S3_ENDPOINT, ANDES_S3_REGION are set',
  );
  const base = { ANDES_S3_BUCKET: 'andes-files', ANDES_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', ANDES_S3_SECRET_ACCESS_KEY: 'secret' };
  expect(() => loadConfig({ ...base, ANDES_S3_BUCKET: 'Andes_Files' })).toThrow('ANDES_S3_BUCKET: ANDES_S3_BUCKET must be a bucket name');
  expect(() => loadConfig({ ...base, ANDES_S3_ENDPOINT: 'minio:9000' })).toThrow(
    'ANDES_S3_ENDPOINT: ANDES_S3_ENDPOINT must be an http:// or https:// URL',
  );
  expect(() => loadConfig({ ...base, ANDES_S3_ENDPOINT: 'https://key:secret@minio' })).toThrow('ANDES_S3_ENDPOINT must be');
  expect(() => loadConfig({ ...base, ANDES_S3_REGION: 'EU West' })).toThrow('ANDES_S3_REGION: ANDES_S3_REGION must be a region name');
  expect(() => loadConfig({ ...base, ANDES_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow('ANDES_S3_FORCE_PATH_STYLE: must be true or false');
  let error: unknown;
  try {
    loadConfig({ ...base, ANDES_S3_SECRET_ACCESS_KEY: 'has a space-in-the-secret' });
  } catch (e) {
    error = e;
  }
  expect((error as Error).message).toContain(
    'ANDES_S3_SECRET_ACCESS_KEY: ANDES_S3_SECRET_ACCESS_KEY must be 1 to 256 printable characters',
  );
  expect((error as Error).message).not.toContain('space-in-the-secret');
});

test('ANDES_DIRECT_EXPORT_MAX_ROWS: 50,000 rows by default, a whole number from 1 to 1,000,000', () => {
  expect(loadConfig({}).downloads).toEqual({ directExportMaxRows: 50_000 });
  expect(loadConfig({ ANDES_DIRECT_EXPORT_MAX_ROWS: '2000' }).downloads.directExportMaxRows).toBe(2_000);
  for (const bad of ['0', '1000001', '2e3', 'many']) {
    expect(() => loadConfig({ ANDES_DIRECT_EXPORT_MAX_ROWS: bad })).toThrow(/ANDES_DIRECT_EXPORT_MAX_ROWS/);
  }
});

test('ANDES_STATEMENT_DIRECT_MAX_ROWS: 50,000 statement lines by default, a whole number from 1 to 1,000,000', () => {
  expect(loadConfig({}).finance).toEqual({ statementDirectMaxRows: 50_000 });
  expect(loadConfig({ ANDES_STATEMENT_DIRECT_MAX_ROWS: '20' }).finance.statementDirectMaxRows).toBe(20);
  for (const bad of ['0', '1000001', '2e3', 'many']) {
    expect(() => loadConfig({ ANDES_STATEMENT_DIRECT_MAX_ROWS: bad })).toThrow(/ANDES_STATEMENT_DIRECT_MAX_ROWS/);
  }
});
