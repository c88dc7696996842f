import type { AccountType } from '@andes/contract/account/enums';
import { REQUEST_PERMISSIONS, type RequestKind } from '@andes/contract/accounting/enums';
import {
  ACCOUNTING_MESSAGES,
  type AccountingRequestDetail,
  type FeeConfigAnswer,
  type RequestCreated,
  type RequestPage,
  type RequestPageRequest,
} from '@andes/contract/accounting/schemas';
import type { ActivityEvent } from '@andes/contract/activity/enums';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { defaultRange, localDateRangeToUtc } from '@andes/contract/common/dates';
import { isImageContentType } from '@andes/contract/common/files';
import { centsToUnitsString } from '@andes/contract/common/money';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { authorisedCountries, type CountryContext, requireCountry } from '../../http/country-access.ts';
import { CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { getFile, STORED_FILE_HEADERS } from '../files/files.service.ts';
import { isUniqueViolation } from '../iam/unique-violation.ts';
import { DEFAULT_FEE_CONFIGS, type KindConfig } from './accounting.config.ts';
import {
  type Actor,
  actionsFor,
  detailOf,
  provisionalNo,
  requestHashOf,
  requestNoOf,
  requestOf,
  transition,
  type Viewer,
} from './accounting.core.ts';
import { AccountingErrors } from './accounting.errors.ts';
import {
  countRequests,
  feeConfigRow,
  findByClientRequest,
  findById,
  findScoped,
  insertHistory,
  insertRequest,
  listQuery,
  localBalance,
  lockById,
  merchantsById,
  type NewHistory,
  type NewRequestRow,
  type RequestKey,
  type RequestListFilter,
  type RequestRow,
  setRequestNo,
  userName,
} from './accounting.repository.ts';

/**
 * What the four kinds of request share (docs/decisions/0027): the lists, one request with its
 * history, the cancel, idempotent creation, the scope (the caller's merchant; a sub-merchant user
 * sees only the transfers of their sub-merchant; only authorised countries) and the fee
 * configuration. The kinds' own calls are in topup/withdrawal/exchange/sub-transfer.service.ts.
 */

type PageBody = z.output<typeof RequestPageRequest>;

/** A fee and limit configuration in force, with the withdrawal approval threshold. */
export interface ResolvedConfig extends KindConfig {
  approvalThreshold: number | null;
}

/** The keyset cursor: the last row's creation time (ms) and id, `ar:<ms>:<id>` in base64url. */
const CURSOR = /^ar:([0-9]{1,15}):([0-9]{1,10})$/;
const encodeCursor = (key: RequestKey) => Buffer.from(`ar:${key.createdAt.getTime()}:${key.id}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string): RequestKey {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const ms = Number(m?.[1]);
  const id = Number(m?.[2]);
  if (!m || !Number.isSafeInteger(ms) || !Number.isSafeInteger(id)) throw AccountingErrors.invalidCursor();
  return { createdAt: new Date(ms), id };
}

/** What a creation builds inside its database transaction. */
export interface CreationContext {
  tx: Db;
  now: Date;
  actor: Actor & { userId: number; name: string };
  country: CountryContext;
  /** The caller's request id and the hash of what it asks. */
  request: { requestId: string; hash: string };
}

/** The fees and limits of a kind in a country: the merchant's row, else the defaults of accounting.config.ts. */
export async function resolveConfig(db: Db, merchantId: number, country: Country, kind: 'TOPUP' | 'WITHDRAWAL'): Promise<ResolvedConfig> {
  const row = await feeConfigRow(db, merchantId, country, kind);
  if (row) {
    return {
      perRequestFee: row.perRequestFee,
      smallTransferThreshold: row.smallTransferThreshold,
      smallTransferFee: row.smallTransferFee,
      minAmount: row.minAmount,
      maxAmount: row.maxAmount,
      approvalThreshold: row.approvalThreshold,
    };
  }
  return { ...DEFAULT_FEE_CONFIGS[country][kind], approvalThreshold: null };
}

export class AccountingRequests {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  /**
   * Records a merchant's action on a request in the activity log (category APPROVAL), in the
   * action's own database transaction: the entry exists exactly when the action does.
   */
  async logActivity(
    tx: Db,
    auth: AuthContext,
    client: ActivityClient,
    event: ActivityEvent,
    row: RequestRow,
    details: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    await this.activity.record(
      actorContext(auth, client),
      {
        event,
        outcome: 'SUCCESS',
        object: { type: 'APPROVAL', id: row.requestNo, label: row.requestNo },
        details: {
          kind: row.kind,
          country: row.country,
          status: row.status,
          amount: `${centsToUnitsString(row.requestAmount)} ${row.currency}`,
          ...details,
        },
      },
      tx,
    );
  }

  viewer(auth: AuthContext): Viewer {
    return { userId: auth.userId, subMerchantId: auth.scope.subMerchantId, permissions: auth.permissions };
  }

  /** Top-ups, withdrawals, exchanges and transfers move the merchant's money: its own users only. */
  requireMerchantUser(auth: AuthContext): void {
    if (auth.scope.subMerchantId !== null) throw AccountingErrors.subMerchantUser();
  }

  async actorOf(auth: AuthContext, db: Db = this.db): Promise<Actor & { userId: number; name: string }> {
    return { userId: auth.userId, name: (await userName(db, auth.userId)) ?? auth.username, eventId: null };
  }

  /**
   * `/config/query`'s answer of a top-up or withdrawal mode: the fees and limits in force and the
   * balance of the account the mode names; the receiving account (top-ups) and the approval
   * threshold (withdrawals) come from the kind.
   */
  async feeConfigAnswer(
    auth: AuthContext,
    country: Country,
    mode: AccountType,
    config: KindConfig,
    kindParts: Pick<FeeConfigAnswer, 'approvalThreshold' | 'receivingAccount'>,
  ): Promise<FeeConfigAnswer> {
    const currency = COUNTRY_INFO[country].currency;
    const balance = await localBalance(this.db, auth.scope.merchantId, country, mode);
    return {
      country,
      mode,
      currency,
      perRequestFee: config.perRequestFee,
      smallTransferThreshold: config.smallTransferThreshold,
      smallTransferFee: config.smallTransferFee,
      minAmount: config.minAmount,
      maxAmount: config.maxAmount,
      ...kindParts,
      balance: { accountType: mode, currency, available: balance.available, reserved: balance.reserved },
    };
  }

  /** The fees and limits of a kind in a country: the merchant's row, else the defaults. */
  config(db: Db, merchantId: number, country: Country, kind: 'TOPUP' | 'WITHDRAWAL'): Promise<ResolvedConfig> {
    return resolveConfig(db, merchantId, country, kind);
  }

  /** Records a change of the merchant's accounting settings (a country's withdrawal approval threshold). */
  async recordSetting(
    auth: AuthContext,
    client: ActivityClient,
    event: ActivityEvent,
    country: Country,
    details: Readonly<Record<string, string>>,
  ): Promise<void> {
    await this.activity.record(actorContext(auth, client), { event, outcome: 'SUCCESS', details: { country, ...details } });
  }

  // ---- reading -----------------------------------------------------------------------------------

  async page(auth: AuthContext, kind: RequestKind, body: PageBody): Promise<RequestPage> {
    const now = this.clock();
    const country = await requireCountry(this.db, auth, body.country, now);
    const range = body.range ?? defaultRange(country.timezoneName, now);
    const utc = localDateRangeToUtc(country.timezoneName, range.from, range.to);
    const keyword = body.keyword?.trim();
    const filter: RequestListFilter = {
      kind,
      country: body.country,
      status: body.status,
      mode: body.mode,
      start: new Date(utc.start),
      end: new Date(utc.end),
      keyword: keyword === undefined || keyword === '' ? undefined : keyword.toUpperCase(),
      beneficiaryKeyword: kind === 'WITHDRAWAL' && keyword !== undefined && keyword !== '' ? keyword : undefined,
      subMerchantId: body.subMerchantId,
    };
    const after = body.cursor === undefined ? null : decodeCursor(body.cursor);
    const [rows, counted] = await Promise.all([
      listQuery(this.db, auth.scope, filter, after, body.pageSize + 1),
      countRequests(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    const names = await this.subMerchantNames(rows.slice(0, body.pageSize));
    const viewer = this.viewer(auth);
    return keysetPage(
      rows,
      body.pageSize,
      counted,
      (r) => requestOf(r, actionsFor(r, viewer, now), r.subMerchantId === null ? null : (names.get(r.subMerchantId) ?? null)),
      (last) => encodeCursor({ createdAt: last.createdAt, id: last.id }),
    );
  }

  private async subMerchantNames(rows: readonly RequestRow[]): Promise<Map<number, string>> {
    const ids = rows.map((r) => r.subMerchantId).filter((id): id is number => id !== null);
    const found = await merchantsById(this.db, ids);
    return new Map([...found].map(([id, m]) => [id, m.name]));
  }

  /**
   * The caller's request of `kind`, or NOT_FOUND: another merchant's, another sub-merchant's and
   * one of a country the caller may not see all answer as an unknown id.
   */
  async load(auth: AuthContext, kind: RequestKind, id: number, db: Db = this.db): Promise<RequestRow> {
    const row = await findScoped(db, auth.scope, kind, id);
    if (!row) throw AccountingErrors.notFound();
    const countries = await authorisedCountries(this.db, auth);
    if (!countries.includes(row.country as Country)) throw AccountingErrors.notFound();
    return row;
  }

  async detail(auth: AuthContext, row: RequestRow): Promise<AccountingRequestDetail> {
    const names = await this.subMerchantNames([row]);
    const name = row.subMerchantId === null ? null : (names.get(row.subMerchantId) ?? null);
    return detailOf(this.db, row, actionsFor(row, this.viewer(auth), this.clock()), name);
  }

  /**
   * One proof file of a request: the request as its detail finds it (scope and authorised
   * countries), the caller holding the detail permission of its kind, the file one of its proofs.
   */
  async proofFile(auth: AuthContext, blobs: BlobStore, id: number, fileId: string): Promise<BinaryFile> {
    const found = await findById(this.db, id);
    if (!found) throw AccountingErrors.notFound();
    // Within the caller's scope first (another merchant's request answers as an unknown one), then
    // the detail permission of its kind (the call admits either of the kinds that have proofs).
    const row = await this.load(auth, found.kind, id);
    if (!auth.permissions.has(REQUEST_PERMISSIONS[row.kind].detail)) throw CommonErrors.forbidden();
    const proof = row.proofFiles.find((f) => f.fileId === fileId);
    const file = proof ? await getFile(this.db, blobs, row.merchantId, fileId) : null;
    if (!proof || !file) throw AccountingErrors.noSuchFile();
    return {
      filename: proof.name,
      contentType: file.contentType,
      body: file.content,
      disposition: isImageContentType(file.contentType) ? 'inline' : 'attachment',
      headers: STORED_FILE_HEADERS,
    };
  }

  async query(auth: AuthContext, kind: RequestKind, id: number): Promise<AccountingRequestDetail> {
    return this.detail(auth, await this.load(auth, kind, id));
  }

  // ---- acting ------------------------------------------------------------------------------------

  /**
   * Runs a merchant's action on the caller's request in one database transaction, the request
   * locked first (so the action decides on what it read); answers the request after it.
   */
  async act(
    auth: AuthContext,
    kind: RequestKind,
    id: number,
    step: (tx: Db, row: RequestRow, actor: Actor & { userId: number; name: string }, now: Date) => Promise<RequestRow>,
    log: { client: ActivityClient; event: ActivityEvent },
  ): Promise<AccountingRequestDetail> {
    await this.load(auth, kind, id);
    const actor = await this.actorOf(auth);
    const now = this.clock();
    const after = await this.db.transaction(async (tx) => {
      const row = await lockById(tx, id);
      if (!row) throw AccountingErrors.notFound();
      const done = await step(tx, row, actor, now);
      await this.logActivity(tx, auth, log.client, log.event, done, done.statusReason === null ? {} : { reason: done.statusReason });
      return done;
    });
    return this.detail(auth, after);
  }

  /** Cancels (a sub-merchant transfer: revokes, ending it REJECTED "Revoked by …") a request the machine lets go. */
  async cancel(auth: AuthContext, kind: RequestKind, id: number, client: ActivityClient): Promise<AccountingRequestDetail> {
    this.requireMerchantUser(auth);
    return this.act(
      auth,
      kind,
      id,
      (tx, row, actor, now) =>
        transition(tx, row, 'CANCEL', {
          actor,
          at: now,
          reason: kind === 'SUB_TRANSFER' ? ACCOUNTING_MESSAGES.revokedBy(actor.name) : null,
        }),
      { client, event: 'APPROVAL_CANCELLED' },
    );
  }

  // ---- creating ----------------------------------------------------------------------------------

  /**
   * Creates a request once per request id: the same id with the same content answers the request
   * it made (duplicate: true, nothing created twice, even for two submissions at once); with other
   * content it is refused. `build` inserts the request (`insertNew`) and moves its money, all in one
   * database transaction — a refusal (insufficient balance…) leaves nothing behind.
   */
  async createOnce(
    auth: AuthContext,
    kind: RequestKind,
    body: { requestId: string; country: Country },
    client: ActivityClient,
    build: (c: CreationContext) => Promise<RequestRow>,
  ): Promise<RequestCreated> {
    this.requireMerchantUser(auth);
    const now = this.clock();
    const country = await requireCountry(this.db, auth, body.country, now);
    const { requestId, ...content } = body;
    const hash = requestHashOf(kind, content);
    const seen = async (): Promise<RequestCreated | null> => {
      const row = await findByClientRequest(this.db, auth.scope.merchantId, requestId);
      if (!row) return null;
      if (row.kind !== kind || row.requestHash !== hash) throw AccountingErrors.requestReused();
      return { request: await this.detail(auth, row), duplicate: true };
    };
    const before = await seen();
    if (before) return before;
    const actor = await this.actorOf(auth);
    try {
      const row = await this.db.transaction(async (tx) => {
        const made = await build({ tx, now, actor, country, request: { requestId, hash } });
        await this.logActivity(tx, auth, client, 'APPROVAL_CREATED', made);
        return made;
      });
      return { request: await this.detail(auth, row), duplicate: false };
    } catch (err) {
      if (isUniqueViolation(err, 'accounting_requests_client_request_key')) {
        const raced = await seen();
        if (raced) return raced;
      }
      throw err;
    }
  }

  /** Inserts a new request, numbers it and writes its CREATED history (and any further first steps). */
  async insertNew(
    c: CreationContext,
    auth: AuthContext,
    values: Omit<
      NewRequestRow,
      | 'requestNo'
      | 'merchantId'
      | 'clientRequestId'
      | 'requestHash'
      | 'createdBy'
      | 'createdByName'
      | 'createdAt'
      | 'updatedAt'
      | 'currency'
      | 'country'
    > & {
      currency?: string;
    },
    more: readonly Omit<NewHistory, 'requestId' | 'at' | 'byUserId' | 'byName' | 'eventId'>[] = [],
  ): Promise<RequestRow> {
    const inserted = await insertRequest(c.tx, {
      ...values,
      requestNo: provisionalNo(auth.scope.merchantId, c.request.requestId),
      merchantId: auth.scope.merchantId,
      country: c.country.country,
      currency: values.currency ?? COUNTRY_INFO[c.country.country].currency,
      clientRequestId: c.request.requestId,
      requestHash: c.request.hash,
      createdBy: c.actor.userId,
      createdByName: c.actor.name,
      createdAt: c.now,
      updatedAt: c.now,
    });
    const row = await setRequestNo(c.tx, inserted.id, requestNoOf(inserted.kind, inserted.country, c.now, inserted.id));
    const who = { at: c.now, byUserId: c.actor.userId, byName: c.actor.name, eventId: null };
    await insertHistory(c.tx, [
      { requestId: row.id, event: 'CREATED', status: row.status, reason: null, ...who },
      ...more.map((h) => ({ ...h, requestId: row.id, ...who })),
    ]);
    return row;
  }
}
