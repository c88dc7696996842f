import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Config, ConfigError, isSecretKeyText, SECRET_KEY_BYTES } from '../config.ts';

/**
 * AES-256-GCM encryption of small secrets at rest (TOTP secrets).
 *
 * A sealed value is `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts): the key id names the key
 * that sealed it, so a later key rotation can open old values with the old key while sealing new
 * ones with the new. Each value is bound to a context string (additional authenticated data, e.g.
 * `user_mfa:42`), so a sealed value copied to another row does not open there.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a sealed value cannot be opened: unknown key, wrong context, or tampered. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** The id written in front of each sealed value: 8 hex characters derived from the key (not the key). */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('andes secret-box key id\0').update(key).digest('hex').slice(0, 8);
}

export class SecretBox {
  private readonly primary: { id: string; key: Buffer };
  private readonly keys: ReadonlyMap<string, Buffer>;

  /** `keys[0]` seals; every key opens the values it sealed (older keys after a rotation). */
  constructor(keys: readonly Buffer[]) {
    const [first] = keys;
    if (first === undefined) throw new Error('SecretBox needs a key');
    const map = new Map<string, Buffer>();
    for (const key of keys) {
      if (key.length !== SECRET_KEY_BYTES) throw new Error(`a secret-box key is ${SECRET_KEY_BYTES} bytes, not ${key.length}`);
      map.set(keyIdOf(key), Buffer.from(key));
    }
    this.primary = { id: keyIdOf(first), key: Buffer.from(first) };
    this.keys = map;
  }

  /** Id of the key that seals new values. */
  get keyId(): string {
    return this.primary.id;
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.primary.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [VERSION, this.primary.id, iv.toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string, context: string): string {
    const [version, keyId, ivText, bodyText, ...rest] = sealed.split('.');
    if (version !== VERSION || keyId === undefined || ivText === undefined || bodyText === undefined || rest.length > 0) {
      throw new SecretBoxError('not a sealed value');
    }
    const key = this.keys.get(keyId);
    if (!key) throw new SecretBoxError(`sealed with key ${keyId}, which is not configured`);
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretBoxError('not a sealed value');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the sealed value does not open with its key and context');
    }
  }
}

/** Where the embedded set-up keeps its generated key. */
export function secretKeyFile(dataDir: string): string {
  return join(dataDir, 'secret.key');
}

/**
 * The key of the secret box: ANDES_SECRET_KEY when set; otherwise, in the embedded set-up, the key
 * in `<dataDir>/secret.key`, generated (32 CSPRNG bytes, base64, file mode 0600) on the first start.
 * With DATABASE_URL and no ANDES_SECRET_KEY it refuses (loadConfig already does): every process of
 * a shared database needs the same key, which a file on one machine cannot give.
 */
export function loadSecretKey(config: Pick<Config, 'secretKey' | 'databaseUrl' | 'dataDir'>): Buffer {
  if (config.secretKey !== null) return Buffer.from(config.secretKey, 'base64');
  if (config.databaseUrl !== null) {
    throw new ConfigError('Invalid configuration:\n  ANDES_SECRET_KEY: must be set when DATABASE_URL is set');
  }
  const file = secretKeyFile(config.dataDir);
  mkdirSync(dirname(file), { recursive: true });
  const fresh = randomBytes(SECRET_KEY_BYTES).toString('base64');
  // Written whole under a temporary name, then linked into place: link() fails when the file
  // exists, so of two processes starting together one creates it and the other reads it, never
  // a half-written file.
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
    return Buffer.from(fresh, 'base64');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!isSecretKeyText(text)) {
    throw new ConfigError(
      `${file} does not hold a ${SECRET_KEY_BYTES}-byte base64 key. Restore it from a backup: the MFA secrets ` +
        'stored in the database cannot be read without it.',
    );
  }
  // Keep the file private even if it was copied in with looser permissions.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return Buffer.from(text, 'base64');
}
