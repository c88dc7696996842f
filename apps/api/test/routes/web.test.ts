import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentUserInfo } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../helper.ts';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body></body></html>';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'andes-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-3f9a1c.js'), 'console.log("andes")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  test('client routes answer index.html, never cached, under the SPA CSP', async () => {
    for (const url of ['/', '/login', '/transactions/payin?page=2', '/404', '/no/such/page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const csp = String((await get('/login')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  test('hashed assets are cached for good; other files are revalidated', async () => {
    const asset = await get('/assets/app-3f9a1c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("andes")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  test('a missing asset and API paths do not fall back to the page', async () => {
    const asset = await get('/assets/app-000000.js');
    expect(asset.statusCode).toBe(404);
    expect(envelope(asset).code).toBe(ResultCode.NOT_FOUND);
    const api = await get(currentUserInfo.path);
    expect(api.statusCode).toBe(404);
    expect(envelope(api).code).toBe(ResultCode.NOT_FOUND);
    expect(api.headers['cache-control']).toBe('no-store');
    const internal = await get('/internal/v1/events');
    expect(envelope(internal).code).toBe(ResultCode.NOT_FOUND);
  });
});
