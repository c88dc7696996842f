import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError } from '../config.ts';
import { keyIdOf, loadSecretKey, SecretBox, SecretBoxError, secretKeyFile } from './secret-box.ts';

const keyA = Buffer.alloc(32, 1);
const keyB = Buffer.alloc(32, 2);

describe('SecretBox', () => {
  test('a sealed value opens to the plaintext, carries its key id and never contains the plaintext', () => {
    const box = new SecretBox([keyA]);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user_mfa:7');
    expect(sealed).toMatch(new RegExp(`^v1\\.${keyIdOf(keyA)}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user_mfa:7')).toBe('JBSWY3DPEHPK3PXP');
  });

  test('the same plaintext seals differently each time (random IV)', () => {
    const box = new SecretBox([keyA]);
    expect(box.seal('x', 'c')).not.toBe(box.seal('x', 'c'));
  });

  test('a value does not open in another context, with another key, or when tampered with', () => {
    const box = new SecretBox([keyA]);
    const sealed = box.seal('secret', 'user_mfa:1');
    expect(() => box.open(sealed, 'user_mfa:2')).toThrow(SecretBoxError);
    expect(() => new SecretBox([keyB]).open(sealed, 'user_mfa:1')).toThrow(`sealed with key ${keyIdOf(keyA)}, which is not configured`);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => box.open([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'user_mfa:1')).toThrow(SecretBoxError);
    expect(() => box.open('plain text', 'user_mfa:1')).toThrow('not a sealed value');
  });

  test('after a rotation the new key seals and the old one still opens what it sealed', () => {
    const old = new SecretBox([keyA]).seal('before', 'c');
    const rotated = new SecretBox([keyB, keyA]);
    expect(rotated.keyId).toBe(keyIdOf(keyB));
    expect(rotated.open(old, 'c')).toBe('before');
    expect(rotated.seal('after', 'c').split('.')[1]).toBe(keyIdOf(keyB));
  });

  test('keys must be 32 bytes', () => {
    expect(() => new SecretBox([Buffer.alloc(16)])).toThrow('a secret-box key is 32 bytes, not 16');
    expect(() => new SecretBox([])).toThrow('SecretBox needs a key');
  });
});

describe('loadSecretKey', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'andes-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  test('ANDES_SECRET_KEY is used as given', () => {
    const key = randomBytes(32);
    expect(loadSecretKey({ secretKey: key.toString('base64'), databaseUrl: 'postgres://h/db', dataDir: '/nonexistent' })).toEqual(key);
  });

  test('embedded without a key: one is generated into <dataDir>/secret.key with mode 0600, then reused', () => {
    const dataDir = join(tempDir(), 'data');
    const first = loadSecretKey({ secretKey: null, databaseUrl: null, dataDir });
    expect(first).toHaveLength(32);
    const file = secretKeyFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
    expect(loadSecretKey({ secretKey: null, databaseUrl: null, dataDir })).toEqual(first);
    // What one key sealed, the key read back opens.
    const sealed = new SecretBox([first]).seal('s', 'c');
    expect(new SecretBox([loadSecretKey({ secretKey: null, databaseUrl: null, dataDir })]).open(sealed, 'c')).toBe('s');
  });

  test('a damaged key file stops the start with a clear message', () => {
    const dataDir = tempDir();
    writeFileSync(secretKeyFile(dataDir), 'not a key\n', { mode: 0o600 });
    expect(() => loadSecretKey({ secretKey: null, databaseUrl: null, dataDir })).toThrow(ConfigError);
    expect(() => loadSecretKey({ secretKey: null, databaseUrl: null, dataDir })).toThrow(/does not hold a 32-byte base64 key/);
  });

  test('with DATABASE_URL and no key it refuses', () => {
    expect(() => loadSecretKey({ secretKey: null, databaseUrl: 'postgres://h/db', dataDir: tempDir() })).toThrow(
      'ANDES_SECRET_KEY: must be set when DATABASE_URL is set',
    );
  });
});
