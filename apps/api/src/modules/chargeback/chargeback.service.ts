import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { formatDateTime, localDateRangeToUtc } from '@andes/contract/common/dates';
import { CHARGEBACK_STATUSES } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import { isImageContentType } from '@andes/contract/common/files';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { DEADLINE_BUCKETS, DEFENSE_APPENDIX_MAX } from '@andes/contract/risk/enums';
import type {
  ChargebackAcceptRequest,
  ChargebackDefenseRequest,
  ChargebackDetail,
  ChargebackPage,
  ChargebackPageRequest,
  ChargebackSummary,
  ChargebackSummaryRequest,
} from '@andes/contract/risk/schemas';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { chargebacks } from '../../db/schema/risk.ts';
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
import { claimUploads, storeUploads } from '../uploads/uploads.service.ts';
import { chargebackOf, detailOf, timeZoneOf, transition, type Viewer } from './chargeback.core.ts';
import { ChargebackErrors } from './chargeback.errors.ts';
import {
  boardTotals,
  type ChargebackKey,
  type ChargebackListFilter,
  type ChargebackRow,
  type ChargebackView,
  countChargebacks,
  findScoped,
  findView,
  listQuery,
  lockById,
  statusTotals,
} from './chargeback.repository.ts';
import { bucketBounds, bucketRange, isPassed } from './deadline.ts';

/**
 * Chargeback defence, the merchant's side (docs/decisions/0028): the summary and deadline board,
 * the list, one chargeback, the defence with its appendices and the acceptance. Scope: the
 * caller's merchant (a sub-merchant user: their sub-merchant's chargebacks, read only), the
 * caller's authorised countries; anything else answers NOT_FOUND.
 */

type PageBody = z.output<typeof ChargebackPageRequest>;
type DefenseBody = z.output<typeof ChargebackDefenseRequest>;

/** The keyset cursor: mode (d: dispute date, l: deadline), the last row's time (ms) and id. */
const CURSOR = /^cb:([dl]):([0-9]{1,15}):([0-9]{1,10})$/;
const encodeCursor = (mode: 'd' | 'l', key: ChargebackKey) => Buffer.from(`cb:${mode}:${key.at.getTime()}:${key.id}`).toString('base64url');
function decodeCursor(cursor: string, mode: 'd' | 'l'): ChargebackKey {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const ms = Number(m?.[2]);
  const id = Number(m?.[3]);
  if (!m || m[1] !== mode || !Number.isSafeInteger(ms) || !Number.isSafeInteger(id)) throw ChargebackErrors.invalidCursor();
  return { at: new Date(ms), id };
}

export class ChargebackService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly blobs: BlobStore,
  ) {}

  private viewer(auth: AuthContext): Viewer {
    return { subMerchantId: auth.scope.subMerchantId, permissions: auth.permissions };
  }

  private requireMerchantUser(auth: AuthContext): void {
    if (auth.scope.subMerchantId !== null) throw ChargebackErrors.subMerchantUser();
  }

  // ---- reading -----------------------------------------------------------------------------------

  async summary(auth: AuthContext, body: ChargebackSummaryRequest): Promise<ChargebackSummary> {
    const now = this.clock();
    const country = await requireCountry(this.db, auth, body.country, now);
    const [statuses, board] = await Promise.all([
      statusTotals(this.db, auth.scope, body.country),
      boardTotals(this.db, auth.scope, body.country, bucketBounds(country.timezoneName, now)),
    ]);
    const byStatus = new Map(statuses.map((s) => [s.status, s]));
    const byBucket = new Map(board.map((b) => [b.bucket, b]));
    const won = byStatus.get('DEFENSE_WON')?.count ?? 0;
    const lost = byStatus.get('DEFENSE_LOST')?.count ?? 0;
    return {
      currency: country.currency,
      statuses: CHARGEBACK_STATUSES.map((status) => ({
        status,
        count: byStatus.get(status)?.count ?? 0,
        amount: byStatus.get(status)?.amount ?? 0,
      })),
      board: DEADLINE_BUCKETS.map((bucket) => ({
        bucket,
        count: byBucket.get(bucket)?.count ?? 0,
        amount: byBucket.get(bucket)?.amount ?? 0,
      })),
      winRate: won + lost === 0 ? null : won / (won + lost),
    };
  }

  async page(auth: AuthContext, body: PageBody): Promise<ChargebackPage> {
    const now = this.clock();
    const country = await requireCountry(this.db, auth, body.country, now);
    const zone = country.timezoneName;
    const utc = body.range === undefined ? null : localDateRangeToUtc(zone, body.range.from, body.range.to);
    const keyword = body.keyword?.trim();
    const filter: ChargebackListFilter = {
      country: body.country,
      status: body.status,
      reasonCode: body.reasonCode,
      start: utc === null ? undefined : new Date(utc.start),
      end: utc === null ? undefined : new Date(utc.end),
      deadline: body.bucket === undefined ? undefined : bucketRange(body.bucket, bucketBounds(zone, now)),
      keyword: keyword === undefined || keyword === '' ? undefined : keyword,
    };
    const mode = body.bucket === undefined ? 'd' : 'l';
    const after = body.cursor === undefined ? null : decodeCursor(body.cursor, mode);
    const [rows, counted] = await Promise.all([
      listQuery(this.db, auth.scope, filter, after, body.pageSize + 1),
      countChargebacks(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    const viewer = this.viewer(auth);
    return keysetPage(
      rows,
      body.pageSize,
      counted,
      (v) => chargebackOf(v, viewer, now),
      (last) => encodeCursor(mode, { at: mode === 'd' ? last.cb.disputeDate : last.cb.deadline, id: last.cb.id }),
    );
  }

  /** The caller's chargeback, or NOT_FOUND (another merchant's, sub-merchant's or an unauthorised country's alike). */
  async load(auth: AuthContext, id: number): Promise<ChargebackView> {
    const view = await findScoped(this.db, auth.scope, id);
    if (!view) throw ChargebackErrors.notFound();
    const countries = await authorisedCountries(this.db, auth);
    if (!countries.includes(view.cb.country as Country)) throw ChargebackErrors.notFound();
    return view;
  }

  async query(auth: AuthContext, id: number): Promise<ChargebackDetail> {
    return detailOf(this.db, await this.load(auth, id), this.viewer(auth), this.clock());
  }

  /** One appendix: the chargeback as its detail finds it, the file one of its appendices. */
  async appendix(auth: AuthContext, id: number, fileId: string): Promise<BinaryFile> {
    const view = await this.load(auth, id);
    const appendix = view.cb.appendices.find((f) => f.fileId === fileId);
    const file = appendix ? await getFile(this.db, this.blobs, view.cb.merchantId, fileId) : null;
    if (!appendix || !file) throw ChargebackErrors.noSuchFile();
    return {
      filename: appendix.name,
      contentType: file.contentType,
      body: file.content,
      disposition: isImageContentType(file.contentType) ? 'inline' : 'attachment',
      headers: STORED_FILE_HEADERS,
    };
  }

  // ---- acting ------------------------------------------------------------------------------------

  /** Appendices are uploaded first (the uploader), then named by id in the defence. */
  async upload(auth: AuthContext, files: readonly UploadedPart[]): Promise<{ files: UploadedFile[] }> {
    this.requireMerchantUser(auth);
    return { files: await storeUploads({ db: this.db, blobs: this.blobs }, auth, files) };
  }

  /**
   * Runs a merchant's action on the caller's chargeback in one database transaction, the row locked
   * first; records it in the activity log in the same transaction; answers the chargeback after.
   */
  private async act(
    auth: AuthContext,
    id: number,
    client: ActivityClient,
    event: 'CHARGEBACK_DEFENDED' | 'CHARGEBACK_ACCEPTED',
    step: (tx: Db, row: ChargebackRow, actor: { userId: number; name: string }, now: Date) => Promise<ChargebackRow>,
  ): Promise<ChargebackDetail> {
    this.requireMerchantUser(auth);
    await this.load(auth, id);
    const actor = { userId: auth.userId, name: (await userName(this.db, auth.userId)) ?? auth.username };
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const row = await lockById(tx, id);
      if (!row) throw ChargebackErrors.notFound();
      const after = await step(tx, row, actor, now);
      await this.activity.record(
        actorContext(auth, client),
        {
          event,
          outcome: 'SUCCESS',
          details: {
            chargeback: after.uniqueId,
            country: after.country,
            status: after.status,
            amount: `${after.amount} ${after.currency} cents`,
            reason: after.reasonCode,
          },
        },
        tx,
      );
    });
    const view = await findView(this.db, id);
    if (!view) throw ChargebackErrors.notFound();
    return detailOf(this.db, view, this.viewer(auth), this.clock());
  }

  /**
   * Defends an open chargeback before its deadline: description and 1–3 appendices the caller
   * uploaded; UNDER_DEFENSE, waiting for the provider. Once: a second submission finds it defended.
   */
  async defend(auth: AuthContext, body: DefenseBody, client: ActivityClient): Promise<ChargebackDetail> {
    return this.act(auth, body.id, client, 'CHARGEBACK_DEFENDED', async (tx, row, actor, now) => {
      if (row.status !== 'CHARGE_BACK') throw ChargebackErrors.notOpen(row.status);
      const deadlineText = () => formatDateTime(row.deadline, timeZoneOf(row.country), { withZone: true });
      if (isPassed(row.deadline, now)) throw ChargebackErrors.deadlinePassed(deadlineText());
      let appendices: UploadedFile[];
      try {
        appendices = await claimUploads(tx, auth, body.fileIds, DEFENSE_APPENDIX_MAX);
      } catch (err) {
        // An id not uploaded by the caller within their merchant (or unknown) reads as "upload it again".
        if (isAppError(err) && err.code === ResultCode.NOT_FOUND) throw ChargebackErrors.appendixUnknown();
        throw err;
      }
      const after = await transition(tx, row, 'DEFEND', {
        actor,
        at: now,
        note: null,
        changes: {
          description: body.description,
          appendices,
          defendedBy: actor.userId,
          defendedByName: actor.name,
          defendedAt: now,
          awaitingProvider: true,
          providerLeaseUntil: null,
        },
        extra: sql`${chargebacks.deadline} >= ${now}`,
      });
      if (!after) {
        const current = (await lockById(tx, row.id)) ?? row;
        throw current.status === 'CHARGE_BACK' ? ChargebackErrors.deadlinePassed(deadlineText()) : ChargebackErrors.notOpen(current.status);
      }
      return after;
    });
  }

  /** Accepts an open chargeback: DEFENSE_LOST, irreversible; nothing more is posted. */
  async accept(auth: AuthContext, body: ChargebackAcceptRequest, client: ActivityClient): Promise<ChargebackDetail> {
    return this.act(auth, body.id, client, 'CHARGEBACK_ACCEPTED', async (tx, row, actor, now) => {
      const after = await transition(tx, row, 'ACCEPT', {
        actor,
        at: now,
        changes: { accepted: true, outcomeAt: now, awaitingProvider: false, providerLeaseUntil: null },
      });
      if (!after) throw ChargebackErrors.notOpen(((await lockById(tx, row.id)) ?? row).status);
      return after;
    });
  }
}
