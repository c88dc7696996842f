import { login, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { merchants } from '../../src/db/schema/merchants.ts';
import { createTestApp, envelope, post, signIn, type TestApp } from '../helper.ts';

let t: TestApp;
const idOf = async (code: string) => (await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code)))[0]?.id ?? 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('sub-merchant list', () => {
  test('a merchant user gets every sub-merchant of their merchant, by name', async () => {
    const token = await signIn(t.app, login.path, 'finance');
    const merchantId = envelope<{ merchantInfo: { id: number } }>(await post(t.app, permissionLoad.path, {}, { token })).data.merchantInfo
      .id;
    const res = envelope(await post(t.app, subMerchantList.path, { merchantId }, { token }));
    expect(res.code).toBe(ResultCode.OK);
    expect(res.data).toEqual([
      { subMerchantId: await idOf('ANDES-DEMO-BR'), subMerchantName: 'Andes Demo Marketplace' },
      { subMerchantId: await idOf('ANDES-DEMO-CO'), subMerchantName: 'Andes Demo Travel' },
    ]);
  });

  test('a sub-merchant user gets only their own', async () => {
    const token = await signIn(t.app, login.path, 'market');
    const res = envelope(await post(t.app, subMerchantList.path, { merchantId: await idOf('ANDES-DEMO') }, { token }));
    expect(res.data).toEqual([{ subMerchantId: await idOf('ANDES-DEMO-BR'), subMerchantName: 'Andes Demo Marketplace' }]);
  });

  test('another merchant answers like one that does not exist', async () => {
    const token = await signIn(t.app, login.path, 'condor');
    const other = envelope(await post(t.app, subMerchantList.path, { merchantId: await idOf('ANDES-DEMO') }, { token }));
    const missing = envelope(await post(t.app, subMerchantList.path, { merchantId: 999_999 }, { token }));
    expect(other.code).toBe(ResultCode.NOT_FOUND);
    expect(other).toEqual(missing);
  });
});
