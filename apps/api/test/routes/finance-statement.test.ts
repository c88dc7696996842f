import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { addDays, addMonths, todayIn } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { statementPage } from '@andes/contract/finance/endpoints';
import { FINANCE_MAX_SPAN_DAYS, FINANCE_MESSAGES } from '@andes/contract/finance/enums';
import type { StatementPage } from '@andes/contract/finance/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { statementLinesQuery } from '../../src/modules/finance/finance.repository.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, localBalances, merchantId, transactionRow, withPlatformToken } from '../ledger/support.ts';
import { accountIdOf, adminOf, at, callJson, send, settledPayin, userWith } from './finance-fixtures.ts';

/**
 * `/dashboard/account-details/list`: an account's statement as the platform's events make it —
 * a line per movement of the book balance and item, newest first, with the balance after each —
 * its filters, keyset pages, period rules and who may read which account.
 */

const NOW = new Date('2026-03-10T15:00:00.000Z');
const BR = COUNTRY_INFO.BR.timezoneName;
const today = todayIn(BR, NOW);
const range = { from: '2026-03-01', to: today };

let t: TestApp;
let admin: string;
let condor: string;
const f = new EventFactory('fin-st', new Date('2026-03-05T12:00:00.000Z'));
let payin: string;
let second: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  admin = await adminOf(t);
  condor = await adminOf(t, 'condor');
  payin = await settledPayin(t, f, { amount: 10_000, fee: 300, vat: 48 });
});
afterAll(async () => t?.close());

const page = (body: Record<string, unknown>, token = admin) =>
  callJson<StatementPage>(t, statementPage, { country: 'BR', accountType: 'PAY_IN', range, ...body }, token);

describe('the lines of what the events imply', () => {
  test('a pay-in settled for 100.00 with a fee of 3.00 and VAT of 0.48 is +100.00, −3.00, −0.48, each with the balance after it', async () => {
    const res = await page({});
    expect(res.code, res.msg).toBe(ResultCode.OK);
    const tx = await transactionRow(t.db, payin);
    expect(res.data.list.map((l) => [l.item, l.category, l.type, l.event, l.amountIn, l.amountOut, l.balanceAfter])).toEqual([
      ['VAT', 'TAX', 'FEE', 'PAYIN_SETTLED', 0, 48, 9_652],
      ['FEE', 'FEE', 'FEE', 'PAYIN_SETTLED', 0, 300, 9_700],
      ['AMOUNT', 'PAYIN', 'SETTLE', 'PAYIN_SETTLED', 10_000, 0, 10_000],
    ]);
    for (const line of res.data.list) {
      expect(line).toMatchObject({
        transactionId: tx?.id,
        transactionUniqueId: payin,
        merchantReference: tx?.merchantReference,
        transactionType: 'PAY_IN',
        productType: 'PIX',
        reference: null,
        localDate: '2026-03-05',
      });
    }
    expect(res.data.period).toEqual({
      accountNo: 'ANDES-DEMO.BR.PAY_IN',
      currency: 'BRL',
      timezoneName: BR,
      range,
      openingBalance: 0,
      credits: 10_000,
      debits: 348,
      closingBalance: 9_652,
      lineCount: 3,
    });
    expect(res.data).toMatchObject({ total: 3, totalCapped: false, nextCursor: null });
  });

  test('releases and holds move money between buckets only: no line; refunds and chargebacks chain on from the last balance', async () => {
    second = await settledPayin(t, f, { amount: 50_000, fee: 1_000, vat: 160 });
    // The settlement becomes available a day later (the release moves PENDING to AVAILABLE: no line).
    t.clock.set(new Date('2026-03-07T12:00:00.000Z'));
    await releaseDue(t.db, t.clock);
    t.clock.set(NOW);
    const before = (await page({})).data.list.length;
    expect(before).toBe(6);
    await send(
      t,
      at(f.refunded(second, 2_000), '2026-03-08T12:00:00.000Z'),
      at(f.chargedBack(payin, 1_000, 150), '2026-03-08T13:00:00.000Z'),
    );
    const res = await page({});
    const lines = [...res.data.list].reverse();
    expect(lines.slice(6).map((l) => [l.event, l.item, l.category, l.amountIn - l.amountOut])).toEqual([
      ['REFUND', 'AMOUNT', 'REFUND', -2_000],
      ['CHARGEBACK', 'AMOUNT', 'CHARGEBACK', -1_000],
      ['CHARGEBACK', 'FEE', 'FEE', -150],
    ]);
    // Each balance is the one before plus the line; the last is the account's book balance.
    let balance = 0;
    for (const line of lines) {
      balance += line.amountIn - line.amountOut;
      expect(line.balanceAfter).toBe(balance);
    }
    const b = await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_IN');
    expect(balance).toBe(b.AVAILABLE + b.PENDING + b.ON_HOLD + b.RESERVED + b.DEPOSIT_HELD + b.OWED);
    expect(res.data.period.closingBalance).toBe(balance);
    expect(res.data.period.openingBalance + res.data.period.credits - res.data.period.debits).toBe(balance);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('filters', () => {
  test('type FEE: the fee and VAT lines; category TAX: the VAT lines only; both: their intersection', async () => {
    const fees = await page({ type: 'FEE' });
    expect(fees.data.list.map((l) => l.category).sort()).toEqual(['FEE', 'FEE', 'FEE', 'TAX', 'TAX']);
    expect(fees.data.total).toBe(5);
    const tax = await page({ category: 'TAX' });
    expect(tax.data.list.map((l) => l.amountOut)).toEqual([160, 48]);
    expect((await page({ type: 'SETTLE', category: 'TAX' })).data).toMatchObject({ list: [], total: 0 });
    // The period above the list is the whole period's, not the filtered lines'.
    expect(tax.data.period.lineCount).toBe(9);
  });

  test('keyword: a unique id or a merchant reference finds the transaction’s lines (with its refunds and chargebacks); anything else nothing', async () => {
    const byId = await page({ keyword: payin });
    expect(byId.data.list.map((l) => [l.event, l.item])).toEqual([
      ['CHARGEBACK', 'FEE'],
      ['CHARGEBACK', 'AMOUNT'],
      ['PAYIN_SETTLED', 'VAT'],
      ['PAYIN_SETTLED', 'FEE'],
      ['PAYIN_SETTLED', 'AMOUNT'],
    ]);
    const reference = (await transactionRow(t.db, second))?.merchantReference ?? '';
    const byReference = await page({ keyword: reference });
    expect(byReference.data.list.map((l) => [l.event, l.item])).toEqual([
      ['REFUND', 'AMOUNT'],
      ['PAYIN_SETTLED', 'VAT'],
      ['PAYIN_SETTLED', 'FEE'],
      ['PAYIN_SETTLED', 'AMOUNT'],
    ]);
    expect((await page({ keyword: 'no-such-thing' })).data).toMatchObject({ list: [], total: 0, nextCursor: null });
  });

  test('keyword: a global transfer’s reference finds its FX line on the target account, which names the reference', async () => {
    await send(
      t,
      at(f.toppedUp(100_000, 'TOP-REF-1'), '2026-03-06T12:00:00.000Z'),
      at(
        f.transferredOut(20_000, { country: 'BR', accountType: 'PAY_OUT', amount: 100_000, rate: '5.0' }, 'FX-REF-1'),
        '2026-03-06T13:00:00.000Z',
      ),
    );
    const res = await page({ accountType: 'PAY_OUT', keyword: 'FX-REF-1' });
    expect(res.code, res.msg).toBe(ResultCode.OK);
    expect(res.data.list).toHaveLength(1);
    expect(res.data.list[0]).toMatchObject({
      event: 'GLOBAL_TRANSFER_OUT',
      category: 'FX',
      type: 'ACCOUNTING',
      amountIn: 100_000,
      reference: 'FX-REF-1',
      transactionId: null,
      transactionUniqueId: null,
    });
    expect((await page({ accountType: 'PAY_OUT', type: 'ACCOUNTING' })).data.list.map((l) => l.reference)).toEqual(['FX-REF-1']);
  });
});

describe('pages', () => {
  test('keyset pages by line id: every line once, newest first; an unknown cursor is refused', async () => {
    const g = new EventFactory('fin-st-pages', new Date('2026-03-09T12:00:00.000Z'));
    for (let i = 0; i < 6; i += 1) await settledPayin(t, g, { amount: 1_000 + i, fee: 10, vat: 0, country: 'MX' });
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await callJson<StatementPage>(
        t,
        statementPage,
        {
          country: 'MX',
          accountType: 'PAY_IN',
          range: { from: '2026-03-01', to: todayIn(COUNTRY_INFO.MX.timezoneName, NOW) },
          pageSize: 10,
          cursor,
        },
        admin,
      );
      expect(res.code, res.msg).toBe(ResultCode.OK);
      expect(res.data.total).toBe(12);
      seen.push(...res.data.list.map((l) => l.id));
      cursor = res.data.nextCursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(12);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const bad = await page({ cursor: 'bm90LWEtY3Vyc29y' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  test('the page reads statement_lines_account_id_idx backward within the period’s id range, without a sort', async () => {
    const accountId = (await accountIdOf(t, 'ANDES-DEMO', 'BR', 'PAY_IN')) ?? 0;
    const demo = await merchantId(t.db, 'ANDES-DEMO');
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const after of [null, 1_000_000]) {
        const filter = { accountId, merchantId: demo, firstId: 1, lastId: 2_000_000, categories: null, keyword: null };
        const res = await tx.execute(sql`explain ${statementLinesQuery(tx, filter, after, 'desc', 21)}`);
        plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    });
    for (const plan of plans) {
      expect(plan).toContain('Index Scan Backward using statement_lines_account_id_idx');
      expect(plan).toMatch(/Index Cond: \(\(account_id = \d+\) AND \(id >= '?\d+'?(::bigint)?\) AND \(id <= '?\d+'?(::bigint)?\)/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});

describe('period rules', () => {
  test('a period ending after today, longer than the limit, or starting too far back is refused with the sentence naming the limit', async () => {
    const future = await page({ range: { from: today, to: addDays(today, 1) } });
    expect({ code: future.code, msg: future.msg }).toEqual({ code: ResultCode.VALIDATION_FAILED, msg: FINANCE_MESSAGES.future });
    const long = await page({ range: { from: addDays(today, -FINANCE_MAX_SPAN_DAYS), to: today } });
    expect({ code: long.code, msg: long.msg }).toEqual({ code: ResultCode.VALIDATION_FAILED, msg: FINANCE_MESSAGES.spanTooLong });
    expect(long.msg).toContain('366 days');
    const year = await page({ range: { from: addDays(today, -(FINANCE_MAX_SPAN_DAYS - 1)), to: today } });
    expect(year.code, year.msg).toBe(ResultCode.OK);
    const back = addMonths(today, -25);
    const far = await page({ range: { from: addDays(back, -1), to: addDays(back, 30) } });
    expect({ code: far.code, msg: far.msg }).toEqual({ code: ResultCode.VALIDATION_FAILED, msg: FINANCE_MESSAGES.tooFarBack });
    expect(far.msg).toContain('25 months');
    expect((await page({ range: { from: back, to: addDays(back, 30) } })).code).toBe(ResultCode.OK);
  });

  test('without a range: the last week to today in the account’s zone', async () => {
    const res = await page({ range: undefined });
    expect(res.data.period.range).toEqual({ from: addDays(today, -7), to: today });
  });
});

describe('who reads which account', () => {
  test('finance:payin reads the PAY_IN statement and not the PAY_OUT one', async () => {
    const payinOnly = await userWith(t, ['finance:payin']);
    expect((await page({}, payinOnly)).code).toBe(ResultCode.OK);
    expect((await page({ accountType: 'PAY_OUT' }, payinOnly)).code).toBe(ResultCode.FORBIDDEN);
    const payoutOnly = await userWith(t, ['finance:payout']);
    expect((await page({}, payoutOnly)).code).toBe(ResultCode.FORBIDDEN);
    expect((await page({ accountType: 'PAY_OUT' }, payoutOnly)).code).toBe(ResultCode.OK);
  });

  test('a country outside the caller’s areas is refused; an account not opened yet is an empty statement', async () => {
    const brOnly = await userWith(t, ['finance:payin'], { countries: ['BR'] });
    const mx = await page({ country: 'MX', range: undefined }, brOnly);
    expect(mx.code).toBe(ResultCode.FORBIDDEN);
    expect(mx.msg).toContain('MX');
    const pe = await page({ country: 'PE', range: undefined });
    expect(pe.code, pe.msg).toBe(ResultCode.OK);
    expect(pe.data).toMatchObject({
      list: [],
      total: 0,
      nextCursor: null,
      period: { accountNo: null, currency: 'PEN', openingBalance: 0, credits: 0, debits: 0, closingBalance: 0, lineCount: 0 },
    });
  });

  test('a merchant user reads a sub-merchant’s account by its id; another merchant’s sub-merchant answers NOT_FOUND like an unknown id', async () => {
    const market = await merchantId(t.db, 'ANDES-DEMO-BR');
    const travel = await merchantId(t.db, 'ANDES-DEMO-CO');
    const s = new EventFactory('fin-st-sub', new Date('2026-03-09T14:00:00.000Z'));
    const sub = await settledPayin(t, s, { amount: 7_000, fee: 70, subMerchantCode: 'ANDES-DEMO-BR' });
    const own = await page({ subMerchantId: market });
    expect(own.code, own.msg).toBe(ResultCode.OK);
    expect(own.data.period.accountNo).toBe('ANDES-DEMO-BR.BR.PAY_IN');
    expect(own.data.list.map((l) => l.transactionUniqueId)).toEqual([sub, sub]);
    // The merchant's own statement does not hold the sub-merchant's lines.
    expect((await page({})).data.list.some((l) => l.transactionUniqueId === sub)).toBe(false);

    const foreign = await page({ country: 'MX', subMerchantId: market }, condor);
    const unknown = await page({ country: 'MX', subMerchantId: 2_000_000_000 }, condor);
    expect(foreign.code).toBe(ResultCode.NOT_FOUND);
    expect({ code: foreign.code, msg: foreign.msg, data: foreign.data }).toEqual({
      code: unknown.code,
      msg: unknown.msg,
      data: unknown.data,
    });
    // The merchant's own id is not one of its sub-merchants.
    expect((await page({ subMerchantId: await merchantId(t.db, 'ANDES-DEMO') })).code).toBe(ResultCode.NOT_FOUND);

    // A sub-merchant user reads only its own account, whatever it names.
    const subUser = await userWith(t, ['finance:payin'], { subMerchant: 'ANDES-DEMO-BR' });
    const mine = await page({}, subUser);
    expect(mine.code, mine.msg).toBe(ResultCode.OK);
    expect(mine.data.list.map((l) => l.transactionUniqueId)).toEqual([sub, sub]);
    expect((await page({ subMerchantId: market }, subUser)).data.list).toHaveLength(2);
    expect((await page({ subMerchantId: travel }, subUser)).code).toBe(ResultCode.NOT_FOUND);
  });
});
