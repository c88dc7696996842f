import { addDays, addMonths } from '@andes/contract/common/dates';
import type { Endpoint } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import {
  approvalFunnel,
  approvalTrendDaily,
  approvalTrendMonthly,
  approvalTrendWeekly,
  failReasonRanking,
  tokenizationStatistics,
  volumeSuccessCurve,
} from '@andes/contract/revenue-assurance/endpoints';
import { FUNNEL_STAGE_MESSAGE } from '@andes/contract/revenue-assurance/enums';
import {
  type ApprovalFunnel,
  type FailReasonRanking,
  REVENUE_MESSAGES,
  revenueProductTypeMessage,
  type TokenizationStatistics,
} from '@andes/contract/revenue-assurance/schemas';
import { transactionAdvancedPage } from '@andes/contract/transaction/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper.ts';
import { EventFactory, sendEvent, transactionRow } from '../ledger/support.ts';
import { call, NOW, revenueApp, todayOf, tokenOf } from './support.ts';

/**
 * Revenue assurance's calls (docs/decisions/0031): what a caller sees — the scope (a sub-merchant
 * user sees their holder only; another merchant nothing), the permissions, the refusals of a
 * request; and the platform's `transaction.authorised` event that feeds the funnel.
 */

const ALL: Endpoint[] = [
  volumeSuccessCurve,
  approvalTrendDaily,
  approvalTrendWeekly,
  approvalTrendMonthly,
  approvalFunnel,
  failReasonRanking,
  tokenizationStatistics,
];

describe('revenue assurance calls', () => {
  let t: TestApp;
  let admin: string;
  let market: string;
  let finance: string;
  let condor: string;
  const today = todayOf('BR');
  const day = addDays(today, -3);
  const range = { from: day, to: day };

  beforeAll(async () => {
    t = await revenueApp();
    [admin, market, finance, condor] = await Promise.all([
      tokenOf(t, 'admin'),
      tokenOf(t, 'market'),
      tokenOf(t, 'finance'),
      tokenOf(t, 'condor'),
    ]);
    // On `day` (São Paulo): a tokenised card pay-in of the merchant itself, authorised and settled;
    // a card pay-in of the sub-merchant declined for insufficient funds; a PIX pay-in of the
    // sub-merchant abandoned (expired without a submission).
    const f = new EventFactory('rapi', new Date(`${day}T15:00:00.000Z`));
    const own = f.uniqueId('own');
    const subCard = f.uniqueId('subcard');
    const subPix = f.uniqueId('subpix');
    const card = { brand: 'VISA' as const, bin: '453211', last4: '4242' };
    const ok = async (p: ReturnType<typeof sendEvent>) => {
      const a = await p;
      expect(a.code, a.msg).toBe(ResultCode.OK);
      return a;
    };
    await ok(sendEvent(t.app, f.created({ uniqueId: own, amount: 10_000, productType: 'CARD', card: { ...card, tokenId: 'tok-1' } })));
    await ok(sendEvent(t.app, { ...f.next(), type: 'transaction.authorised', merchantCode: 'ANDES-DEMO', data: { uniqueId: own } }));
    await ok(sendEvent(t.app, f.settled(own)));
    await ok(
      sendEvent(t.app, f.created({ uniqueId: subCard, amount: 20_000, productType: 'CARD', card, subMerchantCode: 'ANDES-DEMO-BR' })),
    );
    await ok(
      sendEvent(t.app, {
        ...f.next(),
        type: 'transaction.status_changed',
        merchantCode: 'ANDES-DEMO',
        data: { uniqueId: subCard, status: 'FAILED', reason: '  Insufficient   funds ' },
      }),
    );
    await ok(sendEvent(t.app, f.created({ uniqueId: subPix, amount: 30_000, subMerchantCode: 'ANDES-DEMO-BR' })));
    await ok(sendEvent(t.app, f.statusChanged(subPix, 'EXPIRED')));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a merchant user every holder, and a sub-merchant user only their own', async () => {
    const all = await call<ApprovalFunnel>(t, admin, approvalFunnel.path, { country: 'BR', range });
    expect(all.code, all.msg).toBe(ResultCode.OK);
    expect(all.data.total.created).toEqual({ count: 3, amount: 60_000 });
    expect(all.data.total.submitted).toEqual({ count: 2, amount: 30_000 });
    expect(all.data.total.authorised).toEqual({ count: 1, amount: 10_000 });
    expect(all.data.total.settled).toEqual({ count: 1, amount: 10_000 });
    expect(all.data.total.dropOff.abandoned).toEqual({ count: 1, amount: 30_000 });
    expect(all.data.total.approvalRate).toBe(0.5);
    expect(all.data.byProductType.map((p) => [p.productType, p.created.count])).toEqual([
      ['CARD', 2],
      ['PIX', 1],
    ]);

    const mine = await call<ApprovalFunnel>(t, market, approvalFunnel.path, { country: 'BR', range });
    expect(mine.code, mine.msg).toBe(ResultCode.OK);
    expect(mine.data.total.created).toEqual({ count: 2, amount: 50_000 });
    expect(mine.data.total.authorised.count).toBe(0);
    expect(mine.data.total.approvalRate).toBe(0);

    const tokens = await call<TokenizationStatistics>(t, market, tokenizationStatistics.path, { country: 'BR', range });
    expect(tokens.data.total.token.created.count).toBe(0);
    expect(tokens.data.total.pan.created.count).toBe(1);
    expect(tokens.data.total.tokenShare).toBe(0);
    const merchantTokens = await call<TokenizationStatistics>(t, admin, tokenizationStatistics.path, { country: 'BR', range });
    expect(merchantTokens.data.total.tokenShare).toBe(0.5);
    expect(merchantTokens.data.total.token.approvalRate).toBe(1);
    expect(merchantTokens.data.total.pan.approvalRate).toBe(0);
    expect(merchantTokens.data.total.uplift).toBe(1);
  });

  it('ranks the normalised fail reasons with their class, and drills down to the list', async () => {
    const ranking = await call<FailReasonRanking>(t, admin, failReasonRanking.path, { country: 'BR', range });
    expect(ranking.code, ranking.msg).toBe(ResultCode.OK);
    // The expired PIX gave no reason: it ranks as '' (HARD: nothing says it was temporary).
    expect(ranking.data.reasons.map((r) => [r.reason, r.kind, r.count])).toEqual([
      ['', 'HARD', 1],
      ['Insufficient funds', 'SOFT', 1],
    ]);
    expect(ranking.data.total).toEqual({ count: 2, amount: 50_000 });
    expect(ranking.data.soft).toEqual({ count: 1, amount: 20_000 });
    expect(ranking.data.previousRange).toEqual({ from: addDays(day, -1), to: addDays(day, -1) });
    const createdAt = {
      start: new Date(`${day}T03:00:00.000Z`).toISOString(),
      end: new Date(`${addDays(day, 1)}T03:00:00.000Z`).toISOString(),
    };
    const list = await call<{ total: number; list: { uniqueId: string }[] }>(t, admin, transactionAdvancedPage.path, {
      list: 'payin',
      country: 'BR',
      createdAt,
      failReason: 'Insufficient funds',
    });
    expect(list.code, list.msg).toBe(ResultCode.OK);
    expect(list.data.list.map((r) => r.uniqueId)).toEqual([expect.stringContaining('subcard')]);
    const tokenised = await call<{ total: number }>(t, admin, transactionAdvancedPage.path, {
      list: 'payin',
      country: 'BR',
      createdAt,
      cardToken: 'TOKEN',
    });
    expect(tokenised.data.total).toBe(1);
    const settled = await call<{ total: number }>(t, market, transactionAdvancedPage.path, {
      list: 'payin',
      country: 'BR',
      createdAt,
      funnelStageMin: 3,
    });
    expect(settled.data.total).toBe(0);
    const refused = await call(t, admin, transactionAdvancedPage.path, { list: 'payin', country: 'BR', funnelStageMin: 4 });
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(refused.msg).toContain(FUNNEL_STAGE_MESSAGE);
    const noCard = await call(t, admin, transactionAdvancedPage.path, { list: 'payin', country: 'BR', cardToken: 'NONE' });
    expect(noCard.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('answers every call for the merchant, and refuses a user without the permission', async () => {
    for (const e of ALL) {
      const ok = await call(t, admin, e.path, { country: 'BR', range });
      expect(ok.code, `${e.path}: ${ok.msg}`).toBe(ResultCode.OK);
      const refused = await call(t, finance, e.path, { country: 'BR', range });
      expect(refused.code, e.path).toBe(ResultCode.FORBIDDEN);
    }
  });

  it("refuses another merchant's caller the country it does not have, and shows it none of these figures", async () => {
    const br = await call(t, condor, approvalFunnel.path, { country: 'BR', range });
    expect(br.code).toBe(ResultCode.FORBIDDEN);
    const mx = await call<ApprovalFunnel>(t, condor, approvalFunnel.path, {
      country: 'MX',
      range: { from: addDays(todayOf('MX'), -10), to: todayOf('MX') },
    });
    expect(mx.code, mx.msg).toBe(ResultCode.OK);
    expect(mx.data.total.created.count).toBe(0);
  });

  it('refuses ranges outside the searchable window and wrong fields, with the field named', async () => {
    const future = await call(t, admin, volumeSuccessCurve.path, { country: 'BR', range: { from: today, to: addDays(today, 1) } });
    expect(future.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(future.msg).toContain(REVENUE_MESSAGES.rangeInFuture);
    const old = await call(t, admin, approvalTrendWeekly.path, {
      country: 'BR',
      range: { from: addDays(addMonths(today, -5), -1), to: today },
    });
    expect(old.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(old.msg).toContain(REVENUE_MESSAGES.rangeTooOld);
    const edge = await call(t, admin, approvalTrendMonthly.path, { country: 'BR', range: { from: addMonths(today, -5), to: today } });
    expect(edge.code, edge.msg).toBe(ResultCode.OK);
    const product = await call(t, admin, approvalFunnel.path, { country: 'BR', range, productTypes: ['OXXO'] });
    expect(product.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(product.msg).toContain(revenueProductTypeMessage('OXXO', 'BR'));
    const order = await call(t, admin, approvalFunnel.path, { country: 'BR', range: { from: today, to: addDays(today, -1) } });
    expect(order.code).toBe(ResultCode.VALIDATION_FAILED);
    const top = await call(t, admin, failReasonRanking.path, { country: 'BR', range, top: 51 });
    expect(top.code).toBe(ResultCode.VALIDATION_FAILED);
    const type = await call(t, admin, approvalFunnel.path, { country: 'BR', range, transactionType: 'REFUND' });
    expect(type.code).toBe(ResultCode.VALIDATION_FAILED);
    const granularity = await call(t, admin, tokenizationStatistics.path, { country: 'BR', range, granularity: 'yearly' });
    expect(granularity.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('applies transaction.authorised once, keeps the status, refuses it after a failure and marks it stale when older', async () => {
    const f = new EventFactory('raauth', new Date(NOW.getTime() - 3 * 3_600_000));
    const uniqueId = f.uniqueId('card');
    await sendEvent(t.app, f.created({ uniqueId, productType: 'CARD', card: { brand: 'VISA', bin: '453211', last4: '4242' } }));
    const authorisedAt = new Date(NOW.getTime() - 2 * 3_600_000).toISOString();
    const event = { ...f.next(), type: 'transaction.authorised' as const, merchantCode: 'ANDES-DEMO', data: { uniqueId, authorisedAt } };
    const first = await sendEvent(t.app, event);
    expect(first.data).toMatchObject({ outcome: 'APPLIED', duplicate: false });
    expect(await sendEvent(t.app, event)).toMatchObject({ data: { outcome: 'APPLIED', duplicate: true } });
    let row = await transactionRow(t.db, uniqueId);
    expect(row).toMatchObject({ status: 'CREATED', funnelStage: 2 });
    expect(row?.authorisedAt?.toISOString()).toBe(authorisedAt);
    // A second report keeps the first time.
    await sendEvent(t.app, { ...f.next(), type: 'transaction.authorised', merchantCode: 'ANDES-DEMO', data: { uniqueId } });
    expect((await transactionRow(t.db, uniqueId))?.authorisedAt?.toISOString()).toBe(authorisedAt);
    // Settled: stage 3, the authorisation time kept.
    await sendEvent(t.app, f.settled(uniqueId));
    row = await transactionRow(t.db, uniqueId);
    expect(row).toMatchObject({ status: 'SETTLED', funnelStage: 3 });
    expect(row?.authorisedAt?.toISOString()).toBe(authorisedAt);

    // Failed, then an authorisation reported later: refused; one older than the failure: stale.
    const g = new EventFactory('raauth2', new Date(NOW.getTime() - 3 * 3_600_000));
    const failed = g.uniqueId('card');
    await sendEvent(t.app, g.created({ uniqueId: failed, productType: 'CARD', card: { brand: 'VISA', bin: '453211', last4: '4242' } }));
    const early = g.next();
    await sendEvent(t.app, g.statusChanged(failed, 'FAILED'));
    const late = await sendEvent(t.app, {
      ...g.next(),
      type: 'transaction.authorised',
      merchantCode: 'ANDES-DEMO',
      data: { uniqueId: failed },
    });
    expect(late.code).toBe(ResultCode.CONFLICT);
    expect(late.msg).toContain('cannot be authorised');
    const stale = await sendEvent(t.app, {
      ...early,
      type: 'transaction.authorised',
      merchantCode: 'ANDES-DEMO',
      data: { uniqueId: failed },
    });
    expect(stale.data).toMatchObject({ outcome: 'STALE' });
    expect(await transactionRow(t.db, failed)).toMatchObject({ status: 'FAILED', funnelStage: 1, authorisedAt: null });

    // A settled pay-in never reported authorised: authorised when it settled.
    const h = new EventFactory('raauth3', new Date(NOW.getTime() - 3 * 3_600_000));
    const pix = h.uniqueId('pix');
    await sendEvent(t.app, h.created({ uniqueId: pix }));
    const settle = h.settled(pix);
    await sendEvent(t.app, settle);
    const settledRow = await transactionRow(t.db, pix);
    expect(settledRow).toMatchObject({ funnelStage: 3 });
    expect(settledRow?.authorisedAt?.toISOString()).toBe(settle.occurredAt);

    // A payout cannot be authorised by this event.
    const po = h.uniqueId('po');
    await sendEvent(t.app, h.payout({ uniqueId: po }));
    const wrong = await sendEvent(t.app, {
      ...h.next(),
      type: 'transaction.authorised',
      merchantCode: 'ANDES-DEMO',
      data: { uniqueId: po },
    });
    expect(wrong.code).toBe(ResultCode.CONFLICT);
  });
});
