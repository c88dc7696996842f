import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { MINUTE_MS } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { serviceTokens } from '../../db/schema/platform.ts';

/**
 * Service tokens of the payment platform (`/internal/v1`). Only the SHA-256 of a token is stored;
 * a call carries the token as `Authorization: Bearer <token>`. Tokens are never logged.
 */

/** Name of the token the server registers from its configuration. */
export const PLATFORM_TOKEN_NAME = 'platform';
/** `last_used_at` is written at most this often per token. */
export const LAST_USED_RESOLUTION_MS = MINUTE_MS;

export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Where the embedded set-up keeps its generated platform token (for the simulator). */
export function platformTokenFile(dataDir: string): string {
  return join(dataDir, 'platform-token');
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const m = value === undefined ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(value);
  return m?.[1] ?? null;
}

/** Checks bearer tokens against service_tokens (not revoked). */
export class ServiceTokenVerifier {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The token's name when it is known and not revoked; null otherwise. */
  async verify(token: string): Promise<string | null> {
    const hash = tokenHashOf(token);
    const rows = await this.db
      .select({ id: serviceTokens.id, name: serviceTokens.name, lastUsedAt: serviceTokens.lastUsedAt })
      .from(serviceTokens)
      .where(and(eq(serviceTokens.tokenHash, hash), isNull(serviceTokens.revokedAt)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const now = this.clock();
    if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.db.update(serviceTokens).set({ lastUsedAt: now }).where(eq(serviceTokens.id, row.id));
    }
    return row.name;
  }
}

/** Registers (or replaces) the hash of the token named `name`; a revoked one is valid again. */
export async function registerServiceToken(db: Db, name: string, token: string): Promise<void> {
  const tokenHash = tokenHashOf(token);
  await db
    .insert(serviceTokens)
    .values({ name, tokenHash })
    .onConflictDoUpdate({ target: serviceTokens.name, set: { tokenHash, revokedAt: null } });
}

/** Revokes the token named `name`, if any. */
export async function revokeServiceToken(db: Db, name: string, at: Date): Promise<void> {
  await db
    .update(serviceTokens)
    .set({ revokedAt: at })
    .where(and(eq(serviceTokens.name, name), isNull(serviceTokens.revokedAt)));
}

/**
 * The embedded set-up's token: read from `<dataDir>/platform-token`, or generated there (32
 * random bytes, base64url, mode 0600) on the first start. Written whole under a temporary name and
 * linked into place, so two processes never see a half-written file.
 */
export function readOrCreateTokenFile(dataDir: string): string {
  const file = platformTokenFile(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[A-Za-z0-9._~+/=-]{32,256}$/.test(text)) {
    throw new Error(`${file} does not hold a platform token (32 to 256 characters); delete it to have a new one generated`);
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text;
}

/** How the platform's token was set up, for the start-up banner (never the token itself). */
export type PlatformTokenSource = { kind: 'config' } | { kind: 'file'; file: string } | { kind: 'none' };

/**
 * At start-up: registers ANDES_PLATFORM_TOKEN under the name `platform`; without it, in the
 * embedded set-up (no DATABASE_URL), the token of `<dataDir>/platform-token` (made on the first
 * start); with DATABASE_URL and no token, the `platform` token is revoked and the ingestion API
 * refuses every call until one is configured.
 */
export async function setUpPlatformToken(
  db: Db,
  config: Pick<Config, 'platform' | 'databaseUrl' | 'dataDir'>,
  now: Date,
): Promise<PlatformTokenSource> {
  if (config.platform.token !== null) {
    await registerServiceToken(db, PLATFORM_TOKEN_NAME, config.platform.token);
    return { kind: 'config' };
  }
  if (config.databaseUrl === null) {
    await registerServiceToken(db, PLATFORM_TOKEN_NAME, readOrCreateTokenFile(config.dataDir));
    return { kind: 'file', file: platformTokenFile(config.dataDir) };
  }
  await revokeServiceToken(db, PLATFORM_TOKEN_NAME, now);
  return { kind: 'none' };
}
