import { randomUUID } from 'node:crypto';
import { ResultCode } from '@andes/contract/common/envelope';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { caseClose, caseFileUpload, caseSave } from '@andes/contract/support/endpoints';
import type { CaseDetail, CaseSaveResult } from '@andes/contract/support/schemas';
import { eq } from 'drizzle-orm';
import { transactions } from '../../src/db/schema/transactions.ts';
import { PNG } from '../fixtures/accounting.ts';
import { envelope, post, type TestApp } from '../helper.ts';
import { EventFactory, sendEvent } from '../ledger/support.ts';
import { postForm } from '../multipart.ts';

/**
 * Support cases of the authorization world (docs/decisions/0029), made through the real calls:
 * ANDES-DEMO's MX case with an appendix (MX: a country CONDOR has, for the keyword filter), CONDOR's
 * own MX case, an uploaded file named by no case, and on demand new cases for the happy paths.
 */

/** A case: its id, number and version. */
export interface CaseRef {
  id: number;
  caseNo: string;
  version: number;
}

export interface AndesSupport {
  /** An open MX case of ANDES-DEMO itself, with one appendix: read, never changed. */
  mxCase: CaseRef & { fileId: string };
  /**
   * Cases of ANDES-DEMO itself that its admin changes once (replies to, edits, closes, reopens)
   * before a sub-merchant user naming them is answered as for a missing one.
   */
  replyCase: CaseRef;
  editCase: CaseRef;
  closeCase: CaseRef;
  reopenCase: CaseRef;
  /** An MX pay-in of ANDES-DEMO with a Pix E2E id (a case naming it is linked to it). */
  e2eTransaction: { id: number; e2eId: string };
  /** A file ANDES-DEMO's admin uploaded, named by no case. */
  freeFileId: string;
}

export interface CondorSupport {
  /** CONDOR's own open MX case. */
  caseId: number;
  /** A file CONDOR's admin uploaded, named by no case. */
  freeFileId: string;
}

async function call<T>(t: TestApp, path: string, token: string, body: unknown): Promise<T> {
  const res = envelope<T>(await post(t.app, path, body, { token }));
  if (res.code !== ResultCode.OK) throw new Error(`${path}: ${res.code} ${res.msg}`);
  return res.data;
}

/** A file uploaded by the holder of `token` with the case uploader. */
export async function uploadCaseFile(t: TestApp, token: string): Promise<string> {
  const res = envelope<{ files: UploadedFile[] }>(
    await postForm(t.app, caseFileUpload.path, [{ name: 'files', filename: 'authz-case.png', content: PNG }], token),
  );
  if (res.code !== ResultCode.OK) throw new Error(`case upload: ${res.code} ${res.msg}`);
  return (res.data.files[0] as UploadedFile).fileId;
}

/** The fields of a new case (fresh key each time), in `country`. */
export function caseFields(country: 'BR' | 'MX', fileIds: readonly string[] = []): Record<string, unknown> {
  return {
    idempotencyKey: `authz-${randomUUID()}`,
    country,
    caseType: 'OTHERS',
    title: 'Authz case',
    description: 'Made by the authorization test',
    fileIds: [...fileIds],
  };
}

/** A new open case opened by the holder of `token`. */
export async function newCase(t: TestApp, token: string, country: 'BR' | 'MX' = 'BR', fileIds: readonly string[] = []): Promise<CaseRef> {
  const saved = await call<CaseSaveResult>(t, caseSave.path, token, caseFields(country, fileIds));
  return { id: saved.case.id, caseNo: saved.case.caseNo, version: saved.case.version };
}

/** A new case opened and closed by the holder of `token` (it can be reopened). */
export async function newClosedCase(t: TestApp, token: string, country: 'BR' | 'MX' = 'BR'): Promise<CaseRef> {
  const c = await newCase(t, token, country);
  const closed = await call<CaseDetail>(t, caseClose.path, token, {
    id: c.id,
    version: c.version,
    requestId: `authz-${randomUUID()}`,
    instructions: 'Closed by the authorization test',
  });
  return { id: c.id, caseNo: c.caseNo, version: closed.version };
}

/** The E2E id the world's MX pay-in has, and one no transaction has. */
export const WORLD_E2E_ID = 'E12345678202601010000AUTHZ000001';
export const MISSING_E2E_ID = 'E99999999202601010000MISSING0000';

async function e2eTransaction(t: TestApp): Promise<{ id: number; e2eId: string }> {
  const f = new EventFactory('authz-case', new Date(t.clock().getTime() - 3_600_000));
  const uniqueId = f.uniqueId('payin');
  const ack = await sendEvent(t.app, f.created({ uniqueId, country: 'MX', currency: 'MXN', productType: 'SPEI' }));
  if (ack.code !== ResultCode.OK) throw new Error(`case pay-in: ${ack.code} ${ack.msg}`);
  const [row] = await t.db
    .update(transactions)
    .set({ e2eId: WORLD_E2E_ID })
    .where(eq(transactions.uniqueId, uniqueId))
    .returning({ id: transactions.id });
  if (!row) throw new Error(`no transaction ${uniqueId}`);
  return { id: row.id, e2eId: WORLD_E2E_ID };
}

export async function andesSupport(t: TestApp, adminToken: string): Promise<AndesSupport> {
  const fileId = await uploadCaseFile(t, adminToken);
  const mxCase = await newCase(t, adminToken, 'MX', [fileId]);
  return {
    mxCase: { ...mxCase, fileId },
    replyCase: await newCase(t, adminToken, 'MX'),
    editCase: await newCase(t, adminToken, 'MX'),
    closeCase: await newCase(t, adminToken, 'MX'),
    reopenCase: await newClosedCase(t, adminToken, 'MX'),
    freeFileId: await uploadCaseFile(t, adminToken),
    e2eTransaction: await e2eTransaction(t),
  };
}

export async function condorSupport(t: TestApp, condorToken: string): Promise<CondorSupport> {
  return { caseId: (await newCase(t, condorToken, 'MX')).id, freeFileId: await uploadCaseFile(t, condorToken) };
}
