import type { CaseStatus } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import type { UploadedFile } from '@andes/contract/common/uploads';
import type { CaseClaimRequest, OfferedCase, PlatformEvent } from '@andes/contract/platform/schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { putFiles } from '../files/files.service.ts';
import { postNotice } from '../message/notices.ts';
import type { MerchantRow } from '../platform/events.repository.ts';
import { PlatformErrors } from '../platform/platform.errors.ts';
import { merchantCodes } from '../sub-merchant/sub-merchant.repository.ts';
import { caseReplyMail } from './support.mails.ts';
import {
  type CaseChanges,
  type CaseRow,
  insertReply,
  lastMerchantRows,
  leaseWaiting,
  lockByCaseNo,
  transactionUniqueIds,
  updateCase,
} from './support.repository.ts';

/**
 * The provider's side of support cases (`/internal/v1`; docs/decisions/0029): the claim that leases
 * the cases waiting for an answer, and the events `case.replied` and `case.status_changed`. An event
 * runs in the ingestion's database transaction, idempotent by its event id there (the thread row
 * keeps the event id as its request key too); a change the case's status does not allow (a reply
 * to a CLOSED case, SOLVED twice) is a CONFLICT that changes nothing.
 */

export type CaseEvent = Extract<PlatformEvent, { type: 'case.replied' | 'case.status_changed' }>;

export function isCaseEvent(event: PlatformEvent): event is CaseEvent {
  return event.type === 'case.replied' || event.type === 'case.status_changed';
}

/** How the provider's status changes are shown as the responder when no agent is named. */
export const PROVIDER_DESK_NAME = 'Support team';

/** The dashboard route of a case (the notice's link). */
export const caseDetailRoute = (id: number) => `/support-center/case-detail/${id}`;

export interface CaseEventContext {
  eventId: string;
  at: Date;
  now: Date;
  blobs: BlobStore;
  /** Queues the notification e-mail in the event's transaction; null: no e-mail (tests without a mailer). */
  mailer: Mailer | null;
  publicUrl: string;
  /** The ids of the e-mails queued, delivered once the transaction committed. */
  mailIds: number[];
}

/** From which statuses the provider may set each status. */
const PROVIDER_FROM: Readonly<Record<'PROCESSING' | 'SOLVED' | 'CLOSED', readonly CaseStatus[]>> = {
  PROCESSING: ['PENDING', 'SOLVED'],
  SOLVED: ['PENDING', 'PROCESSING'],
  CLOSED: ['PENDING', 'PROCESSING', 'SOLVED'],
};

async function lockCase(tx: Db, merchant: MerchantRow, caseNo: string): Promise<CaseRow> {
  const row = await lockByCaseNo(tx, caseNo);
  if (!row) throw new AppError(ResultCode.NOT_FOUND, `Case ${caseNo} was not found`);
  if (row.merchantId !== merchant.id) throw PlatformErrors.conflict(`Case ${caseNo} belongs to another merchant than ${merchant.code}`);
  return row;
}

export async function applyCaseEvent(tx: Db, merchant: MerchantRow, event: CaseEvent, ctx: CaseEventContext): Promise<'APPLIED'> {
  return event.type === 'case.replied' ? replied(tx, merchant, event, ctx) : statusChanged(tx, merchant, event, ctx);
}

/**
 * A provider reply: the thread row (with its files, stored as the merchant's), PROCESSING (or
 * SOLVED when the provider says so), the provider's last reply time, nothing owed any more; the
 * case's notification address is e-mailed and its creator gets a CASE_REPLIED notice.
 */
async function replied(
  tx: Db,
  merchant: MerchantRow,
  event: Extract<CaseEvent, { type: 'case.replied' }>,
  ctx: CaseEventContext,
): Promise<'APPLIED'> {
  const d = event.data;
  const row = await lockCase(tx, merchant, d.caseNo);
  const status = d.status ?? 'PROCESSING';
  if (row.status === 'CLOSED') {
    throw PlatformErrors.conflict(`Case ${d.caseNo} is CLOSED: the merchant must reopen it before it can be replied to`);
  }
  let appendices: UploadedFile[] = [];
  if (d.attachments && d.attachments.length > 0) {
    const stored = await putFiles(
      tx,
      ctx.blobs,
      row.merchantId,
      d.attachments.map((f) => ({ name: f.name, content: Buffer.from(f.contentBase64, 'base64') })),
    );
    appendices = stored.map(({ fileId, name, size, contentType }) => ({ fileId, name, size, contentType }));
  }
  const after = await updateCase(
    tx,
    row,
    [row.status],
    { status, lastProviderReplyAt: ctx.at, awaitingProvider: false, providerLeaseUntil: null },
    ctx.now,
  );
  if (!after) throw PlatformErrors.conflict(`Case ${d.caseNo} changed meanwhile; send the event again`);
  const reply = await insertReply(tx, {
    caseId: row.id,
    side: 'PROVIDER',
    kind: 'REPLY',
    userId: null,
    authorName: d.responder,
    content: d.content,
    status,
    appendices,
    requestKey: `event:${ctx.eventId}`,
    createdAt: ctx.at,
  });
  if (!reply) throw PlatformErrors.conflict(`Event ${ctx.eventId} was already applied to case ${d.caseNo}`);
  const link = caseDetailRoute(row.id);
  if (row.notificationEmail !== null && ctx.mailer !== null) {
    const mail = caseReplyMail({
      to: row.notificationEmail,
      caseNo: row.caseNo,
      title: row.title,
      responder: d.responder,
      content: d.content,
      status,
      link: `${ctx.publicUrl}${link}`,
    });
    ctx.mailIds.push(await ctx.mailer.queue(mail, tx));
  }
  if (row.createdBy !== null) {
    await postNotice(tx, {
      merchantId: row.merchantId,
      userIds: [row.createdBy],
      category: 'CASE_REPLIED',
      key: `case-replied:${row.id}:${reply.id}`,
      title: `Case ${row.caseNo} has a new reply`,
      content: `${d.responder} replied to “${row.title}”.`,
      link,
      params: { caseNo: row.caseNo, title: row.title },
      at: ctx.now,
    });
  }
  return 'APPLIED';
}

/** The provider moves a case: PROCESSING (taken up: still owes the answer), SOLVED or CLOSED. */
async function statusChanged(
  tx: Db,
  merchant: MerchantRow,
  event: Extract<CaseEvent, { type: 'case.status_changed' }>,
  ctx: CaseEventContext,
): Promise<'APPLIED'> {
  const d = event.data;
  const row = await lockCase(tx, merchant, d.caseNo);
  const from = PROVIDER_FROM[d.status];
  if (!from.includes(row.status)) {
    throw PlatformErrors.conflict(
      `Case ${d.caseNo} is ${row.status}: case.status_changed to ${d.status} applies to ${from.join(' or ')} only`,
    );
  }
  const changes: CaseChanges =
    d.status === 'PROCESSING'
      ? { status: 'PROCESSING' }
      : d.status === 'SOLVED'
        ? { status: 'SOLVED', awaitingProvider: false, providerLeaseUntil: null }
        : { status: 'CLOSED', awaitingProvider: false, providerLeaseUntil: null, closedAt: ctx.at };
  const after = await updateCase(tx, row, from, changes, ctx.now);
  if (!after) throw PlatformErrors.conflict(`Case ${d.caseNo} changed meanwhile; send the event again`);
  await insertReply(tx, {
    caseId: row.id,
    side: 'PROVIDER',
    kind: d.status === 'CLOSED' ? 'CLOSE' : 'STATUS',
    userId: null,
    authorName: PROVIDER_DESK_NAME,
    content: d.note,
    status: d.status,
    appendices: [],
    requestKey: `event:${ctx.eventId}`,
    createdAt: ctx.at,
  });
  return 'APPLIED';
}

/** Leases cases waiting for the provider, with what it answers (see the claim endpoint). */
export async function claimCases(db: Db, request: CaseClaimRequest, now: Date): Promise<OfferedCase[]> {
  const leasedUntil = new Date(now.getTime() + request.leaseSeconds * 1000);
  const rows = await db.transaction((tx) => leaseWaiting(tx, now, leasedUntil, request.limit));
  const [codes, uniqueIds, last] = await Promise.all([
    merchantCodes(db, [...rows.map((r) => r.merchantId), ...rows.flatMap((r) => (r.subMerchantId === null ? [] : [r.subMerchantId]))]),
    transactionUniqueIds(
      db,
      rows.flatMap((r) => (r.transactionId === null ? [] : [r.transactionId])),
    ),
    lastMerchantRows(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => {
    const m = last.get(r.id);
    return {
      caseNo: r.caseNo,
      merchantCode: codes.get(r.merchantId) ?? '',
      subMerchantCode: r.subMerchantId === null ? null : (codes.get(r.subMerchantId) ?? null),
      country: r.country as OfferedCase['country'],
      caseType: r.caseType,
      transactionType: r.transactionType,
      productType: r.productType,
      title: r.title,
      description: r.description,
      transactionKey: r.transactionKey,
      transactionUniqueId: r.transactionId === null ? null : (uniqueIds.get(r.transactionId) ?? null),
      e2eId: r.e2eId,
      clabe: r.clabe,
      status: r.status,
      lastMerchantMessage: m ? { kind: m.kind, content: m.content, at: m.createdAt.toISOString(), by: m.authorName } : null,
      appendices: r.appendices.map((a) => ({ name: a.name, size: a.size })),
      createdAt: r.createdAt.toISOString(),
      attempts: r.providerAttempts - 1,
    };
  });
}
