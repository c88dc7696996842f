import type { Country } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { claimDefenses } from '@andes/contract/platform/endpoints';
import type { OfferedDefense, PlatformEventInput } from '@andes/contract/platform/schemas';
import { chargebackAppendixUpload } from '@andes/contract/risk/endpoints';
import type { ChargebackReasonCode } from '@andes/contract/risk/enums';
import { eq } from 'drizzle-orm';
import { chargebacks } from '../../src/db/schema/risk.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { PNG } from '../fixtures/accounting.ts';
import { json } from '../fixtures/payouts.ts';
import { createTestApp, type Envelope, envelope, fakeClock, type TestApp } from '../helper.ts';
import { type Answer, callInternal, type EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';
import { postForm } from '../multipart.ts';

/**
 * Fixtures of the chargeback tests (docs/decisions/0028): card pay-ins settled and released, their
 * chargebacks as the platform reports them (reason code, respondBy), the outcome events, the claim,
 * appendices uploaded as the browser uploads them.
 */

export const LONG_SESSIONS = { session: { idleMinutes: 60 * 24 * 365, maxHours: 24 * 365, rotateMinutes: 60 * 24 * 365 } };

export async function chargebackApp(start: Date): Promise<TestApp> {
  const t = await createTestApp({ clock: fakeClock(start), config: LONG_SESSIONS });
  await withPlatformToken(t.db);
  return t;
}

export async function applied(p: Promise<Answer<unknown>>): Promise<void> {
  const ack = await p;
  if (ack.code !== ResultCode.OK) throw new Error(`event refused: ${ack.code} ${ack.msg}`);
}

export interface PayinSpec {
  amount?: number;
  brand?: 'VISA' | 'MASTERCARD' | 'AMEX' | 'ELO';
  productType?: string;
  country?: Country;
  subMerchantCode?: string;
  merchantCode?: string;
  /** A payment link's pay-in (the payment-link report's channel). */
  paymentLinkId?: string;
}

const CURRENCY: Partial<Record<Country, string>> = { BR: 'BRL', MX: 'MXN', CO: 'COP' };

/** A card pay-in created, settled (no fee) and released now: its unique id. */
export async function settledPayin(t: TestApp, f: EventFactory, s: PayinSpec = {}): Promise<string> {
  const uniqueId = f.uniqueId('payin');
  const country = s.country ?? 'BR';
  await applied(
    sendEvent(
      t.app,
      f.created(
        {
          uniqueId,
          amount: s.amount ?? 10_000,
          country,
          currency: CURRENCY[country] as 'BRL',
          productType: (s.productType ?? 'CARD') as 'PIX',
          ...(s.brand === undefined && s.productType !== undefined
            ? {}
            : { card: { brand: s.brand ?? 'VISA', bin: '411111', last4: '1111' } }),
          ...(s.subMerchantCode ? { subMerchantCode: s.subMerchantCode } : {}),
          ...(s.paymentLinkId ? { paymentLinkId: s.paymentLinkId } : {}),
        },
        s.merchantCode,
      ),
    ),
  );
  await applied(sendEvent(t.app, f.settled(uniqueId, { availableInDays: 0 }, s.merchantCode)));
  await releaseDue(t.db, () => new Date(f.later(1)));
  return uniqueId;
}

export interface ChargebackSpec {
  amount: number;
  fee?: number;
  reasonCode?: ChargebackReasonCode;
  respondBy?: string;
  merchantCode?: string;
}

export function chargedBackEvent(f: EventFactory, payinId: string, s: ChargebackSpec, chargebackId = f.uniqueId('cb')): PlatformEventInput {
  return {
    ...f.next(),
    type: 'transaction.charged_back',
    merchantCode: s.merchantCode ?? 'ANDES-DEMO',
    data: {
      uniqueId: payinId,
      chargebackId,
      amount: s.amount,
      fee: s.fee ?? 0,
      reason: 'Cardholder dispute',
      ...(s.reasonCode ? { reasonCode: s.reasonCode } : {}),
      ...(s.respondBy ? { respondBy: s.respondBy } : {}),
    },
  };
}

/** A chargeback of the pay-in reported by the platform: its row. */
export async function chargeBack(t: TestApp, f: EventFactory, payinId: string, s: ChargebackSpec) {
  const event = chargedBackEvent(f, payinId, s);
  await applied(sendEvent(t.app, event));
  const uniqueId = (event.data as { chargebackId: string }).chargebackId;
  const [row] = await t.db
    .select({ cb: chargebacks })
    .from(chargebacks)
    .innerJoin(transactions, eq(transactions.id, chargebacks.transactionId))
    .where(eq(transactions.uniqueId, uniqueId));
  if (!row) throw new Error(`no chargeback row for ${uniqueId}`);
  return row.cb;
}

export function outcomeEvent(
  f: EventFactory,
  type: 'chargeback.won' | 'chargeback.lost',
  chargebackId: string,
  merchantCode = 'ANDES-DEMO',
): PlatformEventInput {
  return {
    ...f.next(),
    type,
    merchantCode,
    data: { chargebackId, reason: type === 'chargeback.won' ? 'Evidence accepted' : 'Evidence rejected' },
  };
}

export function claim(t: TestApp, body: { limit?: number; leaseSeconds?: number } = {}) {
  return callInternal<{ list: OfferedDefense[] }>(t.app, claimDefenses.path, body);
}

/** Uploads an appendix as the caller and answers its file id. */
export async function uploadAppendix(t: TestApp, token: string, name = 'receipt.png'): Promise<string> {
  const res = envelope<{ files: UploadedFile[] }>(
    await postForm(t.app, chargebackAppendixUpload.path, [{ name: 'files', filename: name, content: PNG }], token),
  );
  if (res.code !== ResultCode.OK) throw new Error(`upload: ${res.code} ${res.msg}`);
  return (res.data.files[0] as UploadedFile).fileId;
}

export function call<T>(t: TestApp, path: string, token: string, body: unknown): Promise<Envelope<T>> {
  return json<T>(t, path, token, body);
}
