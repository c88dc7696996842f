import type { AccountType } from '@andes/contract/account/enums';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { todayIn } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { dailyReportPage, reconciliation } from '@andes/contract/finance/endpoints';
import type { DailyMoneyRow, DailyReportPage, Reconciliation } from '@andes/contract/finance/schemas';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { statementLines } from '../../src/db/schema/statements.ts';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, localBalances, merchantId, sendEvent, withPlatformToken } from '../ledger/support.ts';
import { accountIdOf, adminOf, at, callJson } from './finance-fixtures.ts';

/**
 * Property: whatever sequence of platform events reaches the accounts — pay-ins settled with fees
 * and VAT (a merchant's and a sub-merchant's in Santiago, a merchant's in New York), refunds and
 * chargebacks, global top-ups transferred to a payout account and payouts settled or failed,
 * releases — at random times across local midnights and Santiago's April clock change, some of
 * them late (before the account's last booking), then for every account:
 *   - every daily report row chains: each day's closing is the next day's opening;
 *   - each day's movement (closing − opening, and the sum of its columns) equals the statement
 *     lines booked on that local date;
 *   - the last closing is the account's book balance (the sum of its buckets);
 *   - the reconciliation of the period is balanced;
 * and ledger-check finds nothing.
 */

const BASE = new Date('2026-04-03T12:00:00.000Z');
const DAY = 86_400_000;
const NUM_RUNS = Number(process.env.FINANCE_PROPERTY_RUNS ?? 8);
const FINAL = new Date(BASE.getTime() + (NUM_RUNS * 3 + 4) * DAY);
const FROM = '2026-04-01';

interface Target {
  label: string;
  merchantCode: string;
  subMerchantCode?: string;
  holder: string;
  country: Country;
  accountType: AccountType;
}

const PAYIN_TARGETS: readonly Target[] = [
  { label: 'merchant CL', merchantCode: 'ANDES-DEMO', holder: 'ANDES-DEMO', country: 'CL', accountType: 'PAY_IN' },
  {
    label: 'sub-merchant CL',
    merchantCode: 'ANDES-DEMO',
    subMerchantCode: 'ANDES-DEMO-CO',
    holder: 'ANDES-DEMO-CO',
    country: 'CL',
    accountType: 'PAY_IN',
  },
  { label: 'merchant US', merchantCode: 'ANDES-DEMO', holder: 'ANDES-DEMO', country: 'US', accountType: 'PAY_IN' },
];
const PAYOUT_TARGET: Target = {
  label: 'payouts CL',
  merchantCode: 'ANDES-DEMO',
  holder: 'ANDES-DEMO',
  country: 'CL',
  accountType: 'PAY_OUT',
};
const LOCAL = { CL: { currency: 'CLP', productType: 'CL_BANK_TRANSFER' }, US: { currency: 'USD', productType: 'CARD' } } as const;

type ArbValue<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** Minutes into the run's three days: the delivery order is the intents', so earlier times arrive late. */
const minute = fc.integer({ min: 0, max: 3 * 24 * 60 - 1 });

const intent = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('payin' as const),
      target: fc.integer({ min: 0, max: PAYIN_TARGETS.length - 1 }),
      amount: fc.integer({ min: 100, max: 500_000 }),
      feeBp: fc.integer({ min: 0, max: 500 }),
      vatPct: fc.constantFrom(0, 16, 19),
      settle: fc.constantFrom(true, true, true, false),
      minute,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('refund' as const, 'chargeback' as const),
      of: fc.nat(),
      pct: fc.integer({ min: 1, max: 100 }),
      fee: fc.integer({ min: 0, max: 2_000 }),
      minute,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      fund: fc.integer({ min: 0, max: 300_000 }),
      amount: fc.integer({ min: 100, max: 200_000 }),
      fate: fc.constantFrom('SETTLED' as const, 'SETTLED' as const, 'FAILED' as const),
      fee: fc.integer({ min: 0, max: 1_500 }),
      vat: fc.integer({ min: 0, max: 300 }),
      minute,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), minute }) },
);
type Intent = ArbValue<typeof intent>;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(FINAL) });
  await withPlatformToken(t.db);
  admin = await adminOf(t);
});
afterAll(async () => t?.close());

/** A refusal the rules may give (money missing, a state that forbids it) is fine; anything else is not. */
async function deliver(event: PlatformEventInput): Promise<boolean> {
  const ack = await sendEvent(t.app, event);
  expect([ResultCode.OK, ResultCode.INSUFFICIENT_BALANCE, ResultCode.CONFLICT], `${event.type}: ${ack.msg}`).toContain(ack.code);
  return ack.code === ResultCode.OK;
}

async function play(intents: readonly Intent[], run: number): Promise<void> {
  const f = new EventFactory(`fin-prop-${run}`, BASE);
  const start = BASE.getTime() + run * 3 * DAY;
  const when = (m: number) => new Date(start + m * 60_000).toISOString();
  const settled: { uniqueId: string; amount: number; merchantCode: string }[] = [];
  for (const i of intents) {
    if (i.kind === 'payin') {
      const target = PAYIN_TARGETS[i.target] as Target;
      const uniqueId = f.uniqueId('pay');
      const created = f.created(
        {
          uniqueId,
          amount: i.amount,
          country: target.country,
          ...LOCAL[target.country as 'CL' | 'US'],
          ...(target.subMerchantCode ? { subMerchantCode: target.subMerchantCode } : {}),
        },
        target.merchantCode,
      );
      await deliver(at(created, when(i.minute)));
      if (!i.settle) continue;
      const fee = Math.floor((i.amount * i.feeBp) / 10_000);
      const vat = Math.floor((fee * i.vatPct) / 100);
      if (await deliver(at(f.settled(uniqueId, { fee, vat, availableInDays: 1 }, target.merchantCode), when(i.minute + 1)))) {
        settled.push({ uniqueId, amount: i.amount, merchantCode: target.merchantCode });
      }
    } else if (i.kind === 'refund' || i.kind === 'chargeback') {
      const of = settled[i.of % Math.max(settled.length, 1)];
      if (of === undefined) continue;
      const amount = Math.max(1, Math.floor((of.amount * i.pct) / 100));
      const event =
        i.kind === 'refund'
          ? f.refunded(of.uniqueId, amount, undefined, of.merchantCode)
          : f.chargedBack(of.uniqueId, amount, i.fee, undefined, of.merchantCode);
      await deliver(at(event, when(i.minute)));
    } else if (i.kind === 'payout') {
      if (i.fund > 0) {
        await deliver(at(f.toppedUp(Math.ceil(i.fund / 800) + 1), when(i.minute)));
        await deliver(
          at(
            f.transferredOut(Math.ceil(i.fund / 800), { country: 'CL', accountType: 'PAY_OUT', amount: i.fund, rate: '800' }),
            when(i.minute),
          ),
        );
      }
      const uniqueId = f.uniqueId('po');
      await deliver(
        at(f.payout({ uniqueId, amount: i.amount, country: 'CL', currency: 'CLP', productType: 'CL_BANK_TRANSFER' }), when(i.minute + 1)),
      );
      await deliver(at(f.payoutStatus(uniqueId, i.fate, i.fate === 'SETTLED' ? { fee: i.fee, vat: i.vat } : {}), when(i.minute + 2)));
    } else {
      t.clock.set(new Date(when(i.minute)));
      await releaseDue(t.db, t.clock);
      t.clock.set(FINAL);
    }
  }
}

async function reportOf(target: Target): Promise<DailyMoneyRow[]> {
  const subMerchantId = target.subMerchantCode ? await merchantId(t.db, target.subMerchantCode) : undefined;
  const to = todayIn(COUNTRY_INFO[target.country].timezoneName, FINAL);
  const rows: DailyMoneyRow[] = [];
  let cursor: string | undefined;
  do {
    const res = await callJson<Extract<DailyReportPage, { kind: 'MONEY' }>>(
      t,
      dailyReportPage,
      {
        country: target.country,
        accountType: target.accountType,
        billType: 'ACCOUNT',
        subMerchantId,
        range: { from: FROM, to },
        pageSize: 100,
        cursor,
      },
      admin,
    );
    expect(res.code, res.msg).toBe(ResultCode.OK);
    rows.push(...res.data.list);
    cursor = res.data.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return rows.reverse();
}

async function checkAccount(target: Target): Promise<void> {
  const accountId = await accountIdOf(t, target.holder, target.country, target.accountType);
  const days = await reportOf(target);
  const lines = new Map<string, number>();
  if (accountId !== null) {
    const perDay = await t.db
      .select({ date: statementLines.localDate, amount: sql<number>`sum(${statementLines.amount})::int8`.mapWith(Number) })
      .from(statementLines)
      .where(eq(statementLines.accountId, accountId))
      .groupBy(statementLines.localDate);
    for (const d of perDay) lines.set(d.date, d.amount);
  }
  expect(days[0]?.openingBalance, target.label).toBe(0);
  days.forEach((day, i) => {
    const next = days[i + 1];
    if (next) expect(next.openingBalance, `${target.label} ${next.date} opens at ${day.date}'s closing`).toBe(day.closingBalance);
    const moved = (day.closingBalance ?? 0) - (day.openingBalance ?? 0);
    expect(moved, `${target.label} ${day.date}: closing − opening = the day's lines`).toBe(lines.get(day.date) ?? 0);
    expect(day.net, `${target.label} ${day.date}: the columns`).toBe(moved);
  });
  const b = await localBalances(t.db, target.holder, target.country, target.accountType);
  expect(days.at(-1)?.closingBalance, `${target.label}: the last closing is the book balance`).toBe(
    b.AVAILABLE + b.PENDING + b.ON_HOLD + b.RESERVED + b.DEPOSIT_HELD + b.OWED,
  );
  const subMerchantId = target.subMerchantCode ? await merchantId(t.db, target.subMerchantCode) : undefined;
  const rec = await callJson<Reconciliation>(
    t,
    reconciliation,
    {
      country: target.country,
      accountType: target.accountType,
      subMerchantId,
      range: { from: FROM, to: todayIn(COUNTRY_INFO[target.country].timezoneName, FINAL) },
    },
    admin,
  );
  expect(rec.code, rec.msg).toBe(ResultCode.OK);
  expect(rec.data.balanced, `${target.label}: ${JSON.stringify(rec.data)}`).toBe(true);
}

test('random event sequences: every day chains and equals the ledger, in every zone', { timeout: 600_000 }, async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(intent, { minLength: 4, maxLength: 10 }), async (intents) => {
      await play(intents, run);
      run += 1;
      for (const target of [...PAYIN_TARGETS, PAYOUT_TARGET]) await checkAccount(target);
      expect(await checkLedger(t.db)).toEqual([]);
    }),
    { numRuns: NUM_RUNS, endOnFailure: true },
  );
  expect(run).toBe(NUM_RUNS);
  // The runs did move money (a property of nothing would hold trivially).
  const [lines] = await t.db.select({ n: sql<number>`count(*)::int` }).from(statementLines);
  expect(lines?.n).toBeGreaterThan(NUM_RUNS);
});
