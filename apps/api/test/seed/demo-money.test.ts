import { COUNTRIES } from '@andes/contract/common/countries';
import { productTypesOf } from '@andes/contract/common/enums';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATALOGUE } from '../../src/simulator/catalogue.ts';
import { createTestApp, type TestApp } from '../helper.ts';

/** What seedDemo adds for the money screens: the demo merchants' products and their messages. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface ProductRow {
  code: string;
  country: (typeof COUNTRIES)[number];
  product: string;
  product_type: string;
  open: number;
}

describe('the demo merchants’ products', () => {
  test('ANDES-DEMO has the catalogue’s pay-in and payout products in all seven countries, marketplace where there is one, two of them closed', async () => {
    const list = await rows<ProductRow>(
      sql`select m.code, p.country, p.product, p.product_type, p.open from merchant_products p join merchants m on m.id = p.merchant_id order by 1, 2, 3, 4`,
    );
    const demo = list.filter((p) => p.code === 'ANDES-DEMO');
    expect([...new Set(demo.map((p) => p.country))].sort()).toEqual([...COUNTRIES].sort());
    for (const country of COUNTRIES) {
      const payin = demo.filter((p) => p.country === country && p.product === 'payin').map((p) => p.product_type);
      expect(payin.sort()).toEqual([...new Set(CATALOGUE[country].payins.map((x) => x.productType))].sort());
      expect(demo.some((p) => p.country === country && p.product === 'payout')).toBe(true);
      expect(demo.some((p) => p.country === country && p.product === 'marketplace')).toBe(CATALOGUE[country].marketplace.length > 0);
      for (const p of demo.filter((x) => x.country === country)) expect(productTypesOf(country)).toContain(p.product_type);
    }
    expect(demo.filter((p) => Number(p.open) === 0).map((p) => `${p.country} ${p.product_type}`)).toEqual(['BR AME_QR', 'MX PAY_CASH']);
  });

  test('sub-merchants have pay-in products of their own countries only; CONDOR its two countries', async () => {
    const list = await rows<ProductRow>(
      sql`select m.code, p.country, p.product, p.product_type, p.open from merchant_products p join merchants m on m.id = p.merchant_id`,
    );
    const sub = list.filter((p) => p.code === 'ANDES-DEMO-BR');
    expect(new Set(sub.map((p) => p.product))).toEqual(new Set(['payin']));
    expect([...new Set(sub.map((p) => p.country))].sort()).toEqual(['BR', 'MX']);
    expect([...new Set(list.filter((p) => p.code === 'CONDOR').map((p) => p.country))].sort()).toEqual(['CO', 'MX']);
  });
});

describe('the demo messages', () => {
  test('announcements to every merchant and messages to each demo merchant, newest published a day or two ago', async () => {
    const list = await rows<{ code: string | null; kind: string; title: string; published_at: string }>(
      sql`select m.code, g.kind, g.title, g.published_at::text from messages g left join merchants m on m.id = g.merchant_id order by g.published_at desc`,
    );
    expect(list.filter((m) => m.code === null).every((m) => m.kind === 'ANNOUNCEMENT')).toBe(true);
    expect(list.filter((m) => m.code === null).length).toBeGreaterThanOrEqual(2);
    expect(list.filter((m) => m.code === 'ANDES-DEMO').length).toBeGreaterThanOrEqual(3);
    expect(list.filter((m) => m.code === 'CONDOR').length).toBeGreaterThanOrEqual(1);
    const newest = Date.parse(list[0]?.published_at ?? '');
    expect(t.clock().getTime() - newest).toBeLessThanOrEqual(2 * 86_400_000);
    expect(newest).toBeLessThanOrEqual(t.clock().getTime());
  });
});
