import { randomUUID } from 'node:crypto';
import { activityPage } from '@andes/contract/activity/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import {
  installmentsPlanCheck,
  installmentsPlanList,
  payerAppendixDownload,
  payerLinkPay,
  payerLinkQuery,
  paymentLinkAppendixUpload,
  paymentLinkBatchCheck,
  paymentLinkBatchGenerate,
  paymentLinkCancel,
  paymentLinkGenerate,
  paymentLinkList,
  paymentLinkPage,
  paymentLinkProductList,
  paymentLinkQuery,
  paymentLinkTemplateDownload,
} from '@andes/contract/payment-link/endpoints';
import {
  type InstallmentsPlanCheck,
  type InstallmentsPlanList,
  PAYMENT_LINK_ID_PATTERN,
  PAYMENT_LINK_MESSAGES,
  PAYMENT_LINK_TOKEN_PATTERN,
  type PayerLink,
  type PaymentLink,
  type PaymentLinkBatchCheck,
  type PaymentLinkPage,
  type PaymentLinkProductList,
} from '@andes/contract/payment-link/schemas';
import { claimLinkPayments } from '@andes/contract/platform/endpoints';
import type { OfferedLinkPayment } from '@andes/contract/platform/schemas';
import type { TransactionDetail } from '@andes/contract/transaction/schemas';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOUR_MS } from '../../src/clock.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { paymentLinks } from '../../src/db/schema/payment-links.ts';
import { merchantProducts } from '../../src/db/schema/transactions.ts';
import { linkListQuery } from '../../src/modules/payment-link/payment-link.repository.ts';
import { demoActor, LONG_SESSIONS, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import { createTestApp, envelope, fakeClock, post, type TestApp } from '../helper.ts';
import { callInternal, EventFactory, merchantId, sendEvent, transactionRow, withPlatformToken } from '../ledger/support.ts';
import { type FormPart, postForm } from '../multipart.ts';
import { linkFileBytes, resultRows } from './support.ts';

let t: TestApp;
let admin: PayoutActor;
let condor: PayoutActor;
let viewer: PayoutActor;
let sub: PayoutActor;
let andes: number;
const f = new EventFactory('plink', new Date('2026-03-10T12:00:00Z'));
/** Every payer call from its own address, so the rate limit (per address) is only met where a test wants it. */
let ipSeq = 0;
const nextIp = () => `10.1.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;

const PUBLIC_KEYS = [
  'amount',
  'appendices',
  'country',
  'currency',
  'description',
  'expiresAt',
  'installments',
  'merchantName',
  'paidAt',
  'payment',
  'productType',
  'simulated',
  'status',
];

beforeAll(async () => {
  t = await createTestApp({ config: LONG_SESSIONS, clock: fakeClock(new Date('2026-03-10T15:00:00Z')) });
  await withPlatformToken(t.db);
  andes = await merchantId(t.db, 'ANDES-DEMO');
  // BR PIX without a minimum of its own: the link minimum of spec §5 (1.00 BRL) is the one that applies.
  await t.db
    .update(merchantProducts)
    .set({ minAmount: null })
    .where(and(eq(merchantProducts.merchantId, andes), eq(merchantProducts.country, 'BR'), eq(merchantProducts.productType, 'PIX')));
  admin = await demoActor(t, 'admin', 'admin@andes-demo.test');
  condor = await demoActor(t, 'condor', 'condor@condor.test');
  viewer = await payoutUser(t, 'pl.viewer', ['payment:payment-link']);
  sub = await payoutUser(t, 'pl.sub', ['payment:payment-link', 'payment:payment-link:create', 'payment:payment-link:cancel'], {
    subMerchant: 'ANDES-DEMO-BR',
  });
});
afterAll(async () => t?.close());

const call = <T>(path: string, body: unknown, token: string | null, ip?: string) =>
  post(t.app, path, body, { token, ...(ip ? { ip } : {}) }).then((r) => envelope<T>(r));

const linkBody = (extra: Record<string, unknown> = {}) => ({
  requestId: `req-${randomUUID()}`,
  country: 'BR',
  productType: 'PIX',
  amount: 10_000,
  description: 'Order 1001',
  ...extra,
});

async function generate(extra: Record<string, unknown> = {}, who: PayoutActor = admin): Promise<PaymentLink> {
  const res = await call<PaymentLink>(paymentLinkGenerate.path, linkBody(extra), who.token);
  if (res.code !== ResultCode.OK) throw new Error(`generate: ${res.code} ${res.msg}`);
  return res.data;
}

const tokenOf = (link: PaymentLink) => link.url.split('/pay/')[1] ?? '';
const payer = <T = PayerLink>(path: string, body: unknown, ip = nextIp()) => call<T>(path, body, null, ip);
const list = (body: Record<string, unknown>, who: PayoutActor = admin) =>
  call<PaymentLinkPage>(paymentLinkList.path, { country: 'BR', pageSize: 50, ...body }, who.token);

/** The platform reports a pay-in through the link, then its outcome. */
async function reportPayin(link: { linkId: string; amount: number }, outcome: 'SETTLED' | 'FAILED', subMerchantCode?: string) {
  const uniqueId = f.uniqueId('link-pay');
  const created = await sendEvent(
    t.app,
    f.created({ uniqueId, paymentLinkId: link.linkId, amount: link.amount, ...(subMerchantCode ? { subMerchantCode } : {}) }),
  );
  expect(created.code).toBe(ResultCode.OK);
  const after = await sendEvent(t.app, outcome === 'SETTLED' ? f.settled(uniqueId) : f.statusChanged(uniqueId, 'FAILED'));
  expect(after.code).toBe(ResultCode.OK);
  return uniqueId;
}

describe('options and installments', () => {
  test("product/list: the caller's countries, their open pay-in products, minimum = max(spec, product, 1 cent)", async () => {
    const res = await call<PaymentLinkProductList>(paymentLinkProductList.path, {}, admin.token);
    expect(res.code).toBe(ResultCode.OK);
    const br = res.data.list.find((c) => c.country === 'BR');
    expect(br?.currency).toBe('BRL');
    const pix = br?.options.find((o) => o.productType === 'PIX');
    expect(pix).toMatchObject({ minAmount: 100, maxAmount: 200_000, installments: false });
    // AME_QR is closed for ANDES-DEMO in BR: not offered.
    expect(br?.options.some((o) => o.productType === 'AME_QR')).toBe(false);
    expect(br?.options.find((o) => o.productType === 'CARD')?.installments).toBe(true);
    // BOLETO has no spec link minimum: its own product minimum applies.
    expect(br?.options.find((o) => o.productType === 'BOLETO')?.minAmount).toBe(2_000);
    const cl = await call<PaymentLinkProductList>(paymentLinkProductList.path, { country: 'CL' }, admin.token);
    expect(cl.data.list.map((c) => c.country)).toEqual(['CL']);
    expect(cl.data.list[0]?.options.find((o) => o.productType === 'CL_BANK_TRANSFER')?.minAmount).toBe(100_000);
    // CONDOR (MX, CO) may not name BR.
    expect((await call(paymentLinkProductList.path, { country: 'BR' }, condor.token)).code).toBe(ResultCode.FORBIDDEN);
    // A sub-merchant user sees their sub-merchant's countries.
    const subList = await call<PaymentLinkProductList>(paymentLinkProductList.path, {}, sub.token);
    expect(subList.data.list.map((c) => c.country)).toEqual(['BR', 'MX']);
  });

  test('installments-plan/list and /check: exact cents, the offered counts, the minimum per installment', async () => {
    const plans = await call<InstallmentsPlanList>(
      installmentsPlanList.path,
      { country: 'BR', productType: 'CARD', amount: 10_001 },
      admin.token,
    );
    expect(plans.data.list.map((p) => p.count)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const p of plans.data.list) expect(p.firstAmount + p.installmentAmount * (p.count - 1)).toBe(10_001);
    const mx = await call<InstallmentsPlanList>(
      installmentsPlanList.path,
      { country: 'MX', productType: 'CARD', amount: 120_000 },
      admin.token,
    );
    expect(mx.data.list.map((p) => [p.count, p.available])).toEqual([
      [3, true],
      [6, true],
      [9, true],
      [12, true],
    ]);
    const check = (body: object) => call<InstallmentsPlanCheck>(installmentsPlanCheck.path, body, admin.token).then((r) => r.data);
    expect(await check({ country: 'BR', productType: 'CARD', amount: 10_000, count: 3 })).toMatchObject({ available: true, reason: null });
    expect(await check({ country: 'BR', productType: 'PIX', amount: 10_000, count: 3 })).toMatchObject({
      available: false,
      reason: PAYMENT_LINK_MESSAGES.installmentsNotOffered,
    });
    expect(await check({ country: 'MX', productType: 'CARD', amount: 100_000, count: 4 })).toMatchObject({
      available: false,
      reason: PAYMENT_LINK_MESSAGES.installmentsNotOffered,
    });
    expect(await check({ country: 'MX', productType: 'CARD', amount: 119_999, count: 12 })).toMatchObject({
      available: false,
      reason: PAYMENT_LINK_MESSAGES.installmentsNotAvailable,
    });
  });
});

describe('generate', () => {
  test('a link: its id, its URL (token never stored in clear), the activity log and the payer e-mail', async () => {
    const link = await generate({ payerEmail: 'payer@example.com', merchantReference: 'INV-1' });
    expect(link.linkId).toMatch(PAYMENT_LINK_ID_PATTERN);
    expect(link.url).toMatch(new RegExp(`^${t.config.publicUrl}/pay/[A-Za-z0-9_-]{32}$`));
    expect(tokenOf(link)).toMatch(PAYMENT_LINK_TOKEN_PATTERN);
    expect(link).toMatchObject({
      status: 'ACTIVE',
      amount: 10_000,
      currency: 'BRL',
      merchantReference: 'INV-1',
      batch: false,
      paymentId: null,
      paymentTransactionId: null,
    });
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(72 * HOUR_MS);
    const [row] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(tokenOf(link));
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'payer@example.com'));
    expect(mails.some((m) => m.text.includes(link.url))).toBe(true);
    const log = await call<{ list: { event: string; objectId: string | null }[] }>(
      activityPage.path,
      { pageSize: 50, timeZone: 'UTC', events: ['PAYMENT_LINK_CREATED'] },
      admin.token,
    );
    expect(log.data.list.some((e) => e.event === 'PAYMENT_LINK_CREATED' && e.objectId === link.linkId)).toBe(true);
    // The list shows the same URL again.
    const page = await list({ keyword: link.linkId });
    expect(page.data.list.map((l) => l.url)).toEqual([link.url]);
  });

  test('minimums per product (spec §5): BR PIX 1.00 ok, 0.99 refused; CL bank transfer 1,000 ok, 999.99 refused', async () => {
    expect((await generate({ amount: 100 })).amount).toBe(100);
    const low = await call(paymentLinkGenerate.path, linkBody({ amount: 99 }), admin.token);
    expect(low).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: 'Amount must be between 1.00 and 2,000.00 BRL' });
    const cl = { country: 'CL', productType: 'CL_BANK_TRANSFER' };
    expect((await generate({ ...cl, amount: 100_000 })).amount).toBe(100_000);
    const clLow = await call(paymentLinkGenerate.path, linkBody({ ...cl, amount: 99_999 }), admin.token);
    expect(clLow).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: 'Amount must be between 1,000.00 and 20,000,000.00 CLP',
      data: { issues: [{ path: 'amount', message: 'Amount must be between 1,000.00 and 20,000,000.00 CLP' }] },
    });
  });

  test('refusals: a product not offered, installments not offered or too small, a reference used, a foreign appendix', async () => {
    const closed = await call(paymentLinkGenerate.path, linkBody({ productType: 'AME_QR' }), admin.token);
    expect(closed).toMatchObject({ code: ResultCode.VALIDATION_FAILED, msg: PAYMENT_LINK_MESSAGES.productNotOffered });
    const pixInstallments = await call(paymentLinkGenerate.path, linkBody({ installments: 3 }), admin.token);
    expect(pixInstallments.msg).toBe(PAYMENT_LINK_MESSAGES.installmentsNotOffered);
    const small = await call(paymentLinkGenerate.path, linkBody({ productType: 'CARD', amount: 1_400, installments: 3 }), admin.token);
    expect(small.msg).toBe(PAYMENT_LINK_MESSAGES.installmentsNotAvailable);
    const card = await generate({ productType: 'CARD', amount: 1_500, installments: 3 });
    expect(card.installments).toBe(3);
    await generate({ merchantReference: 'REF-TAKEN' });
    const taken = await call(paymentLinkGenerate.path, linkBody({ merchantReference: 'REF-TAKEN' }), admin.token);
    expect(taken).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      msg: 'The reference REF-TAKEN is already used by another payment link',
    });
    const upload = await postForm(
      t.app,
      paymentLinkAppendixUpload.path,
      [{ name: 'files', filename: 'quote.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' }],
      condor.token,
    );
    const foreign = envelope<{ files: { fileId: string }[] }>(upload);
    expect(foreign.code).toBe(ResultCode.OK);
    const refused = await call(paymentLinkGenerate.path, linkBody({ appendixFileIds: [foreign.data.files[0]?.fileId] }), admin.token);
    expect(refused.code).toBe(ResultCode.NOT_FOUND);
  });

  test('idempotent by request id: the same id answers the same link, also when sent concurrently', async () => {
    const body = linkBody({ merchantReference: 'IDEM-1' });
    const first = await call<PaymentLink>(paymentLinkGenerate.path, body, admin.token);
    const again = await call<PaymentLink>(paymentLinkGenerate.path, { ...body, amount: 12_345 }, admin.token);
    expect(again.data).toEqual(first.data);
    const racing = linkBody({ merchantReference: 'IDEM-2' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => call<PaymentLink>(paymentLinkGenerate.path, racing, admin.token)));
    expect(answers.map((a) => a.code)).toEqual(Array(5).fill(ResultCode.OK));
    expect(new Set(answers.map((a) => a.data.linkId)).size).toBe(1);
    const rows = await t.db.select().from(paymentLinks).where(eq(paymentLinks.requestId, racing.requestId));
    expect(rows).toHaveLength(1);
  });
});

describe('scope and permissions', () => {
  test("merchant A cannot see or cancel B's links; a sub-merchant user sees only theirs", async () => {
    const own = await generate({ description: 'merchant own' });
    const subLink = await generate({ description: 'sub-merchant link', amount: 5_000 }, sub);
    // CONDOR: not its country, and its MX list never holds ANDES-DEMO's links; its cancel answers as a missing id.
    const condorMx = await call<PaymentLinkPage>(paymentLinkList.path, { country: 'MX' }, condor.token);
    expect(condorMx.data.list).toEqual([]);
    expect((await call(paymentLinkList.path, { country: 'BR' }, condor.token)).code).toBe(ResultCode.FORBIDDEN);
    const foreignCancel = await call(paymentLinkCancel.path, { id: own.id }, condor.token);
    const missingCancel = await call(paymentLinkCancel.path, { id: 999_999_999 }, condor.token);
    expect(foreignCancel).toEqual(missingCancel);
    expect(foreignCancel.code).toBe(ResultCode.NOT_FOUND);
    // The sub-merchant user: only the sub-merchant's links; the merchant's own is not theirs to cancel.
    const subPage = await list({}, sub);
    expect(subPage.data.list.map((l) => l.id)).toEqual([subLink.id]);
    expect((await call(paymentLinkCancel.path, { id: own.id }, sub.token)).code).toBe(ResultCode.NOT_FOUND);
    // The merchant's users see the sub-merchant's links too.
    expect((await list({ keyword: subLink.linkId })).data.list.map((l) => l.id)).toEqual([subLink.id]);
    const [row] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, subLink.id));
    expect(row?.subMerchantId).toBe(await merchantId(t.db, 'ANDES-DEMO-BR'));
  });

  test('a viewer lists but may not generate or cancel', async () => {
    const link = await generate();
    expect((await list({}, viewer)).code).toBe(ResultCode.OK);
    expect((await call(paymentLinkGenerate.path, linkBody(), viewer.token)).code).toBe(ResultCode.FORBIDDEN);
    expect((await call(paymentLinkCancel.path, { id: link.id }, viewer.token)).code).toBe(ResultCode.FORBIDDEN);
  });
});

describe('cancel, expiry', () => {
  test('cancel: only an active link; a clear refusal when cancelled, expired, paid or being paid', async () => {
    const link = await generate();
    const cancelled = await call<PaymentLink>(paymentLinkCancel.path, { id: link.id }, admin.token);
    expect(cancelled.data).toMatchObject({ status: 'CANCELLED' });
    expect(cancelled.data.cancelledAt).not.toBeNull();
    expect((await call(paymentLinkCancel.path, { id: link.id }, admin.token)).msg).toBe('This payment link was cancelled');
    const pending = await generate();
    expect((await payer(payerLinkPay.path, { token: tokenOf(pending) })).data.payment).toBe('PENDING');
    expect((await call(paymentLinkCancel.path, { id: pending.id }, admin.token)).msg).toBe(
      'A payment of this link is in progress: it cannot be cancelled now',
    );
    const paid = await generate();
    await reportPayin(paid, 'SETTLED');
    expect((await call(paymentLinkCancel.path, { id: paid.id }, admin.token)).msg).toBe('This payment link is paid already');
    const short = await generate({ expiryHours: 1 });
    t.clock.advance(HOUR_MS);
    try {
      expect((await call(paymentLinkCancel.path, { id: short.id }, admin.token)).msg).toBe('This payment link has expired');
    } finally {
      t.clock.advance(-HOUR_MS);
    }
  });

  test('EXPIRED is derived from the time: in the list, its filter, the payer page and pay', async () => {
    const short = await generate({ expiryHours: 1, description: 'expiring soon' });
    const active = await list({ status: 'ACTIVE', keyword: short.linkId });
    expect(active.data.list.map((l) => l.status)).toEqual(['ACTIVE']);
    t.clock.advance(HOUR_MS);
    try {
      expect((await list({ keyword: short.linkId })).data.list.map((l) => l.status)).toEqual(['EXPIRED']);
      expect((await list({ status: 'ACTIVE', keyword: short.linkId })).data.list).toEqual([]);
      expect((await list({ status: 'EXPIRED', keyword: short.linkId })).data.list.map((l) => l.id)).toEqual([short.id]);
      expect((await payer(payerLinkQuery.path, { token: tokenOf(short) })).data.status).toBe('EXPIRED');
      expect((await payer(payerLinkPay.path, { token: tokenOf(short) })).msg).toBe('This payment link has expired');
    } finally {
      t.clock.advance(-HOUR_MS);
    }
  });
});

describe('the payer page (public)', () => {
  test("reveals only what paying needs: the exact keys, the merchant's trading name", async () => {
    const link = await generate({ productType: 'CARD', amount: 30_001, installments: 3, description: 'Sofa' });
    const res = await payer(payerLinkQuery.path, { token: tokenOf(link) });
    expect(res.code).toBe(ResultCode.OK);
    expect(Object.keys(res.data).sort()).toEqual(PUBLIC_KEYS);
    expect(res.data).toMatchObject({
      merchantName: 'Andes Demo Store',
      amount: 30_001,
      description: 'Sofa',
      status: 'ACTIVE',
      payment: null,
      simulated: false,
      installments: { count: 3, installmentAmount: 10_000, firstAmount: 10_001, total: 30_001 },
    });
    expect(JSON.stringify(res.data)).not.toMatch(new RegExp(`${link.linkId}|ANDES-DEMO|Fixture|demo\\.admin`));
  });

  test('an unknown token answers exactly as a malformed one; appendices download with the token', async () => {
    const unknown = await payer(payerLinkQuery.path, { token: 'A'.repeat(32) });
    const malformed = await payer(payerLinkQuery.path, { token: 'nope' });
    const missing = await payer(payerLinkQuery.path, {});
    expect(unknown).toEqual(malformed);
    expect(unknown).toEqual(missing);
    expect(unknown).toMatchObject({ code: ResultCode.NOT_FOUND, msg: 'This payment link does not exist', data: null });
    expect(await payer(payerLinkPay.path, { token: 'A'.repeat(32) })).toEqual(unknown);

    const upload = envelope<{ files: { fileId: string }[] }>(
      await postForm(
        t.app,
        paymentLinkAppendixUpload.path,
        [{ name: 'files', filename: 'quote.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' }],
        admin.token,
      ),
    );
    const fileId = upload.data.files[0]?.fileId as string;
    const link = await generate({ appendixFileIds: [fileId] });
    expect(link.appendices).toEqual([{ fileId, name: 'quote.pdf' }]);
    const page = await payer(payerLinkQuery.path, { token: tokenOf(link) });
    expect(page.data.appendices).toEqual([{ fileId, name: 'quote.pdf' }]);
    const file = await post(t.app, payerAppendixDownload.path, { token: tokenOf(link), fileId }, { ip: nextIp() });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('utf8')).toContain('%PDF-1.4');
    // Another link's token does not give it.
    const other = await generate();
    const refused = await post(t.app, payerAppendixDownload.path, { token: tokenOf(other), fileId }, { ip: nextIp() });
    expect(envelope(refused).code).toBe(ResultCode.NOT_FOUND);
  });

  test('rate-limited per address: 60 calls a minute', async () => {
    const link = await generate();
    const ip = '10.200.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 61; i += 1) codes.push((await payer(payerLinkQuery.path, { token: tokenOf(link) }, ip)).code);
    expect(codes.slice(0, 60).every((c) => c === ResultCode.OK)).toBe(true);
    expect(codes[60]).toBe(ResultCode.RATE_LIMITED);
    // Another address is not limited.
    expect((await payer(payerLinkQuery.path, { token: tokenOf(link) })).code).toBe(ResultCode.OK);
  });
});

describe('paying a link', () => {
  test('pay → claim → the pay-in settles → PAID, listed with its payment; the detail shows the link', async () => {
    const link = await generate({
      productType: 'CARD',
      amount: 20_000,
      installments: 2,
      description: 'Lamp',
      payerEmail: 'lamp@example.com',
    });
    const paid = await payer(payerLinkPay.path, { token: tokenOf(link) });
    expect(paid.data).toMatchObject({ status: 'ACTIVE', payment: 'PENDING' });
    // A repeat changes nothing.
    expect((await payer(payerLinkPay.path, { token: tokenOf(link) })).data.payment).toBe('PENDING');
    const claimed = await callInternal<{ list: OfferedLinkPayment[] }>(t.app, claimLinkPayments.path, { limit: 100 });
    const offer = claimed.data.list.find((o) => o.linkId === link.linkId);
    expect(offer).toMatchObject({
      merchantCode: 'ANDES-DEMO',
      subMerchantCode: null,
      country: 'BR',
      productType: 'CARD',
      amount: 20_000,
      installments: 2,
      payerEmail: 'lamp@example.com',
    });
    // Leased: not offered again within its lease.
    const again = await callInternal<{ list: OfferedLinkPayment[] }>(t.app, claimLinkPayments.path, { limit: 100 });
    expect(again.data.list.some((o) => o.linkId === link.linkId)).toBe(false);

    const uniqueId = await reportPayin(link, 'SETTLED');
    const page = await list({ keyword: link.linkId });
    expect(page.data.list[0]).toMatchObject({ status: 'PAID', paymentId: uniqueId });
    // The record id opens the payment's detail, whose link section names this link.
    const opened = await call<TransactionDetail>(paymentLinkQuery.path, { id: page.data.list[0]?.paymentTransactionId }, admin.token);
    expect(opened.data).toMatchObject({ uniqueId, paymentLink: { linkId: link.linkId, installments: { count: 2 } } });
    expect((await payer(payerLinkQuery.path, { token: tokenOf(link) })).data).toMatchObject({ status: 'PAID', payment: null });
    expect((await payer(payerLinkPay.path, { token: tokenOf(link) })).msg).toBe('This payment link is paid already');
    // Transactions → Payment Link lists the payment; its detail carries the link.
    const payments = await call<{ list: { uniqueId: string; id: number }[] }>(
      paymentLinkPage.path,
      { country: 'BR', paymentLinkId: link.linkId },
      admin.token,
    );
    expect(payments.data.list.map((p) => p.uniqueId)).toEqual([uniqueId]);
    const id = payments.data.list[0]?.id as number;
    const detail = await call<TransactionDetail>(paymentLinkQuery.path, { id }, admin.token);
    expect(detail.data.paymentLink).toEqual({
      linkId: link.linkId,
      description: 'Lamp',
      merchantReference: '',
      amount: 20_000,
      installments: { count: 2, installmentAmount: 10_000, firstAmount: 10_000 },
      createdAt: link.createdAt,
    });
    // A second settled pay-in through the same link stays a transaction: the link keeps its first payment.
    await reportPayin(link, 'SETTLED');
    expect((await list({ keyword: link.linkId })).data.list[0]?.paymentId).toBe(uniqueId);
  });

  test('a failed payment → FAILED; the payer pays again', async () => {
    const link = await generate();
    await payer(payerLinkPay.path, { token: tokenOf(link) });
    await reportPayin(link, 'FAILED');
    expect((await payer(payerLinkQuery.path, { token: tokenOf(link) })).data).toMatchObject({ status: 'ACTIVE', payment: 'FAILED' });
    // FAILED may be cancelled by the merchant; here the payer tries again instead.
    expect((await payer(payerLinkPay.path, { token: tokenOf(link) })).data.payment).toBe('PENDING');
    const claimed = await callInternal<{ list: OfferedLinkPayment[] }>(t.app, claimLinkPayments.path, { limit: 100 });
    expect(claimed.data.list.some((o) => o.linkId === link.linkId)).toBe(true);
  });

  test("another merchant's pay-in with the link id, and historic links without a row, change nothing", async () => {
    const link = await generate();
    await payer(payerLinkPay.path, { token: tokenOf(link) });
    const uniqueId = f.uniqueId('condor');
    await sendEvent(
      t.app,
      f.created({ uniqueId, paymentLinkId: link.linkId, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 10_000 }, 'CONDOR'),
    );
    await sendEvent(t.app, f.settled(uniqueId, {}, 'CONDOR'));
    expect((await payer(payerLinkQuery.path, { token: tokenOf(link) })).data).toMatchObject({ status: 'ACTIVE', payment: 'PENDING' });
    // A demo-history style link id (no row here): the pay-in's detail has no link.
    const historic = await reportPayin({ linkId: 'PLHIST00001', amount: 5_000 }, 'SETTLED');
    const row = await transactionRow(t.db, historic);
    const detail = await call<TransactionDetail>(paymentLinkQuery.path, { id: row?.id }, admin.token);
    expect(detail.code).toBe(ResultCode.OK);
    expect(detail.data.paymentLink).toBeNull();
  });
});

describe('batch', () => {
  // One file per list of rows, written once: an .xlsx carries the time it was written, so writing the
  // same rows again a second later is another file (as a person's re-saved file is), not a retry.
  const files = new WeakMap<object, Promise<Buffer>>();
  const fileOf = (rows: Record<string, ExcelJS.CellValue>[]) => {
    const file = files.get(rows) ?? linkFileBytes('BR', rows);
    files.set(rows, file);
    return file;
  };
  const form = async (fields: Record<string, string>, rows: Record<string, ExcelJS.CellValue>[]): Promise<FormPart[]> => [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: 'links.xlsx', content: await fileOf(rows), contentType: 'application/octet-stream' },
  ];
  const rows = [
    { productType: 'PIX', amount: '10.00', description: 'Row ok 1', merchantReference: 'B-1' },
    { productType: 'PIX', amount: '0.99', description: 'Too small' },
    { productType: 'PIX', amount: '20.00', description: 'Twice in file', merchantReference: 'B-1' },
    { productType: 'PIX', amount: '20.00', description: 'Used already', merchantReference: 'REF-BATCH-USED' },
    {
      productType: 'CARD',
      amount: '100.00',
      description: 'With installments',
      installments: '3',
      expiryHours: '24',
      payerEmail: 'batch@example.com',
    },
    { productType: 'AME_QR', amount: '10.00', description: 'Closed product' },
  ];

  test('the template: the products offered as the drop-down', async () => {
    const res = await post(t.app, paymentLinkTemplateDownload.path, { country: 'BR' }, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Payment links') as ExcelJS.Worksheet;
    const headers: string[] = [];
    sheet.getRow(1).eachCell((c) => {
      headers.push(String(c.value));
    });
    expect(headers).toEqual([
      'Product type *',
      'Amount *',
      'Description *',
      'Merchant reference',
      'Expiry hours',
      'Installments',
      'Payer e-mail',
    ]);
  });

  test('the JSON check and the dry run report every row; generation makes the valid ones at once, idempotent', async () => {
    await generate({ merchantReference: 'REF-BATCH-USED' });
    const check = envelope<PaymentLinkBatchCheck>(
      await postForm(t.app, paymentLinkBatchCheck.path, await form({ country: 'BR' }, rows), admin.token),
    );
    expect(check.code).toBe(ResultCode.OK);
    expect(check.data).toMatchObject({ total: 6, ok: 2, failed: 4, amount: 11_000 });
    const errors = Object.fromEntries(check.data.rows.map((r) => [r.rowNumber, r.errors.join('; ')]));
    expect(errors[3]).toBe('Amount: Amount must be between 1.00 and 2,000.00 BRL');
    expect(errors[4]).toBe('The reference B-1 is also on row 2 of this file');
    expect(errors[5]).toBe('The reference REF-BATCH-USED is already used by another payment link');
    expect(errors[7]).toBe(`Product type: ${PAYMENT_LINK_MESSAGES.productNotOffered}`);

    const dry = await postForm(t.app, paymentLinkBatchGenerate.path, await form({ country: 'BR', dryRun: 'true' }, rows), admin.token);
    expect(dry.statusCode).toBe(200);
    const dryRows = await resultRows(dry);
    expect(dryRows.map((r) => r.Result)).toEqual(['OK', 'Error', 'Error', 'Error', 'OK', 'Error']);
    expect(dryRows.every((r) => r['Link id'] === '')).toBe(true);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(paymentLinks);

    const requestId = `batch-${randomUUID()}`;
    const fields = { country: 'BR', requestId };
    const made = await postForm(t.app, paymentLinkBatchGenerate.path, await form(fields, rows), admin.token);
    expect(made.statusCode).toBe(200);
    const madeRows = await resultRows(made);
    const ok = madeRows.filter((r) => r.Result === 'OK');
    expect(ok).toHaveLength(2);
    for (const r of ok) {
      expect(r['Link id']).toMatch(PAYMENT_LINK_ID_PATTERN);
      expect(r.URL).toMatch(new RegExp(`^${t.config.publicUrl}/pay/[A-Za-z0-9_-]{32}$`));
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(paymentLinks);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(2);
    // The links work: their public pages answer, and they are listed as made by a batch.
    const card = ok.find((r) => r.Description === 'With installments') as Record<string, string>;
    const page = await payer(payerLinkQuery.path, { token: card.URL?.split('/pay/')[1] });
    expect(page.data).toMatchObject({ amount: 10_000, installments: { count: 3 } });
    expect((await list({ keyword: card['Link id'] })).data.list[0]).toMatchObject({ batch: true, installments: 3 });

    // The same request id and file: the same links, nothing more.
    const repeat = await postForm(t.app, paymentLinkBatchGenerate.path, await form(fields, rows), admin.token);
    const repeatOk = (await resultRows(repeat)).filter((r) => r.Result === 'OK');
    expect(repeatOk.map((r) => [r['Link id'], r.URL])).toEqual(ok.map((r) => [r['Link id'], r.URL]));
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(paymentLinks))[0]?.n).toBe(after[0]?.n);
    // A concurrent retry of a new request: one generation, every answer the same links.
    const racingFields = { country: 'BR', requestId: `batch-${randomUUID()}` };
    const racingRows = [
      { productType: 'PIX', amount: '12.00', description: 'Racing', merchantReference: `RACE-${randomUUID().slice(0, 8)}` },
    ];
    const racing = await Promise.all(
      [1, 2, 3].map(async () => postForm(t.app, paymentLinkBatchGenerate.path, await form(racingFields, racingRows), admin.token)),
    );
    const racingIds = await Promise.all(racing.map(async (r) => (await resultRows(r)).map((x) => x['Link id'])));
    expect(new Set(racingIds.map((ids) => ids.join())).size).toBe(1);
    expect(racingIds[0]?.[0]).toMatch(PAYMENT_LINK_ID_PATTERN);
    // The same request id with another file is refused.
    const other = await postForm(t.app, paymentLinkBatchGenerate.path, await form(fields, rows.slice(0, 1)), admin.token);
    expect(envelope(other)).toMatchObject({ code: ResultCode.CONFLICT });
  });
});

test('EXPLAIN: the list reads its index backwards, no sort', async () => {
  const scope = { merchantId: andes, subMerchantId: null };
  const subScope = { merchantId: andes, subMerchantId: await merchantId(t.db, 'ANDES-DEMO-BR') };
  const now = t.clock();
  const plans: string[] = [];
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    for (const [s, filter, before] of [
      [scope, { country: 'BR', now }, undefined],
      [scope, { country: 'BR', now, status: 'EXPIRED' as const }, 1_000],
      [scope, { country: 'BR', now, keyword: 'order' }, undefined],
      [subScope, { country: 'BR', now }, undefined],
    ] as const) {
      const res = await tx.execute(sql`explain ${linkListQuery(tx, s, filter, before, 21)}`);
      plans.push((res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n'));
    }
  });
  for (const plan of plans) {
    expect(plan).toMatch(/Index Scan Backward using payment_links_(sub_merchant_)?list_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  }
});
