import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { caseDetail, casePage, caseReplyPage, caseStatistics } from '@andes/contract/support/endpoints';
import type { CaseDetail, CasePage, CaseReplyPage, CaseStatistics } from '@andes/contract/support/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASES, seedDemoSupport } from '../../src/db/seed/demo-support.ts';
import { signIn, type TestApp } from '../helper.ts';
import { EventFactory } from '../ledger/support.ts';
import { call, payin, supportApp } from './fixtures.ts';

/** The demo's support cases (docs/decisions/0029): every state, threads of both sides, one linked, each merchant its own. */

describe('the demo support cases', () => {
  let t: TestApp;
  let linkedPayin: string;

  beforeAll(async () => {
    t = await supportApp(new Date('2026-11-27T12:00:00.000Z'));
    linkedPayin = await payin(t, new EventFactory('demo-sc', new Date('2026-11-27T09:00:00.000Z')));
    expect(await seedDemoSupport(t.db, t.clock())).toBe(DEMO_CASES.length);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are written once, in every state, one about a pay-in of the history', async () => {
    expect(await seedDemoSupport(t.db, t.clock())).toBe(0);
    const admin = await signIn(t.app, login.path, 'admin');
    const br = await call<CasePage>(t, casePage.path, admin, { country: 'BR' });
    expect(br.data.list.map((c) => c.status)).toEqual(['PENDING', 'PROCESSING', 'PROCESSING', 'CLOSED']);
    const statuses = new Set<string>();
    for (const country of ['BR', 'MX', 'CO'] as const) {
      const stats = await call<CaseStatistics>(t, caseStatistics.path, admin, { country });
      for (const s of stats.data.statuses) if (s.count > 0) statuses.add(s.status);
    }
    expect([...statuses].sort()).toEqual(['CLOSED', 'PENDING', 'PROCESSING', 'SOLVED']);

    const pending = br.data.list[0];
    expect(pending?.transactionUniqueId).toBe(linkedPayin);
    const detail = await call<CaseDetail>(t, caseDetail.path, admin, { id: pending?.id });
    expect(detail.data.transaction?.uniqueId).toBe(linkedPayin);

    const working = br.data.list.find((c) => c.title.startsWith('Settlement'));
    const thread = await call<CaseReplyPage>(t, caseReplyPage.path, admin, { id: working?.id });
    expect(thread.data.list.map((r) => `${r.side}:${r.kind}`)).toEqual([
      'MERCHANT:CREATE',
      'PROVIDER:STATUS',
      'PROVIDER:REPLY',
      'MERCHANT:REPLY',
    ]);
    // Closed recently: can be reopened; closed 40 days ago: cannot.
    const closedCo = (await call<CasePage>(t, casePage.path, admin, { country: 'CO', status: 'CLOSED' })).data.list[0];
    expect((await call<CaseDetail>(t, caseDetail.path, admin, { id: closedCo?.id })).data.actions).toEqual(['REOPEN']);
    const closedBr = br.data.list.find((c) => c.status === 'CLOSED');
    expect((await call<CaseDetail>(t, caseDetail.path, admin, { id: closedBr?.id })).data.actions).toEqual([]);
  });

  it('keep each merchant and sub-merchant to its own', async () => {
    const market = await signIn(t.app, login.path, 'market');
    // demo.market has no support permission in the demo roles: its cases are read by the merchant.
    expect((await call(t, casePage.path, market, { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);
    const condor = await signIn(t.app, login.path, 'condor');
    const mx = await call<CasePage>(t, casePage.path, condor, { country: 'MX' });
    expect(mx.data.list.map((c) => c.title)).toEqual(['Invoice for last month’s fees']);
    const admin = await signIn(t.app, login.path, 'admin');
    const adminMx = await call<CasePage>(t, casePage.path, admin, { country: 'MX' });
    expect(adminMx.data.list.map((c) => c.title)).not.toContain('Invoice for last month’s fees');
    const sub = (await call<CasePage>(t, casePage.path, admin, { country: 'BR' })).data.list.find((c) => c.subMerchantName !== null);
    expect(sub).toMatchObject({ subMerchantName: 'Andes Demo Marketplace', createdByName: expect.any(String) });
  });
});
