import { accountList } from '@andes/contract/account/endpoints';
import type { AccountList } from '@andes/contract/account/schemas';
import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { countryNotAuthorisedMessage } from '../../src/http/country-access.ts';
import { MoneyFixture } from '../fixtures/money.ts';
import { createTestApp, type Envelope, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

let t: TestApp;
let f: MoneyFixture;
const token: Record<'admin' | 'market' | 'condor', string> = { admin: '', market: '', condor: '' };
const ids = { demoPayin: 0, demoPayout: 0, subPayin: 0, subMarket: 0, demoMx: 0, condorMx: 0 };

const list = (who: keyof typeof token, body: object) =>
  post(t.app, accountList.path, body, { token: token[who] }).then((r) => envelope<AccountList>(r) as Envelope<AccountList>);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  f = await MoneyFixture.create(t.db);
  const opened = new Date('2026-02-01T12:00:00Z');
  // Opened in another order than they are listed in.
  ids.subMarket = await f.account('ANDES-DEMO-BR', 'BR', 'MARKET_PLACE', { AVAILABLE: 1_500 }, opened);
  ids.demoPayout = await f.account('ANDES-DEMO', 'BR', 'PAY_OUT', { AVAILABLE: 30_000, RESERVED: 10_000 }, opened);
  ids.subPayin = await f.account('ANDES-DEMO-BR', 'BR', 'PAY_IN', { PENDING: 3_000 }, opened);
  ids.demoPayin = await f.account('ANDES-DEMO', 'BR', 'PAY_IN', { AVAILABLE: 100_000, DEPOSIT_HELD: 5_000 }, opened);
  ids.demoMx = await f.account('ANDES-DEMO', 'MX', 'PAY_IN', { AVAILABLE: 12_345 }, opened);
  ids.condorMx = await f.account('CONDOR', 'MX', 'PAY_IN', { AVAILABLE: 999_999 }, opened);
  for (const who of Object.keys(token) as (keyof typeof token)[]) token[who] = await signIn(t.app, login.path, who);
});
afterAll(async () => t?.close());

describe('account list', () => {
  test("a merchant user gets the country's accounts, its own first, then each sub-merchant's, each in account-type order", async () => {
    const res = await list('admin', { country: 'BR' });
    expect(res.code).toBe(ResultCode.OK);
    const demo = f.merchantId('ANDES-DEMO');
    const sub = f.merchantId('ANDES-DEMO-BR');
    expect(res.data.list.map((a) => [a.accountId, a.accountNo, a.holderId, a.holderName, a.subMerchant])).toEqual([
      [ids.demoPayin, 'ANDES-DEMO.BR.PAY_IN', demo, 'Andes Demo Store', false],
      [ids.demoPayout, 'ANDES-DEMO.BR.PAY_OUT', demo, 'Andes Demo Store', false],
      [ids.subPayin, 'ANDES-DEMO-BR.BR.PAY_IN', sub, 'Andes Demo Marketplace', true],
      [ids.subMarket, 'ANDES-DEMO-BR.BR.MARKET_PLACE', sub, 'Andes Demo Marketplace', true],
    ]);
    expect(res.data.list[0]).toEqual({
      accountId: ids.demoPayin,
      accountNo: 'ANDES-DEMO.BR.PAY_IN',
      accountType: 'PAY_IN',
      country: 'BR',
      currency: 'BRL',
      holderId: demo,
      holderName: 'Andes Demo Store',
      subMerchant: false,
      balances: {
        balance: 105_000,
        available: 100_000,
        unavailable: 5_000,
        pending: 0,
        onHold: 0,
        withdrawable: 100_000,
        exchangeable: 100_000,
        depositHeld: 5_000,
      },
    });
    // A marketplace account's money can be neither withdrawn nor exchanged.
    expect(res.data.list[3]?.balances).toMatchObject({ available: 1_500, withdrawable: 0, exchangeable: 0 });
  });

  test('one account type', async () => {
    const res = await list('admin', { country: 'BR', accountType: 'PAY_IN' });
    expect(res.data.list.map((a) => a.accountId)).toEqual([ids.demoPayin, ids.subPayin]);
  });

  test('another country: its accounts in its currency', async () => {
    const res = await list('admin', { country: 'MX' });
    expect(res.data.list.map((a) => [a.accountId, a.currency, a.balances.available])).toEqual([[ids.demoMx, 'MXN', 12_345]]);
    expect((await list('admin', { country: 'PE' })).data.list).toEqual([]);
  });

  test("a sub-merchant user gets its sub-merchant's accounts only", async () => {
    const res = await list('market', { country: 'BR' });
    expect(res.data.list.map((a) => a.accountId)).toEqual([ids.subPayin, ids.subMarket]);
    expect((await list('market', { country: 'MX' })).data.list).toEqual([]);
  });

  test("CONDOR's admin gets CONDOR's accounts, and no country CONDOR is not in", async () => {
    const res = await list('condor', { country: 'MX' });
    expect(res.data.list.map((a) => a.accountId)).toEqual([ids.condorMx]);
    expect(await list('condor', { country: 'BR' })).toMatchObject({ code: ResultCode.FORBIDDEN, msg: countryNotAuthorisedMessage('BR') });
  });

  test('a sub-merchant user is refused a country of the merchant outside its own', async () => {
    expect((await list('market', { country: 'CL' })).code).toBe(ResultCode.FORBIDDEN);
  });
});
