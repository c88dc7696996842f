import { randomInt } from 'node:crypto';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import type { CaseStatus, CaseType, ProductType, TransactionType } from '@andes/contract/common/enums';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import {
  CASE_ACTION_PERMISSIONS,
  CASE_CLOSABLE_STATUSES,
  CASE_EDITABLE_STATUSES,
  CASE_REOPEN_WINDOW_DAYS,
  CASE_REPLY_PERMISSIONS,
  CASE_REPLYABLE_STATUSES,
  type CaseAction,
} from '@andes/contract/support/enums';
import type { CaseReply, SupportCase } from '@andes/contract/support/schemas';
import { DAY_MS } from '../../clock.ts';
import type { CaseRow, CaseView, ReplyRow } from './support.repository.ts';

/** The rules of a case that both sides' code share (docs/decisions/0029). */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Crockford base 32 (no I, L, O, U): the case number's random part. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `CS` + the country's local date yyyyMMdd + 6 random base-32 characters. */
export function newCaseNo(country: Country, now: Date): string {
  const date = localDateOf(COUNTRY_INFO[country].timezoneName, now).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += BASE32[randomInt(BASE32.length)];
  return `CS${date}${tail}`;
}

/** Until when a CLOSED case can be reopened; null for an open case. */
export function reopenUntil(row: Pick<CaseRow, 'status' | 'closedAt'>): Date | null {
  if (row.status !== 'CLOSED' || row.closedAt === null) return null;
  return new Date(row.closedAt.getTime() + CASE_REOPEN_WINDOW_DAYS * DAY_MS);
}

/** What the caller may do with a case now: its status and their permissions. */
export function actionsOf(row: CaseRow, permissions: ReadonlySet<PermissionCode>, now: Date): CaseAction[] {
  const actions: CaseAction[] = [];
  const status = row.status as CaseStatus;
  if (CASE_EDITABLE_STATUSES.includes(status) && permissions.has(CASE_ACTION_PERMISSIONS.EDIT)) actions.push('EDIT');
  if (CASE_REPLYABLE_STATUSES.includes(status) && CASE_REPLY_PERMISSIONS.some((p) => permissions.has(p))) actions.push('REPLY');
  if (CASE_CLOSABLE_STATUSES.includes(status) && permissions.has(CASE_ACTION_PERMISSIONS.CLOSE)) actions.push('CLOSE');
  const until = reopenUntil(row);
  if (until !== null && until > now && permissions.has(CASE_ACTION_PERMISSIONS.REOPEN)) actions.push('REOPEN');
  return actions;
}

export function caseOf(v: CaseView): SupportCase {
  const c = v.c;
  return {
    id: c.id,
    caseNo: c.caseNo,
    caseType: c.caseType as CaseType,
    transactionType: c.transactionType as TransactionType | null,
    title: c.title,
    country: c.country as Country,
    productType: c.productType as ProductType | null,
    transactionKey: c.transactionKey,
    e2eId: c.e2eId,
    clabe: c.clabe,
    status: c.status,
    version: c.version,
    subMerchantId: c.subMerchantId,
    subMerchantName: v.subMerchantName,
    createdByName: c.createdByName,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    lastMerchantReplyAt: iso(c.lastMerchantReplyAt),
    lastProviderReplyAt: iso(c.lastProviderReplyAt),
    awaitingProvider: c.awaitingProvider && c.status !== 'CLOSED',
    closedAt: iso(c.closedAt),
    transactionId: c.transactionId,
    transactionUniqueId: v.transactionUniqueId,
  };
}

export function replyOf(r: ReplyRow): CaseReply {
  return {
    id: r.id,
    side: r.side,
    kind: r.kind,
    authorName: r.authorName,
    content: r.content,
    status: r.status,
    appendices: r.appendices.map(({ fileId, name, size, contentType }) => ({ fileId, name, size, contentType })),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Whole seconds from `at` to `now` (0 when `at` is later); null without `at`. */
export function secondsSince(at: Date | null, now: Date): number | null {
  return at === null ? null : Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
}
