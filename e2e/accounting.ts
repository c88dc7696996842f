import {
  approvalFileUpload,
  exchangeCreate,
  exchangePage,
  subTransferCreate,
  subTransferPage,
  topupCreate,
  topupPage,
  withdrawalCreate,
  withdrawalPage,
} from '@andes/contract/accounting/endpoints';
import type { RequestKind } from '@andes/contract/accounting/enums';
import type { RequestCreated } from '@andes/contract/accounting/schemas';
import { currentUserInfo } from '@andes/contract/auth/endpoints';
import type { Country } from '@andes/contract/common/countries';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import type { Page as ListPage } from '@andes/contract/common/page';
import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import type { APIRequestContext } from '@playwright/test';
import { call } from './api.ts';

/** A 1×1 PNG: a proof of transfer the server identifies as an image from its bytes. */
export const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const PAGES = { TOPUP: topupPage, WITHDRAWAL: withdrawalPage, EXCHANGE: exchangePage, SUB_TRANSFER: subTransferPage } as const;

const requestId = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

function ok<T>(answer: { code: number; msg: string; data: unknown }, what: string): T {
  if (answer.code !== 200) throw new Error(`${what} refused: ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

/** Uploads a proof of transfer as the uploader would; answers its file id. */
async function uploadProof(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post(endpointUrl(approvalFileUpload), {
    headers: { token },
    multipart: { files: { name: 'proof.png', mimeType: 'image/png', buffer: PROOF_PNG } },
  });
  const data = ok<{ files: { fileId: string }[] }>((await res.json()) as never, 'proof upload');
  const id = data.files[0]?.fileId;
  if (!id) throw new Error('the proof upload stored no file');
  return id;
}

/** Makes one request of `kind` as the demo admin would in the dashboard (for screens that need one to open). */
async function createRequest(request: APIRequestContext, token: string, kind: RequestKind, country: Country): Promise<number> {
  const base = { requestId: requestId(), country };
  let answer: { code: number; msg: string; data: unknown };
  switch (kind) {
    case 'TOPUP':
      answer = await call(
        request,
        topupCreate,
        {
          ...base,
          mode: 'PAY_OUT',
          amount: 1_000_000,
          remittingBank: 'E2E bank',
          transferTime: new Date().toISOString(),
          proofFileIds: [await uploadProof(request, token)],
        },
        { token },
      );
      break;
    case 'WITHDRAWAL':
      answer = await call(
        request,
        withdrawalCreate,
        {
          ...base,
          mode: 'PAY_IN',
          amount: 10_000,
          beneficiaryAccount: { holderName: 'E2E', bankName: 'E2E bank', accountNumber: '0000-1' },
        },
        { token },
      );
      break;
    case 'EXCHANGE':
      answer = await call(request, exchangeCreate, { ...base, mode: 'OFFLINE', side: 'SELL', amount: 10_000 }, { token });
      break;
    case 'SUB_TRANSFER': {
      const me = ok<{ merchantId: number }>(await call(request, currentUserInfo, {}, { token }), 'current user');
      const subs = ok<{ subMerchantId: number }[]>(
        await call(request, subMerchantList, { merchantId: me.merchantId }, { token }),
        'sub-merchants',
      );
      const sub = subs[0];
      if (!sub) throw new Error('the demo merchant has no sub-merchant');
      answer = await call(
        request,
        subTransferCreate,
        { ...base, target: 'SUB', subMerchantId: sub.subMerchantId, accountType: 'PAY_IN', amount: 100 },
        { token },
      );
      break;
    }
  }
  return ok<RequestCreated>(answer, `${kind} creation`).request.id;
}

/** The id of the newest request of `kind` in `country`, made first when there is none (the demo seeds none). */
export async function newestRequestId(request: APIRequestContext, token: string, kind: RequestKind, country: Country): Promise<number> {
  const page = ok<ListPage<{ id: number }>>(await call(request, PAGES[kind], { country, pageSize: 10 }, { token }), `${kind} list`);
  return page.list[0]?.id ?? createRequest(request, token, kind, country);
}
