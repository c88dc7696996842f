import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIRECT_EXPORT_MAX_ROWS } from '@andes/contract/download-center/enums';
import { STATEMENT_DIRECT_MAX_ROWS } from '@andes/contract/finance/enums';
import { z } from 'zod';

/** Repository root, resolved from this file (apps/api/src/config.ts). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** argon2id cost parameters. Production defaults are OWASP's: m=19456 KiB, t=2, p=1. */
export interface PasswordHashingOptions {
  /** Memory in KiB. */
  memoryCost: number;
  /** Iterations. */
  timeCost: number;
  parallelism: number;
}

/**
 * S3-compatible object storage for files (ANDES_S3_*, docs/decisions/0019). The secret is kept
 * only here and in the store's signing client; logs scrub any key named like a secret.
 */
export interface S3Config {
  bucket: string;
  /** `https://host[:port]` of an S3-compatible service; null: AWS S3 of the region. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO, Ceph, s3rver…). */
  forcePathStyle: boolean;
}

export const DEFAULT_PASSWORD_HASHING: PasswordHashingOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and local files. */
  dataDir: string;
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl: string | null;
  /** Seed the demo merchants and users into an empty database. */
  demo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** The built web app; served only if the folder exists. */
  webDist: string;
  session: {
    idleMinutes: number;
    maxHours: number;
    rotateMinutes: number;
  };
  /** Proxy addresses / CIDRs whose X-Forwarded-For is believed. Empty: none. */
  trustProxy: string[];
  passwordHashing: PasswordHashingOptions;
  /** Sign-in calls allowed per client address per minute (ANDES_LOGIN_RATE_LIMIT_PER_MINUTE, default 20). */
  loginRateLimitPerMinute: number;
  /**
   * Key of the secrets stored at rest (TOTP secrets), base64 of 32 bytes (ANDES_SECRET_KEY). Null in
   * the embedded set-up, which keeps a generated key in `<dataDir>/secret.key`; required with DATABASE_URL.
   */
  secretKey: string | null;
  mail: {
    /** `smtp://user:pass@host:587` or `smtps://…` (SMTP_URL); null: messages go to the local outbox only. */
    smtpUrl: string | null;
    /** Sender of every message (MAIL_FROM). */
    from: string;
    /** Where the provider's onboarding team hears of account applications (ANDES_ONBOARDING_EMAIL); null: nobody. */
    onboardingTo?: string | null;
  };
  /**
   * Origin the dashboard is reached at by its users (ANDES_PUBLIC_URL), without a trailing slash:
   * the links e-mails carry (password reset) start with it. Default `http://localhost:<PORT>`.
   */
  publicUrl: string;
  platform: {
    /**
     * Service token of the payment platform for `/internal/v1` (ANDES_PLATFORM_TOKEN, at least 32
     * characters). Only its SHA-256 is stored. Null: the embedded set-up generates one and keeps it
     * in `<dataDir>/platform-token` (mode 0600) for the simulator; with DATABASE_URL the ingestion
     * API then has no token and refuses every call.
     */
    token: string | null;
    /** Run the built-in simulator in this process (ANDES_SIMULATOR; default: on in demo mode). */
    simulator: boolean;
    /** Events per second the built-in simulator aims at (ANDES_SIMULATOR_RATE, default 2). */
    simulatorRate: number;
    /** Transactions of history the demo seed creates (ANDES_DEMO_HISTORY, default 120000; 0: none). */
    demoHistory: number;
  };
  /** Run background jobs (settlement releases, clean-ups) in this process (ANDES_JOBS, default on). */
  jobs: boolean;
  /** Object storage of files when ANDES_S3_BUCKET is set; null: local disk under `<dataDir>/files`. */
  s3: S3Config | null;
  downloads: {
    /**
     * A transaction export of more rows than this goes through the download center
     * (ANDES_DIRECT_EXPORT_MAX_ROWS, default DIRECT_EXPORT_MAX_ROWS = 50,000; at most 1,000,000).
     */
    directExportMaxRows: number;
  };
  finance: {
    /**
     * A statement download of more lines than this goes through the download center
     * (ANDES_STATEMENT_DIRECT_MAX_ROWS, default STATEMENT_DIRECT_MAX_ROWS = 50,000; at most 1,000,000).
     */
    statementDirectMaxRows: number;
  };
}

/** Sender when MAIL_FROM is not set (embedded outbox only: SMTP needs a real one). */
export const DEFAULT_MAIL_FROM = 'Andes <no-reply@andes.localhost>';
/** Bytes of ANDES_SECRET_KEY. */
export const SECRET_KEY_BYTES = 32;

/** True when `value` is standard base64 of exactly SECRET_KEY_BYTES bytes. */
export function isSecretKeyText(value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return false;
  return Buffer.from(value, 'base64').length === SECRET_KEY_BYTES;
}

const boolText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${name} must be greater than 0`);

function isAddressOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

const EnvSchema = z.object({
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'PORT must be a whole number')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65_535, 'PORT must be between 0 and 65535')
    .optional(),
  HOST: z.string().trim().min(1, 'HOST must not be empty').optional(),
  ANDES_DATA_DIR: z.string().trim().min(1, 'ANDES_DATA_DIR must not be empty').optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  ANDES_DEMO: boolText.optional(),
  ANDES_PLATFORM_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._~+/=-]{32,256}$/, 'ANDES_PLATFORM_TOKEN must be 32 to 256 characters of letters, digits or ._~+/=-')
    .optional(),
  ANDES_SIMULATOR: boolText.optional(),
  ANDES_SIMULATOR_RATE: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'ANDES_SIMULATOR_RATE must be a number of events per second')
    .transform(Number)
    .refine((n) => n > 0 && n <= 1000, 'ANDES_SIMULATOR_RATE must be above 0 and at most 1000')
    .optional(),
  ANDES_DEMO_HISTORY: z
    .string()
    .trim()
    .regex(/^\d+$/, 'ANDES_DEMO_HISTORY must be a whole number of transactions')
    .transform(Number)
    .refine((n) => n <= 5_000_000, 'ANDES_DEMO_HISTORY must be at most 5000000')
    .optional(),
  ANDES_JOBS: boolText.optional(),
  ANDES_DIRECT_EXPORT_MAX_ROWS: positiveInt('ANDES_DIRECT_EXPORT_MAX_ROWS')
    .refine((n) => n <= 1_000_000, 'ANDES_DIRECT_EXPORT_MAX_ROWS must be at most 1000000')
    .optional(),
  ANDES_STATEMENT_DIRECT_MAX_ROWS: positiveInt('ANDES_STATEMENT_DIRECT_MAX_ROWS')
    .refine((n) => n <= 1_000_000, 'ANDES_STATEMENT_DIRECT_MAX_ROWS must be at most 1000000')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ANDES_WEB_DIST: z.string().trim().min(1, 'ANDES_WEB_DIST must not be empty').optional(),
  ANDES_SESSION_IDLE_MINUTES: positiveInt('ANDES_SESSION_IDLE_MINUTES').optional(),
  ANDES_SESSION_MAX_HOURS: positiveInt('ANDES_SESSION_MAX_HOURS').optional(),
  ANDES_SESSION_ROTATE_MINUTES: positiveInt('ANDES_SESSION_ROTATE_MINUTES').optional(),
  ANDES_LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt('ANDES_LOGIN_RATE_LIMIT_PER_MINUTE').optional(),
  ANDES_TRUST_PROXY: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .refine((list) => list.every(isAddressOrCidr), 'ANDES_TRUST_PROXY must be a comma-separated list of IP addresses or CIDRs')
    .optional(),
  ANDES_SECRET_KEY: z
    .string()
    .trim()
    .refine(
      isSecretKeyText,
      `ANDES_SECRET_KEY must be ${SECRET_KEY_BYTES} random bytes in base64 (openssl rand -base64 ${SECRET_KEY_BYTES})`,
    )
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine(isSmtpUrl, 'SMTP_URL must be an smtp:// or smtps:// URL with a host, like smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(isMailbox, 'MAIL_FROM must be an e-mail address, optionally with a name: Andes <no-reply@example.com>')
    .optional(),
  ANDES_PUBLIC_URL: z
    .string()
    .trim()
    .refine(isPublicOrigin, 'ANDES_PUBLIC_URL must be an http:// or https:// origin without a path, like https://dashboard.example.com')
    .optional(),
  ANDES_ONBOARDING_EMAIL: z
    .string()
    .trim()
    .refine((v) => MAILBOX.test(v), 'ANDES_ONBOARDING_EMAIL must be an e-mail address, like onboarding@example.com')
    .optional(),
  ANDES_S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'ANDES_S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  ANDES_S3_ENDPOINT: z
    .string()
    .trim()
    .refine(
      isServiceUrl,
      'ANDES_S3_ENDPOINT must be an http:// or https:// URL without credentials, query or fragment, like https://minio.example.com:9000',
    )
    .optional(),
  ANDES_S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,32}$/, 'ANDES_S3_REGION must be a region name of lowercase letters, digits and hyphens, like eu-west-1 (R2: auto)')
    .optional(),
  ANDES_S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,256}$/, 'ANDES_S3_ACCESS_KEY_ID must be 1 to 256 printable characters without spaces')
    .optional(),
  // The message never repeats the value.
  ANDES_S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,256}$/, 'ANDES_S3_SECRET_ACCESS_KEY must be 1 to 256 printable characters without spaces')
    .optional(),
  ANDES_S3_FORCE_PATH_STYLE: boolText.optional(),
});

const ADDRESS = '[^\\s<>@",;]+@[^\\s<>@",;]+\\.[^\\s<>@",;]+';
const MAILBOX = new RegExp(`^(?:${ADDRESS}|[^<>@"\\r\\n]+ <${ADDRESS}>)$`);

/** `no-reply@example.com` or `Andes <no-reply@example.com>`. */
function isMailbox(value: string): boolean {
  return MAILBOX.test(value);
}

/** An http(s) URL of a service: host, optional port and path, no credentials, query or fragment. */
function isServiceUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      u.hostname !== '' &&
      u.username === '' &&
      u.password === '' &&
      u.search === '' &&
      u.hash === '' &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

/** An http(s) origin: a service URL with nothing after the host and port (a trailing `/` is allowed). */
function isPublicOrigin(value: string): boolean {
  return isServiceUrl(value) && new URL(value).pathname === '/';
}

function isSmtpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Thrown by loadConfig with one line per wrong variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as "not set", like an unset variable. */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== '') out[k] = v;
  return out;
}

export interface LoadConfigOptions {
  /**
   * Whether ANDES_SECRET_KEY must be set with DATABASE_URL (default true: the server reads and
   * writes MFA secrets). Tools that only read the ledger or the figures pass false.
   */
  requireSecretKey?: boolean;
}

/** Reads the server configuration from environment variables; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd(), options: LoadConfigOptions = {}): Config {
  const parsed = EnvSchema.safeParse(present(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL ?? null;
  const missing: string[] = [];
  if (databaseUrl !== null && e.ANDES_SECRET_KEY === undefined && (options.requireSecretKey ?? true)) {
    missing.push(
      `  ANDES_SECRET_KEY: must be set when DATABASE_URL is set, the same in every API process ` +
        `(${SECRET_KEY_BYTES} random bytes in base64: openssl rand -base64 ${SECRET_KEY_BYTES}); ` +
        'it encrypts the MFA secrets stored in the database',
    );
  }
  if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined) {
    missing.push('  MAIL_FROM: must be set when SMTP_URL is set (the sender address, like Andes <no-reply@example.com>)');
  }
  const s3Others = (
    ['ANDES_S3_ENDPOINT', 'ANDES_S3_REGION', 'ANDES_S3_ACCESS_KEY_ID', 'ANDES_S3_SECRET_ACCESS_KEY', 'ANDES_S3_FORCE_PATH_STYLE'] as const
  ).filter((name) => e[name] !== undefined);
  if (e.ANDES_S3_BUCKET === undefined && s3Others.length > 0) {
    missing.push(
      `  ANDES_S3_BUCKET: must be set when ${s3Others.join(', ')} ${s3Others.length > 1 ? 'are' : 'is'} set (files go to S3-compatible storage only with a bucket)`,
    );
  }
  if (e.ANDES_S3_BUCKET !== undefined) {
    for (const name of ['ANDES_S3_ACCESS_KEY_ID', 'ANDES_S3_SECRET_ACCESS_KEY'] as const) {
      if (e[name] === undefined) missing.push(`  ${name}: must be set when ANDES_S3_BUCKET is set (the bucket's credentials)`);
    }
  }
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const port = e.PORT ?? 8080;
  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    dataDir: abs(e.ANDES_DATA_DIR ?? './data'),
    databaseUrl,
    demo: e.ANDES_DEMO ?? databaseUrl === null,
    logLevel: e.LOG_LEVEL ?? 'info',
    webDist: e.ANDES_WEB_DIST ? abs(e.ANDES_WEB_DIST) : resolve(REPO_ROOT, 'apps/web/dist'),
    session: {
      idleMinutes: e.ANDES_SESSION_IDLE_MINUTES ?? 15,
      maxHours: e.ANDES_SESSION_MAX_HOURS ?? 12,
      rotateMinutes: e.ANDES_SESSION_ROTATE_MINUTES ?? 10,
    },
    trustProxy: e.ANDES_TRUST_PROXY ?? [],
    passwordHashing: { ...DEFAULT_PASSWORD_HASHING },
    loginRateLimitPerMinute: e.ANDES_LOGIN_RATE_LIMIT_PER_MINUTE ?? 20,
    secretKey: e.ANDES_SECRET_KEY ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM, onboardingTo: e.ANDES_ONBOARDING_EMAIL ?? null },
    publicUrl: e.ANDES_PUBLIC_URL ? new URL(e.ANDES_PUBLIC_URL).origin : `http://localhost:${port}`,
    platform: {
      token: e.ANDES_PLATFORM_TOKEN ?? null,
      simulator: e.ANDES_SIMULATOR ?? e.ANDES_DEMO ?? databaseUrl === null,
      simulatorRate: e.ANDES_SIMULATOR_RATE ?? 2,
      demoHistory: e.ANDES_DEMO_HISTORY ?? 120_000,
    },
    jobs: e.ANDES_JOBS ?? true,
    s3:
      e.ANDES_S3_BUCKET !== undefined && e.ANDES_S3_ACCESS_KEY_ID !== undefined && e.ANDES_S3_SECRET_ACCESS_KEY !== undefined
        ? {
            bucket: e.ANDES_S3_BUCKET,
            endpoint: e.ANDES_S3_ENDPOINT ? e.ANDES_S3_ENDPOINT.replace(/\/+$/, '') : null,
            region: e.ANDES_S3_REGION ?? 'us-east-1',
            accessKeyId: e.ANDES_S3_ACCESS_KEY_ID,
            secretAccessKey: e.ANDES_S3_SECRET_ACCESS_KEY,
            // Services other than AWS mostly address buckets by path; AWS by host name.
            forcePathStyle: e.ANDES_S3_FORCE_PATH_STYLE ?? e.ANDES_S3_ENDPOINT !== undefined,
          }
        : null,
    downloads: { directExportMaxRows: e.ANDES_DIRECT_EXPORT_MAX_ROWS ?? DIRECT_EXPORT_MAX_ROWS },
    finance: { statementDirectMaxRows: e.ANDES_STATEMENT_DIRECT_MAX_ROWS ?? STATEMENT_DIRECT_MAX_ROWS },
  };
}
