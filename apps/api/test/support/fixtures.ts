import { ResultCode } from '@andes/contract/common/envelope';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { claimCases } from '@andes/contract/platform/endpoints';
import type { OfferedCase, PlatformEventInput } from '@andes/contract/platform/schemas';
import { caseFileUpload, caseSave } from '@andes/contract/support/endpoints';
import type { CaseSaveRequest, CaseSaveResult } from '@andes/contract/support/schemas';
import { PNG } from '../fixtures/accounting.ts';
import { json } from '../fixtures/payouts.ts';
import { createTestApp, type Envelope, envelope, fakeClock, type TestApp } from '../helper.ts';
import { type Answer, callInternal, type EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';
import { postForm } from '../multipart.ts';

/**
 * Fixtures of the support case tests (docs/decisions/0029): an app with the platform's token, cases
 * opened as the browser opens them, files uploaded like the uploader, and the provider's events.
 */

export const LONG_SESSIONS = { session: { idleMinutes: 60 * 24 * 365, maxHours: 24 * 365, rotateMinutes: 60 * 24 * 365 } };

/** A valid Pix end-to-end id (E + ISPB + yyyyMMddHHmm + 11 alphanumerics). */
export const E2E_ID = 'E12345678202603021500abcDEF12345';
/** A CLABE with a valid check digit, and the same with a wrong one. */
export const CLABE = '032180000118359719';
export const BAD_CLABE = '032180000118359718';

export async function supportApp(start: Date): Promise<TestApp> {
  const t = await createTestApp({ clock: fakeClock(start), config: LONG_SESSIONS });
  await withPlatformToken(t.db);
  return t;
}

export function call<T>(t: TestApp, path: string, token: string, body: unknown): Promise<Envelope<T>> {
  return json<T>(t, path, token, body);
}

let keys = 0;
/** A fresh idempotency key / request id. */
export function key(prefix = 'key'): string {
  keys += 1;
  return `${prefix}-${Date.now().toString(36)}-${keys}`;
}

/** A case's fields as the create form sends them (BR, TRANSACTIONS) with a fresh key. */
export function caseBody(extra: Partial<CaseSaveRequest> = {}): CaseSaveRequest {
  return {
    idempotencyKey: key('case'),
    country: 'BR',
    caseType: 'TRANSACTIONS',
    title: 'Pix not credited',
    description: 'The customer paid but the order is still waiting.',
    ...extra,
  };
}

/** Opens a case and answers the result (throws when refused). */
export async function openCase(t: TestApp, token: string, extra: Partial<CaseSaveRequest> = {}): Promise<CaseSaveResult> {
  const res = await call<CaseSaveResult>(t, caseSave.path, token, caseBody(extra));
  if (res.code !== ResultCode.OK) throw new Error(`open case: ${res.code} ${res.msg}`);
  return res.data;
}

/** Uploads a file as the caller and answers its file id. */
export async function upload(t: TestApp, token: string, name = 'receipt.png'): Promise<string> {
  const res = envelope<{ files: UploadedFile[] }>(
    await postForm(t.app, caseFileUpload.path, [{ name: 'files', filename: name, content: PNG }], token),
  );
  if (res.code !== ResultCode.OK) throw new Error(`upload: ${res.code} ${res.msg}`);
  return (res.data.files[0] as UploadedFile).fileId;
}

export function claim(t: TestApp, body: { limit?: number; leaseSeconds?: number } = {}): Promise<Answer<{ list: OfferedCase[] }>> {
  return callInternal<{ list: OfferedCase[] }>(t.app, claimCases.path, body);
}

export function repliedEvent(
  f: EventFactory,
  caseNo: string,
  data: {
    content?: string;
    responder?: string;
    status?: 'PROCESSING' | 'SOLVED';
    attachments?: { name: string; contentBase64: string }[];
  } = {},
  merchantCode = 'ANDES-DEMO',
): PlatformEventInput {
  return {
    ...f.next(),
    type: 'case.replied',
    merchantCode,
    data: { caseNo, responder: data.responder ?? 'Paula Provider', content: data.content ?? 'We are looking into it.', ...data },
  };
}

export function statusEvent(
  f: EventFactory,
  caseNo: string,
  status: 'PROCESSING' | 'SOLVED' | 'CLOSED',
  note = 'Taken up',
  merchantCode = 'ANDES-DEMO',
): PlatformEventInput {
  return { ...f.next(), type: 'case.status_changed', merchantCode, data: { caseNo, status, note } };
}

export async function applied(t: TestApp, event: PlatformEventInput): Promise<void> {
  const ack = await sendEvent(t.app, event);
  if (ack.code !== ResultCode.OK) throw new Error(`event refused: ${ack.code} ${ack.msg}`);
}

/** A pay-in of ANDES-DEMO (or a sub-merchant's) created by the platform: its unique id. */
export async function payin(t: TestApp, f: EventFactory, extra: { subMerchantCode?: string; country?: 'BR' | 'MX' } = {}): Promise<string> {
  const uniqueId = f.uniqueId('payin');
  const country = extra.country ?? 'BR';
  await applied(
    t,
    f.created({
      uniqueId,
      country,
      currency: country === 'BR' ? 'BRL' : 'MXN',
      productType: country === 'BR' ? 'PIX' : 'SPEI',
      ...(extra.subMerchantCode ? { subMerchantCode: extra.subMerchantCode } : {}),
    }),
  );
  return uniqueId;
}
