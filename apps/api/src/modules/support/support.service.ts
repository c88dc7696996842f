import { createHash, randomBytes } from 'node:crypto';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { localDateRangeToUtc } from '@andes/contract/common/dates';
import { CASE_STATUSES, type CaseStatus } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import { isImageContentType } from '@andes/contract/common/files';
import type { UploadedFile } from '@andes/contract/common/uploads';
import {
  CASE_APPENDIX_MAX,
  CASE_CLOSABLE_STATUSES,
  CASE_DETAIL_PERMISSIONS,
  CASE_EDITABLE_STATUSES,
  CASE_FILE_LINK_PATH_PREFIX,
  CASE_FILE_LINK_TTL_MINUTES,
} from '@andes/contract/support/enums';
import {
  type CaseActionRequest,
  type CaseDetail,
  type CaseEditRequest,
  type CaseFileLink,
  type CasePage,
  type CasePageRequest,
  type CaseReplyPage,
  type CaseReplyPageRequest,
  type CaseReplySaved,
  type CaseReplySaveRequest,
  type CaseSaveRequest,
  type CaseSaveResult,
  type CaseStatistics,
  type CaseStatisticsRequest,
  type CaseTransaction,
  SUPPORT_MESSAGES,
} from '@andes/contract/support/schemas';
import type { z } from 'zod';
import { type Clock, MINUTE_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { authorisedCountries, requireCountry } from '../../http/country-access.ts';
import { isAppError } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import type { UploadedPart } from '../../http/multipart.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import { userName } from '../accounting/accounting.repository.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { getFile, STORED_FILE_HEADERS } from '../files/files.service.ts';
import type { TransactionService } from '../transaction/transaction.service.ts';
import { actingUserAuth } from '../transaction/transaction-export.service.ts';
import { claimUploads, storeUploads } from '../uploads/uploads.service.ts';
import { actionsOf, caseOf, newCaseNo, reopenUntil, replyOf, secondsSince } from './support.core.ts';
import { SupportErrors } from './support.errors.ts';
import {
  type CaseChanges,
  type CaseKey,
  type CaseListFilter,
  type CaseRow,
  type CaseView,
  consumeFileLink,
  countCases,
  countReplies,
  findByKey,
  findReplyByKey,
  findScoped,
  findView,
  insertCase,
  insertFileLink,
  insertReply,
  listQuery,
  lockById,
  lockTransactionCases,
  matchTransaction,
  openCaseOf,
  replyFiles,
  replyPage,
  statusCounts,
  updateCase,
} from './support.repository.ts';

/**
 * Support cases, the merchant's side (docs/decisions/0029): the list and its status counts, one
 * case with its linked transaction, the thread, opening, editing, replying, closing and reopening,
 * and the case files. Scope: the caller's merchant (a sub-merchant user: their sub-merchant's
 * cases), the caller's authorised countries; anything else answers NOT_FOUND.
 */

type PageBody = z.output<typeof CasePageRequest>;
type StatisticsBody = z.output<typeof CaseStatisticsRequest>;
type SaveBody = z.output<typeof CaseSaveRequest>;
type EditBody = z.output<typeof CaseEditRequest>;
type ReplyPageBody = z.output<typeof CaseReplyPageRequest>;
type ReplyBody = z.output<typeof CaseReplySaveRequest>;
type ActionBody = z.output<typeof CaseActionRequest>;

const CASE_CURSOR = /^cs:([0-9]{1,15}):([0-9]{1,10})$/;
const REPLY_CURSOR = /^cr:([ad]):([0-9]{1,10})$/;
const encodeCaseCursor = (key: CaseKey) => Buffer.from(`cs:${key.at.getTime()}:${key.id}`).toString('base64url');
function decodeCaseCursor(cursor: string): CaseKey {
  const m = CASE_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const ms = Number(m?.[1]);
  const id = Number(m?.[2]);
  if (!m || !Number.isSafeInteger(ms) || !Number.isSafeInteger(id)) throw SupportErrors.invalidCursor();
  return { at: new Date(ms), id };
}
const encodeReplyCursor = (newestFirst: boolean, id: number) => Buffer.from(`cr:${newestFirst ? 'd' : 'a'}:${id}`).toString('base64url');
function decodeReplyCursor(cursor: string, newestFirst: boolean): { id: number } {
  const m = REPLY_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || m[1] !== (newestFirst ? 'd' : 'a')) throw SupportErrors.invalidCursor();
  return { id: Number(m[2]) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The request key of a merchant's thread row (its request id), apart from the provider's event keys. */
const requestKeyOf = (requestId: string) => `req:${requestId}`;

/** Why a case file link cannot be used. */
export type CaseFileLinkRefusal = 'gone' | 'forbidden';

export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly blobs: BlobStore,
    private readonly transactions: TransactionService,
  ) {}

  // ---- reading -----------------------------------------------------------------------------------

  private async filterOf(auth: AuthContext, body: StatisticsBody & { status?: CaseStatus; keyword?: string | undefined }) {
    const country = await requireCountry(this.db, auth, body.country, this.clock());
    const utc = body.range === undefined ? null : localDateRangeToUtc(country.timezoneName, body.range.from, body.range.to);
    const filter: CaseListFilter = {
      country: body.country,
      status: body.status,
      caseType: body.caseType,
      start: utc === null ? undefined : new Date(utc.start),
      end: utc === null ? undefined : new Date(utc.end),
      keyword: body.keyword,
    };
    return filter;
  }

  async page(auth: AuthContext, body: PageBody): Promise<CasePage> {
    const filter = await this.filterOf(auth, body);
    const after = body.cursor === undefined ? null : decodeCaseCursor(body.cursor);
    const [rows, counted] = await Promise.all([
      listQuery(this.db, auth.scope, filter, after, body.pageSize + 1),
      countCases(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, caseOf, (last) => encodeCaseCursor({ at: last.c.createdAt, id: last.c.id }));
  }

  async statistics(auth: AuthContext, body: StatisticsBody): Promise<CaseStatistics> {
    const filter = await this.filterOf(auth, body);
    const rows = await statusCounts(this.db, auth.scope, filter);
    const by = new Map(rows.map((r) => [r.status, r]));
    return {
      statuses: CASE_STATUSES.map((status) => ({ status, count: by.get(status)?.count ?? 0 })),
      total: rows.reduce((sum, r) => sum + r.count, 0),
      awaitingProvider: rows.reduce((sum, r) => sum + r.awaiting, 0),
    };
  }

  /** The caller's case, or NOT_FOUND (another merchant's, sub-merchant's or an unauthorised country's alike). */
  async load(auth: AuthContext, id: number): Promise<CaseView> {
    const view = await findScoped(this.db, auth.scope, id);
    if (!view) throw SupportErrors.notFound();
    const countries = await authorisedCountries(this.db, auth);
    if (!countries.includes(view.c.country as Country)) throw SupportErrors.notFound();
    return view;
  }

  async detail(auth: AuthContext, id: number): Promise<CaseDetail> {
    return this.detailOf(auth, await this.load(auth, id));
  }

  private async detailOf(auth: AuthContext, view: CaseView): Promise<CaseDetail> {
    const now = this.clock();
    const c = view.c;
    const until = reopenUntil(c);
    return {
      ...caseOf(view),
      description: c.description,
      notificationEmail: c.notificationEmail,
      appendices: c.appendices.map(({ fileId, name, size, contentType }) => ({ fileId, name, size, contentType })),
      transaction: c.transactionId === null ? null : await this.transactionOf(auth, c.transactionId),
      serverTime: now.toISOString(),
      secondsSinceMerchantReply: secondsSince(c.lastMerchantReplyAt, now),
      secondsSinceProviderReply: secondsSince(c.lastProviderReplyAt, now),
      reopenUntil: until === null ? null : until.toISOString(),
      actions: actionsOf(c, auth.permissions, now),
    };
  }

  /** The linked transaction as the transaction detail reads it now; null when the caller cannot see it. */
  private async transactionOf(auth: AuthContext, transactionId: number): Promise<CaseTransaction | null> {
    try {
      const t = await this.transactions.detail(auth, transactionId);
      return {
        id: t.id,
        uniqueId: t.uniqueId,
        merchantReference: t.merchantReference,
        transactionType: t.transactionType,
        productType: t.productType,
        status: t.status,
        statusReason: t.statusReason,
        currency: t.currency,
        amount: t.amount,
        createdAt: t.createdAt,
        settledAt: t.settledAt,
        e2eId: t.e2eId,
        history: t.history,
      };
    } catch (err) {
      if (isAppError(err) && err.code === ResultCode.NOT_FOUND) return null;
      throw err;
    }
  }

  async replies(auth: AuthContext, body: ReplyPageBody): Promise<CaseReplyPage> {
    const view = await this.load(auth, body.id);
    const newestFirst = body.order === 'NEWEST_FIRST';
    const after = body.cursor === undefined ? null : decodeReplyCursor(body.cursor, newestFirst);
    const [rows, counted] = await Promise.all([
      replyPage(this.db, view.c.id, newestFirst, after, body.pageSize + 1),
      countReplies(this.db, view.c.id, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, replyOf, (last) => encodeReplyCursor(newestFirst, last.id));
  }

  // ---- files -------------------------------------------------------------------------------------

  async upload(auth: AuthContext, files: readonly UploadedPart[]): Promise<{ files: UploadedFile[] }> {
    return { files: await storeUploads({ db: this.db, blobs: this.blobs }, auth, files) };
  }

  /** A file of the case (its appendices, its replies'); NOT_FOUND for any other id. */
  private async caseFile(view: CaseView, fileId: string): Promise<UploadedFile> {
    const own = view.c.appendices.find((f) => f.fileId === fileId);
    const found = own ?? (await replyFiles(this.db, view.c.id)).find((f) => f.fileId === fileId);
    if (!found) throw SupportErrors.noSuchFile();
    return found;
  }

  async file(auth: AuthContext, id: number, fileId: string): Promise<BinaryFile> {
    const view = await this.load(auth, id);
    const entry = await this.caseFile(view, fileId);
    const file = await getFile(this.db, this.blobs, view.c.merchantId, fileId);
    if (!file) throw SupportErrors.noSuchFile();
    return {
      filename: entry.name,
      contentType: file.contentType,
      body: file.content,
      disposition: isImageContentType(file.contentType) ? 'inline' : 'attachment',
      headers: STORED_FILE_HEADERS,
    };
  }

  /** A one-time link to a case file, valid CASE_FILE_LINK_TTL_MINUTES (the transaction export links' mechanism). */
  async fileLink(auth: AuthContext, id: number, fileId: string): Promise<CaseFileLink> {
    const view = await this.load(auth, id);
    await this.caseFile(view, fileId);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + CASE_FILE_LINK_TTL_MINUTES * MINUTE_MS);
    await insertFileLink(this.db, {
      tokenHash: hashLinkToken(token),
      userId: auth.userId,
      merchantId: auth.merchantId,
      caseId: view.c.id,
      fileId,
      createdAt: now,
      expiresAt,
    });
    return { url: `${CASE_FILE_LINK_PATH_PREFIX}${token}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The file behind a link, using it up. The user it was issued to is checked again as they are now
   * (enabled, still holding the case detail permission, the case still in their scope and countries).
   */
  async fileOfLink(token: string): Promise<BinaryFile | CaseFileLinkRefusal> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return 'gone';
    const link = await consumeFileLink(this.db, hashLinkToken(token), this.clock());
    if (link === null) return 'gone';
    const auth = await actingUserAuth(this.db, link.userId, link.merchantId);
    if (auth === null || !CASE_DETAIL_PERMISSIONS.some((p) => auth.permissions.has(p))) return 'forbidden';
    try {
      return await this.file(auth, link.caseId, link.fileId);
    } catch (err) {
      if (isAppError(err) && err.code === ResultCode.NOT_FOUND) return 'gone';
      throw err;
    }
  }

  // ---- acting ------------------------------------------------------------------------------------

  private async actor(auth: AuthContext): Promise<{ userId: number; name: string }> {
    return { userId: auth.userId, name: (await userName(this.db, auth.userId)) ?? auth.username };
  }

  /** The caller's own uploads named by id (NOT_FOUND of one reads as "upload it again"); `keep` are files the case has already. */
  private async appendicesOf(tx: Db, auth: AuthContext, fileIds: readonly string[], keep: readonly UploadedFile[] = []) {
    const kept = new Map(keep.map((f) => [f.fileId, f]));
    const fresh = fileIds.filter((id) => !kept.has(id));
    let claimed: UploadedFile[];
    try {
      claimed = await claimUploads(tx, auth, fresh, CASE_APPENDIX_MAX);
    } catch (err) {
      if (isAppError(err) && err.code === ResultCode.NOT_FOUND) throw SupportErrors.appendixUnknown();
      throw err;
    }
    const byId = new Map([...kept, ...claimed.map((f) => [f.fileId, f] as const)]);
    return fileIds.flatMap((id) => {
      const f = byId.get(id);
      return f ? [{ fileId: f.fileId, name: f.name, size: f.size, contentType: f.contentType }] : [];
    });
  }

  private async record(
    auth: AuthContext,
    client: ActivityClient,
    tx: Db,
    event: 'CASE_CREATED' | 'CASE_EDITED' | 'CASE_CLOSED' | 'CASE_REOPENED',
    row: CaseRow,
  ): Promise<void> {
    await this.activity.record(
      actorContext(auth, client),
      {
        event,
        outcome: 'SUCCESS',
        object: { type: 'SUPPORT_CASE', id: row.id, label: row.caseNo },
        details: { case: row.caseNo, country: row.country, type: row.caseType, status: row.status },
      },
      tx,
    );
  }

  private async viewOf(auth: AuthContext, id: number): Promise<CaseView> {
    const view = await findView(this.db, id);
    if (!view || view.c.merchantId !== auth.merchantId) throw SupportErrors.notFound();
    return view;
  }

  /**
   * Opens a case (PENDING, waiting for the provider). The key (or the E2E id) makes it idempotent:
   * a retry answers the case it opened; the same key with another case is refused. When the case
   * names one of the caller's transactions that has an open case, that case is answered instead.
   */
  async save(auth: AuthContext, body: SaveBody, client: ActivityClient): Promise<CaseSaveResult> {
    const now = this.clock();
    await requireCountry(this.db, auth, body.country, now);
    const key = body.idempotencyKey ?? `e2e:${body.e2eId ?? ''}`;
    const replay = await this.replayOf(auth, key, body);
    if (replay) return replay;
    const matched = await matchTransaction(this.db, auth.scope, body.country, body.transactionKey, body.e2eId);
    const actor = await this.actor(auth);
    const outcome = await this.db.transaction(async (tx): Promise<{ kind: 'CREATED' | 'OPEN'; id: number } | { kind: 'RACE' }> => {
      if (matched) {
        await lockTransactionCases(tx, matched.id);
        const open = await openCaseOf(tx, auth.scope, matched.id);
        if (open) return { kind: 'OPEN', id: open.id };
      }
      const appendices = await this.appendicesOf(tx, auth, body.fileIds);
      const row = await insertCase(tx, {
        caseNo: newCaseNo(body.country, now),
        merchantId: auth.merchantId,
        subMerchantId: auth.scope.subMerchantId,
        country: body.country,
        caseType: body.caseType,
        transactionType: body.transactionType ?? null,
        productType: body.productType ?? null,
        title: body.title,
        description: body.description,
        transactionKey: body.transactionKey ?? null,
        e2eId: body.e2eId ?? null,
        clabe: body.clabe ?? null,
        idempotencyKey: key,
        transactionId: matched?.id ?? null,
        notificationEmail: body.notificationEmail ?? null,
        appendices,
        status: 'PENDING',
        createdBy: actor.userId,
        createdByName: actor.name,
        lastMerchantReplyAt: now,
        awaitingProvider: true,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) return { kind: 'RACE' };
      await insertReply(tx, {
        caseId: row.id,
        side: 'MERCHANT',
        kind: 'CREATE',
        userId: actor.userId,
        authorName: actor.name,
        content: body.description,
        status: 'PENDING',
        appendices,
        requestKey: 'create',
        createdAt: now,
      });
      await this.record(auth, client, tx, 'CASE_CREATED', row);
      return { kind: 'CREATED', id: row.id };
    });
    if (outcome.kind === 'RACE') {
      const again = await this.replayOf(auth, key, body);
      if (!again) throw SupportErrors.requestReused();
      return again;
    }
    const view = await this.viewOf(auth, outcome.id);
    if (outcome.kind === 'OPEN') {
      return { outcome: 'OPEN_CASE_EXISTS', case: caseOf(view), message: SUPPORT_MESSAGES.duplicateOpenCase(view.c.caseNo) };
    }
    return { outcome: 'CREATED', case: caseOf(view), message: null };
  }

  /** The case a used key opened, when this request is the same one again; CONFLICT when the key opened another case. */
  private async replayOf(auth: AuthContext, key: string, body: SaveBody): Promise<CaseSaveResult | null> {
    const existing = await findByKey(this.db, auth.merchantId, key);
    if (!existing) return null;
    const same =
      existing.subMerchantId === auth.scope.subMerchantId &&
      existing.country === body.country &&
      existing.caseType === body.caseType &&
      existing.title === body.title &&
      existing.description === body.description;
    if (!same) throw SupportErrors.requestReused();
    return { outcome: 'SAME_REQUEST', case: caseOf(await this.viewOf(auth, existing.id)), message: null };
  }

  /**
   * Changes a PENDING or PROCESSING case (conditional on the version the editor loaded): its fields
   * and its appendices (the whole new list); not its country nor what it is about. An EDIT row
   * records it in the thread; the provider is offered the case again.
   */
  async edit(auth: AuthContext, body: EditBody, client: ActivityClient): Promise<CaseDetail> {
    await this.load(auth, body.id);
    const actor = await this.actor(auth);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const row = await lockById(tx, body.id);
      if (!row) throw SupportErrors.notFound();
      if (!CASE_EDITABLE_STATUSES.includes(row.status)) throw SupportErrors.notEditable(row.status);
      if (row.version !== body.version) throw SupportErrors.changed();
      const appendices = await this.appendicesOf(tx, auth, body.fileIds, row.appendices);
      const changes: CaseChanges = {
        caseType: body.caseType,
        transactionType: body.transactionType ?? null,
        productType: body.productType ?? null,
        title: body.title,
        description: body.description,
        notificationEmail: body.notificationEmail ?? null,
        appendices,
        awaitingProvider: true,
        providerLeaseUntil: null,
      };
      const changed = changedFields(row, changes);
      const after = await updateCase(tx, row, [row.status], changes, now);
      if (!after) throw SupportErrors.changed();
      await insertReply(tx, {
        caseId: row.id,
        side: 'MERCHANT',
        kind: 'EDIT',
        userId: actor.userId,
        authorName: actor.name,
        content: changed.length === 0 ? 'Saved without changes' : `Changed: ${changed.join(', ')}`,
        status: after.status,
        appendices: [],
        requestKey: null,
        createdAt: now,
      });
      await this.record(auth, client, tx, 'CASE_EDITED', after);
    });
    return this.detailOf(auth, await this.load(auth, body.id));
  }

  /**
   * The merchant's reply (idempotent by request id): the thread row, the merchant's last reply time,
   * the provider owes an answer again. A SOLVED case goes back to PROCESSING; a CLOSED one is refused.
   */
  async reply(auth: AuthContext, body: ReplyBody): Promise<CaseReplySaved> {
    const view = await this.load(auth, body.id);
    const actor = await this.actor(auth);
    const now = this.clock();
    const requestKey = requestKeyOf(body.requestId);
    const replyId = await this.db.transaction(async (tx) => {
      const row = await lockById(tx, view.c.id);
      if (!row) throw SupportErrors.notFound();
      const earlier = await findReplyByKey(tx, row.id, requestKey);
      if (earlier) {
        if (earlier.kind !== 'REPLY' || earlier.content !== body.content) throw SupportErrors.requestReused();
        return earlier.id;
      }
      if (row.status === 'CLOSED') throw SupportErrors.closedNoReply();
      const appendices = await this.appendicesOf(tx, auth, body.fileIds);
      const status: CaseStatus = row.status === 'SOLVED' ? 'PROCESSING' : row.status;
      const after = await updateCase(
        tx,
        row,
        [row.status],
        { status, lastMerchantReplyAt: now, awaitingProvider: true, providerLeaseUntil: null },
        now,
      );
      if (!after) throw SupportErrors.changed();
      const reply = await insertReply(tx, {
        caseId: row.id,
        side: 'MERCHANT',
        kind: 'REPLY',
        userId: actor.userId,
        authorName: actor.name,
        content: body.content,
        status,
        appendices,
        requestKey,
        createdAt: now,
      });
      if (!reply) throw SupportErrors.changed();
      return reply.id;
    });
    const reply = await findReplyByKey(this.db, view.c.id, requestKey);
    if (!reply || reply.id !== replyId) throw SupportErrors.notFound();
    return { reply: replyOf(reply), case: caseOf(await this.load(auth, body.id)) };
  }

  /** Closes a PENDING, PROCESSING or SOLVED case with instructions (conditional on its version; a retry of the request changes nothing). */
  async close(auth: AuthContext, body: ActionBody, client: ActivityClient): Promise<CaseDetail> {
    return this.act(auth, body, client, 'CLOSE', (row, now) => {
      if (!CASE_CLOSABLE_STATUSES.includes(row.status)) throw SupportErrors.notClosable(row.status);
      return { status: 'CLOSED', closedAt: now, awaitingProvider: false, providerLeaseUntil: null };
    });
  }

  /**
   * Reopens a CLOSED case within CASE_REOPEN_WINDOW_DAYS of its closing: PROCESSING, waiting for
   * the provider again. Later, a new case must be opened.
   */
  async reopen(auth: AuthContext, body: ActionBody, client: ActivityClient): Promise<CaseDetail> {
    return this.act(auth, body, client, 'REOPEN', (row, now) => {
      if (row.status !== 'CLOSED') throw SupportErrors.notReopenable(row.status);
      const until = reopenUntil(row);
      if (until === null || until <= now) throw SupportErrors.reopenWindowPassed();
      return { status: 'PROCESSING', closedAt: null, awaitingProvider: true, providerLeaseUntil: null, lastMerchantReplyAt: now };
    });
  }

  private async act(
    auth: AuthContext,
    body: ActionBody,
    client: ActivityClient,
    kind: 'CLOSE' | 'REOPEN',
    step: (row: CaseRow, now: Date) => CaseChanges & { status: CaseStatus },
  ): Promise<CaseDetail> {
    await this.load(auth, body.id);
    const actor = await this.actor(auth);
    const now = this.clock();
    const requestKey = requestKeyOf(body.requestId);
    await this.db.transaction(async (tx) => {
      const row = await lockById(tx, body.id);
      if (!row) throw SupportErrors.notFound();
      const earlier = await findReplyByKey(tx, row.id, requestKey);
      if (earlier) {
        if (earlier.kind !== kind) throw SupportErrors.requestReused();
        return;
      }
      const changes = step(row, now);
      if (row.version !== body.version) throw SupportErrors.changed();
      const after = await updateCase(tx, row, [row.status], changes, now);
      if (!after) throw SupportErrors.changed();
      await insertReply(tx, {
        caseId: row.id,
        side: 'MERCHANT',
        kind,
        userId: actor.userId,
        authorName: actor.name,
        content: body.instructions,
        status: changes.status,
        appendices: [],
        requestKey,
        createdAt: now,
      });
      await this.record(auth, client, tx, kind === 'CLOSE' ? 'CASE_CLOSED' : 'CASE_REOPENED', after);
    });
    return this.detailOf(auth, await this.load(auth, body.id));
  }
}

/** The names of the fields an edit changes (the EDIT row of the thread). */
function changedFields(row: CaseRow, changes: CaseChanges): string[] {
  const names: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const fields: [keyof CaseChanges & keyof CaseRow, string][] = [
    ['caseType', 'type'],
    ['transactionType', 'transaction type'],
    ['productType', 'product type'],
    ['title', 'title'],
    ['description', 'description'],
    ['notificationEmail', 'notification e-mail'],
  ];
  for (const [key, name] of fields) if (!same(row[key], changes[key])) names.push(name);
  if (
    !same(
      row.appendices.map((a) => a.fileId),
      (changes.appendices ?? []).map((a) => a.fileId),
    )
  ) {
    names.push('appendices');
  }
  return names;
}
