import { randomUUID } from 'node:crypto';
import { PAYOUT_VERIFY_CODE_MAX_ATTEMPTS, PAYOUT_VERIFY_CODE_TTL_MINUTES } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import { payoutCreate, payoutPage, payoutVerifyCodeSend } from '@andes/contract/payout/endpoints';
import { PAYOUT_MESSAGES, type PayoutCreateAnswer, type PayoutPage } from '@andes/contract/payout/schemas';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { payoutBatches, payouts, payoutVerifyCodes } from '../../src/db/schema/payouts.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import {
  codeFromMail,
  createPayout,
  demoActor,
  expectLedgerConsistent,
  fundedPayoutApp,
  fundPayoutAccount,
  json,
  type PayoutActor,
  payoutUser,
  pixPayout,
  sendCode,
  setPricing,
  speiPayout,
} from '../fixtures/payouts.ts';
import type { TestApp } from '../helper.ts';
import { EventFactory, localBalances } from '../ledger/support.ts';

/**
 * Creating payouts (issue #11): the quote, the verification code e-mailed to the creator and
 * bound to what it creates, the reservation of amount + fee + VAT in the same transaction,
 * idempotency by request id, duplicates, insufficient balance, permissions and scope. Every test
 * ends with the ledger consistent (ledger-check).
 */

const START = new Date('2026-05-04T15:00:00.000Z');
let t: TestApp;
let admin: PayoutActor;
let operator: PayoutActor;
let finance: PayoutActor;
let condor: PayoutActor;
let noEmail: PayoutActor;
const f = new EventFactory('payout-create', START);

beforeAll(async () => {
  t = await fundedPayoutApp(f, START, { BR: 10_000_000, MX: 5_000_000 });
  admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
  operator = await demoActor(t, 'payout', 'paula.payout@andes-demo.test');
  finance = await demoActor(t, 'finance', 'fernando.finance@andes-demo.test');
  condor = await demoActor(t, 'condor', 'carlos.admin@condor.test');
  noEmail = await payoutUser(t, 'payout.noemail', ['payment:payout', 'payment:payout:create'], { email: null });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerConsistent(t));

const create = (actor: PayoutActor, body: unknown) => json<PayoutCreateAnswer>(t, payoutCreate.path, actor.token, body);
const page = (actor: PayoutActor, body: unknown) => json<PayoutPage>(t, payoutPage.path, actor.token, body);
const rowsOf = async (table: typeof payouts | typeof payoutBatches | typeof payoutVerifyCodes) =>
  Number((await t.db.select({ n: count() }).from(table))[0]?.n ?? 0);

describe('the quote (dryRun)', () => {
  test('answers amount, fee, VAT and the balance after, and writes nothing', async () => {
    // MX SPEI: 1.25 % + 1.00 MXN, VAT 16 % on the fee. 100.40 MXN → 125.5 → 126 (half up) + 100 = 226; VAT 36.16 → 36.
    await setPricing(t, 'MX', 'SPEI', { feeBps: 125, feeFixed: 100, vatBps: 1600 });
    const before = await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT');
    const answer = await create(admin, speiPayout(10_040, { dryRun: true }));
    expect(answer.code).toBe(ResultCode.OK);
    expect(answer.data).toEqual({
      quote: {
        currency: 'MXN',
        count: 1,
        amount: 10_040,
        fee: 226,
        vat: 36,
        total: 10_302,
        availableBefore: before.AVAILABLE,
        availableAfter: before.AVAILABLE - 10_302,
        sufficient: true,
      },
      duplicates: [],
      payout: null,
    });
    expect(await rowsOf(payouts)).toBe(0);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT')).toEqual(before);
  });

  test('the rail must be open for the merchant; the amount within the rail’s limits', async () => {
    await setPricing(t, 'MX', 'SPEI', { feeBps: 0, feeFixed: 700, vatBps: 1600, open: 0 });
    const closed = await create(admin, speiPayout(20_000, { dryRun: true }));
    expect(closed).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: PAYOUT_MESSAGES.railClosed('SPEI') });
    await setPricing(t, 'MX', 'SPEI', { feeBps: 0, feeFixed: 700, vatBps: 1600 });
    const small = await create(admin, speiPayout(9_999, { dryRun: true }));
    expect(small).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: 'amount: Amount must be between 100.00 and 500,000.00 MXN' });
    const badClabe = await create(admin, {
      ...speiPayout(20_000, { dryRun: true }),
      beneficiary: { name: 'Juan', accountNo: '032180000118359718' },
    });
    expect(badClabe).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: 'beneficiary.accountNo: Enter the 18-digit CLABE with its check digit',
    });
  });
});

describe('the verification code', () => {
  test('is e-mailed to the caller (6 digits, masked address), stored only as a hash, and bound to the payouts', async () => {
    t.clock.advance(61_000);
    const sent = await json<{ sentTo: string; expiresAt: string; resendAt: string }>(t, payoutVerifyCodeSend.path, operator.token, {
      country: 'BR',
      count: 1,
      amount: 50_000,
    });
    expect(sent).toMatchObject({ code: ResultCode.OK, data: { sentTo: 'pa***@andes-demo.test' } });
    expect(Date.parse(sent.data.expiresAt) - t.clock().getTime()).toBe(PAYOUT_VERIFY_CODE_TTL_MINUTES * 60_000);
    const code = await codeFromMail(t, operator.email);
    expect(code).toMatch(/^[0-9]{6}$/);
    const [row] = await t.db.select().from(payoutVerifyCodes).orderBy(desc(payoutVerifyCodes.id)).limit(1);
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, operator.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.subject).not.toContain(code);

    // Another before the pause is refused.
    const again = await json(t, payoutVerifyCodeSend.path, operator.token, { country: 'BR', count: 1, amount: 50_000 });
    expect(again).toMatchObject({ code: ResultCode.RATE_LIMITED, msg: PAYOUT_MESSAGES.codeTooSoon(60) });

    // A code for other payouts is refused; the right ones are created with it, once.
    const other = await create(operator, pixPayout(50_100, { verifyCode: code, requestId: randomUUID() }));
    expect(other).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: PAYOUT_MESSAGES.codeOtherPayouts });
    const ok = await create(operator, pixPayout(50_000, { verifyCode: code, requestId: randomUUID() }));
    expect(ok.code).toBe(ResultCode.OK);
    const reused = await create(operator, pixPayout(50_000, { verifyCode: code, requestId: randomUUID() }, 'other@example.com'));
    expect(reused).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: PAYOUT_MESSAGES.codeRequired });
  });

  test('a creation needs the code and a request id', async () => {
    expect(await create(operator, pixPayout(1_000))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: PAYOUT_MESSAGES.codeRequired,
    });
    expect(await create(operator, pixPayout(1_000, { verifyCode: '123456' }))).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: PAYOUT_MESSAGES.requestIdRequired,
    });
  });

  test(`a wrong code is refused; after ${PAYOUT_VERIFY_CODE_MAX_ATTEMPTS} wrong entries the code is dead`, async () => {
    const code = await sendCode(t, operator, 'BR', 1, 2_000);
    const wrong = code === '000000' ? '000001' : '000000';
    const body = pixPayout(2_000, { requestId: randomUUID() }, 'wrong@example.com');
    for (let i = 1; i < PAYOUT_VERIFY_CODE_MAX_ATTEMPTS; i += 1) {
      expect(await create(operator, { ...body, verifyCode: wrong })).toMatchObject({ msg: PAYOUT_MESSAGES.codeIncorrect });
    }
    expect(await create(operator, { ...body, verifyCode: wrong })).toMatchObject({ msg: PAYOUT_MESSAGES.codeTooManyAttempts });
    expect(await create(operator, { ...body, verifyCode: code })).toMatchObject({ msg: PAYOUT_MESSAGES.codeTooManyAttempts });
  });

  test('an expired code is sent again, and the answer says so in the words of spec §8', async () => {
    const code = await sendCode(t, operator, 'BR', 1, 3_000);
    const mailsBefore = Number((await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, operator.email)))[0]?.n);
    t.clock.advance(PAYOUT_VERIFY_CODE_TTL_MINUTES * 60_000);
    const body = pixPayout(3_000, { requestId: randomUUID() }, 'expired@example.com');
    const expired = await create(operator, { ...body, verifyCode: code });
    expect(expired).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: 'The verification code has expired and has been re sent for you.',
    });
    const mailsAfter = Number((await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, operator.email)))[0]?.n);
    expect(mailsAfter).toBe(mailsBefore + 1);
    const fresh = await codeFromMail(t, operator.email);
    expect((await create(operator, { ...body, verifyCode: fresh })).code).toBe(ResultCode.OK);
  });

  test('a user without an e-mail address is told so', async () => {
    const res = await json(t, payoutVerifyCodeSend.path, noEmail.token, { country: 'BR', count: 1, amount: 1_000 });
    expect(res).toMatchObject({ code: ResultCode.CONFLICT, msg: PAYOUT_MESSAGES.noEmail });
  });
});

describe('creating one payout', () => {
  test('reserves amount + fee + VAT, is PENDING in the list and CREATED in /transactions/payout, and is in the activity log', async () => {
    await setPricing(t, 'MX', 'SPEI', { feeBps: 0, feeFixed: 700, vatBps: 1600 });
    const before = await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT');
    const created = await createPayout(t, admin, speiPayout(250_000, { merchantReference: 'INV-MX-1' }));
    expect(created.code).toBe(ResultCode.OK);
    const payout = created.data.payout;
    expect(payout).toMatchObject({
      uniqueId: expect.stringMatching(/^PO[0-9A-Z]+$/),
      merchantReference: 'INV-MX-1',
      country: 'MX',
      currency: 'MXN',
      productType: 'SPEI',
      method: 'SPEI',
      amount: 250_000,
      fee: 700,
      vat: 112,
      status: 'PENDING',
      approvalStatus: 'PENDING',
      beneficiary: { name: 'Juan Pérez', accountNo: '032180000118359719' },
      createdBy: 'Ana Admin',
      approvedBy: null,
      fileName: null,
    });
    expect(Date.parse(payout?.expiresAt ?? '') - t.clock().getTime()).toBe(7 * 86_400_000);
    expect(created.data.quote).toMatchObject({
      total: 250_812,
      availableBefore: before.AVAILABLE,
      availableAfter: before.AVAILABLE - 250_812,
    });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'MX', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE - 250_812,
      RESERVED: before.RESERVED + 250_812,
    });

    const list = await page(admin, { country: 'MX', tab: 'PENDING' });
    expect(list.data.list.map((p) => p.uniqueId)).toContain(payout?.uniqueId);
    expect(list.data.balance).toEqual({ currency: 'MXN', available: before.AVAILABLE - 250_812, reserved: before.RESERVED + 250_812 });
    const txList = await json<{ list: { uniqueId: string; status: string }[] }>(t, transactionPage.path, admin.token, {
      list: 'payout',
      country: 'MX',
    });
    expect(txList.data.list.find((x) => x.uniqueId === payout?.uniqueId)).toMatchObject({ status: 'CREATED' });

    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'PAYOUT_CREATED'))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorUsername: 'demo.admin', objectType: 'PAYOUT', objectId: payout?.uniqueId });
    expect(entry?.details).toMatchObject({ country: 'MX', count: '1', amount: '2,500.00 MXN', charges: '8.12 MXN' });
  });

  test('the same request id answers the first outcome (nothing twice); with other content it is refused', async () => {
    const requestId = randomUUID();
    const body = pixPayout(12_345, { merchantReference: 'IDEM-1' }, 'idem@example.com');
    const code = await sendCode(t, admin, 'BR', 1, 12_345);
    // Three at once (a double click and a retry): one payout, and each answer names it.
    const [first, second, third] = await Promise.all([
      create(admin, { ...body, verifyCode: code, requestId }),
      create(admin, { ...body, verifyCode: code, requestId }),
      create(admin, { ...body, verifyCode: code, requestId }),
    ]);
    expect(first.code).toBe(ResultCode.OK);
    expect(second.data.payout?.uniqueId).toBe(first.data.payout?.uniqueId);
    expect(third.data.payout?.uniqueId).toBe(first.data.payout?.uniqueId);
    // Later, too.
    expect((await create(admin, { ...body, verifyCode: code, requestId })).data.payout?.uniqueId).toBe(first.data.payout?.uniqueId);
    const made = await t.db.select({ n: count() }).from(transactions).where(eq(transactions.merchantReference, 'IDEM-1'));
    expect(made[0]?.n).toBe(1);
    const other = await create(admin, { ...body, amount: 12_346, verifyCode: code, requestId });
    expect(other).toMatchObject({ code: ResultCode.CONFLICT, msg: PAYOUT_MESSAGES.requestReused });
  });

  test('a reference used before is refused', async () => {
    const res = await createPayout(t, admin, pixPayout(5_000, { merchantReference: 'IDEM-1' }, 'ref@example.com'));
    expect(res).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: PAYOUT_MESSAGES.referenceUsed('IDEM-1') });
  });

  test('a duplicate (same beneficiary and amount within 7 days) needs confirmation', async () => {
    const body = pixPayout(7_777, {}, 'dup@example.com');
    const first = await createPayout(t, admin, body);
    expect(first.code).toBe(ResultCode.OK);
    const quote = await create(admin, { ...body, dryRun: true });
    expect(quote.data.duplicates).toEqual([
      { uniqueId: first.data.payout?.uniqueId, rowNumber: null, createdAt: first.data.payout?.createdAt, status: 'PENDING' },
    ]);
    const refused = await createPayout(t, admin, body);
    expect(refused).toMatchObject({ code: ResultCode.CONFLICT, msg: PAYOUT_MESSAGES.duplicatesNotConfirmed });
    expect((refused.data as unknown as { duplicates: unknown[] }).duplicates).toHaveLength(1);
    const confirmed = await createPayout(t, admin, body, { confirmDuplicates: true });
    expect(confirmed.data.payout).toMatchObject({ duplicateConfirmed: true });
    // Eight days later it is no longer a duplicate.
    t.clock.advance(8 * 86_400_000);
    expect((await create(admin, { ...body, dryRun: true })).data.duplicates).toEqual([]);
  });

  test('a balance that does not cover amount + fee + VAT refuses it and reserves nothing', async () => {
    // ZA EFT: 10.00 ZAR fee + 15 % VAT. 200.00 ZAR covers the 199.50 ZAR amount, not 199.50 + 10.00 + 1.50.
    await fundPayoutAccount(t, f, 'ZA', 20_000, '18.0');
    const before = await localBalances(t.db, 'ANDES-DEMO', 'ZA', 'PAY_OUT');
    expect(before.AVAILABLE).toBeGreaterThanOrEqual(20_000);
    const payoutsBefore = await rowsOf(payouts);
    const body = {
      country: 'ZA',
      productType: 'BANK_TRANSFER',
      amount: before.AVAILABLE - 50,
      beneficiary: { name: 'Thabo Nkosi', bankCode: '250655', accountType: 'CHECKING', accountNo: '1234567890' },
    };
    const quote = await create(admin, { ...body, dryRun: true });
    expect(quote.data.quote).toMatchObject({ fee: 1_000, vat: 150, sufficient: false });
    const verifyCode = await sendCode(t, admin, 'ZA', 1, body.amount);
    const requestId = randomUUID();
    const res = await create(admin, { ...body, verifyCode, requestId });
    expect(res).toMatchObject({
      code: ResultCode.INSUFFICIENT_BALANCE,
      msg: PAYOUT_MESSAGES.insufficient(
        `${(before.AVAILABLE / 100).toFixed(2)} ZAR`,
        `${((before.AVAILABLE + 1_100) / 100).toFixed(2)} ZAR`,
      ),
    });
    expect(await localBalances(t.db, 'ANDES-DEMO', 'ZA', 'PAY_OUT')).toEqual(before);
    expect(await rowsOf(payouts)).toBe(payoutsBefore);
    // Neither the code nor the request id was used up: once the account is funded, the same request goes through.
    await fundPayoutAccount(t, f, 'ZA', 2_000, '18.0');
    const covered = await create(admin, { ...body, verifyCode, requestId });
    expect(covered.code).toBe(ResultCode.OK);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'ZA', 'PAY_OUT')).toMatchObject({
      AVAILABLE: before.AVAILABLE + 2_000 - body.amount - 1_150,
      RESERVED: body.amount + 1_150,
    });
  });
});

describe('permissions and scope', () => {
  test('no payment:payout → 200003; the operator may create but not approve', async () => {
    expect((await page(finance, { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);
    expect((await create(finance, pixPayout(1_000, { dryRun: true }))).code).toBe(ResultCode.FORBIDDEN);
    expect((await json(t, payoutVerifyCodeSend.path, finance.token, { country: 'BR', count: 1, amount: 1 })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await create(operator, pixPayout(1_000, { dryRun: true }))).code).toBe(ResultCode.OK);
  });

  test('a country outside the caller’s is refused; another merchant sees none of ANDES-DEMO’s payouts', async () => {
    expect((await page(operator, { country: 'CO' })).code).toBe(ResultCode.FORBIDDEN);
    const mine = await page(admin, { country: 'MX', tab: 'PENDING' });
    const id = mine.data.list[0]?.id as number;
    const theirs = await page(condor, { country: 'MX', tab: 'PENDING', id });
    expect(theirs.data).toMatchObject({ list: [], total: 0, detail: null });
    expect(await page(condor, { country: 'MX', tab: 'PENDING', id: 2_147_483_647 })).toEqual(theirs);
  });

  test('the list pages by cursor, filters, and shows one payout with its history', async () => {
    const all = await page(admin, { country: 'BR', tab: 'PENDING', pageSize: 10 });
    expect(all.data.total).toBeGreaterThan(2);
    // Walking the pages by cursor gives the whole list, newest first, each payout once.
    for (let i = 0; i < 8; i += 1)
      expect((await createPayout(t, admin, pixPayout(1_000 + i, {}, `page${i}@example.com`))).code).toBe(ResultCode.OK);
    const whole = (await page(admin, { country: 'BR', pageSize: 100 })).data.list.map((p) => p.id);
    const walked: number[] = [];
    let cursor: string | null | undefined;
    do {
      const next: { data: PayoutPage } = await page(admin, { country: 'BR', pageSize: 10, ...(cursor ? { cursor } : {}) });
      walked.push(...next.data.list.map((p) => p.id));
      cursor = next.data.nextCursor;
    } while (cursor);
    expect(walked).toEqual(whole);
    expect(whole.length).toBeGreaterThan(10);
    expect(await page(admin, { country: 'BR', cursor: 'not-a-cursor' })).toMatchObject({ code: ResultCode.VALIDATION_FAILED });
    const byKeyword = await page(admin, { country: 'BR', tab: 'PENDING', keyword: 'IDEM' });
    expect(byKeyword.data.list.map((p) => p.merchantReference)).toEqual(['IDEM-1']);
    const byName = await page(admin, { country: 'BR', keyword: 'maria' });
    expect(byName.data.list.length).toBeGreaterThan(0);
    const detail = await page(admin, { country: 'BR', id: byKeyword.data.list[0]?.id });
    expect(detail.data.detail?.history).toEqual([
      { event: 'CREATED', at: expect.any(String), by: 'Ana Admin', transactionStatus: 'CREATED', reason: null },
    ]);
    expect((await page(admin, { country: 'BR', tab: 'APPROVED' })).data.list).toEqual([]);
    const small = await page(admin, { country: 'BR', tab: 'PENDING', pageSize: 10, status: 'PENDING', productType: 'PIX' });
    expect(small.data.list.every((p) => p.productType === 'PIX' && p.status === 'PENDING')).toBe(true);
  });
});

describe('records', () => {
  test('the code rows never hold a code, and batches keep what was asked', async () => {
    const batches = await t.db
      .select()
      .from(payoutBatches)
      .where(and(eq(payoutBatches.source, 'SINGLE')));
    expect(batches.every((b) => /^[0-9a-f]{64}$/.test(b.requestHash))).toBe(true);
  });
});
