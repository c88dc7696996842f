import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { activityExport } from '@andes/contract/activity/endpoints';
import { login } from '@andes/contract/auth/endpoints';
import { ipRestrictionQuery, ipTrustlistPage } from '@andes/contract/ip-trustlist/endpoints';
import type { IpRestriction } from '@andes/contract/ip-trustlist/schemas';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { PERMISSIONS_POLICY } from '../../src/plugins/security.ts';
import { createTestApp, DEMO, envelope, post, signIn, type TestApp } from '../helper.ts';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
/** The page the server hands out: the production build when there is one, else the source page Vite builds it from. */
const INDEX_SOURCE = existsSync(join(WEB, 'dist', 'index.html')) ? join(WEB, 'dist', 'index.html') : join(WEB, 'index.html');
const PROXY = '10.0.0.1';

let t: TestApp;
let dist: string;
let admin: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'andes-web-'));
  writeFileSync(join(dist, 'index.html'), readFileSync(INDEX_SOURCE));
  t = await createTestApp({ config: { webDist: dist, trustProxy: [PROXY] } });
  admin = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** `script-src 'self'; style-src …` as a map of directive → sources. */
function directivesOf(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

describe('the built page', () => {
  test('is served under a strict CSP which the page itself satisfies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/transactions/payin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directivesOf(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    // antd writes its CSS-in-JS at run time.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");

    // What the page loads under that policy: scripts only by src from our origin, no inline code.
    const html = res.body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = '', body = ''] of scripts) {
      expect(body.trim(), 'inline script').toBe('');
      expect(attrs).toMatch(/\bsrc="\/(?!\/)[^"]+"/);
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    for (const [, href] of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/gi)) expect(href).toMatch(/^\/(?!\/)/);

    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  test('/docs still works under its own policy, and documents the new calls', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui');
    expect(directivesOf(String(docs.headers['content-security-policy'])).get('script-src')).toEqual(["'self'"]);
    const bundle = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([ipTrustlistPage.path, activityExport.path]));
  });

  test('API answers and downloads are never cached nor sniffed', async () => {
    const json = await post(t.app, ipTrustlistPage.path, { listType: 'API' }, { token: admin });
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    const csv = await post(
      t.app,
      activityExport.path,
      { timeZone: 'UTC', range: { from: '2026-01-01', to: '2026-01-02' } },
      { token: admin },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the client address', () => {
  const seenAddress = async (peer: string, forwarded?: string) => {
    const res = await post(
      t.app,
      ipRestrictionQuery.path,
      {},
      { token: admin, ip: peer, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} },
    );
    return envelope<IpRestriction>(res).data.clientIp;
  };

  test('X-Forwarded-For is believed only from a configured proxy, and only its last hop', async () => {
    expect(await seenAddress(PROXY, '198.51.100.9')).toBe('198.51.100.9');
    // A client cannot choose its address by sending the header itself…
    expect(await seenAddress('192.0.2.1', '198.51.100.9')).toBe('192.0.2.1');
    // …nor by prepending a hop the proxy then forwards.
    expect(await seenAddress(PROXY, '127.0.0.1, 198.51.100.9')).toBe('198.51.100.9');
    expect(await seenAddress(PROXY)).toBe(PROXY);
  });

  test('the activity log records the forwarded address of a sign-in through the proxy', async () => {
    await post(
      t.app,
      login.path,
      { username: DEMO.payout.username, password: DEMO.payout.password },
      {
        ip: PROXY,
        headers: { 'x-forwarded-for': '203.0.113.200' },
      },
    );
    const [last] = await t.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
    expect(last).toMatchObject({ event: 'SIGN_IN_SUCCEEDED', actorUsername: 'demo.payout', ip: '203.0.113.200' });
  });
});
