import { Readable } from 'node:stream';
import { ACTIVITY_CSV_CONTENT_TYPE, activityCsvFileName, activityCsvHeader, activityCsvRow, CSV_BOM } from '@andes/contract/activity/csv';
import type { ActivityEvent, ActivityObjectType, ActivityOutcome } from '@andes/contract/activity/enums';
import {
  ACTIVITY_MESSAGES,
  type ActivityEntry,
  type ParsedActivityExportRequest,
  type ParsedActivityPageRequest,
} from '@andes/contract/activity/schemas';
import { ACTIVITY_EXPORT_MAX_ROWS, MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { localDateRangeToUtc } from '@andes/contract/common/dates';
import { formatIpAddress, parseIpAddress } from '@andes/contract/common/ip';
import type { Page } from '@andes/contract/common/page';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import type { ActivityRecorder } from './activity.recorder.ts';
import { actorContext } from './activity.recorder.ts';
import {
  type ActivityFilter,
  type ActivityKey,
  type ActivityRow,
  activityPageQuery,
  countActivity,
  lastActivityId,
} from './activity.repository.ts';
import { ActivityEvents } from './activity-events.ts';

/** Rows an export reads per query while it streams. */
export const EXPORT_BATCH_ROWS = 1_000;

/** The filters the page and the export share. */
type FilterFields = Omit<ParsedActivityPageRequest, 'pageSize' | 'cursor'>;

/** The stored spellings of a client address: an IPv4 client may have been seen as `::ffff:a.b.c.d`. */
export function storedIpSpellings(ip: string): string[] {
  const address = parseIpAddress(ip);
  if (address === null) return [ip];
  const canonical = formatIpAddress(address);
  return address.version === 'IPV4' ? [canonical, `::ffff:${canonical}`] : [canonical];
}

function filterOf(body: FilterFields): ActivityFilter {
  const range = body.range === undefined ? undefined : localDateRangeToUtc(body.timeZone, body.range.from, body.range.to);
  return {
    start: range === undefined ? undefined : new Date(range.start),
    end: range === undefined ? undefined : new Date(range.end),
    actorUserId: body.actorUserId,
    actor: body.actor,
    events: body.events,
    outcome: body.outcome,
    objectType: body.objectType,
    objectId: body.objectId,
    ips: body.ip === undefined ? undefined : storedIpSpellings(body.ip),
  };
}

const CURSOR = /^a:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9][0-9]{0,15})$/;

export function encodeActivityCursor(key: ActivityKey): string {
  return Buffer.from(`a:${key.at}|${key.id}`, 'utf8').toString('base64url');
}

export function decodeActivityCursor(cursor: string): ActivityKey {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = m?.[1];
  const id = Number(m?.[2]);
  if (at === undefined || !Number.isSafeInteger(id) || Number.isNaN(Date.parse(at))) {
    throw CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]);
  }
  return { at, id };
}

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: String(row.id),
    time: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorUsername: row.actorUsername,
    event: row.event as ActivityEvent,
    outcome: row.outcome as ActivityOutcome,
    objectType: row.objectType as ActivityObjectType | null,
    objectId: row.objectId,
    objectLabel: row.objectLabel,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
  };
}

/** The activity log screen: its page and its CSV export, always within the caller's scope. */
export class ActivityService {
  constructor(
    private readonly db: Db,
    private readonly recorder: ActivityRecorder,
  ) {}

  async page(auth: AuthContext, body: ParsedActivityPageRequest): Promise<Page<ActivityEntry>> {
    const filter = filterOf(body);
    const after = body.cursor === undefined ? null : decodeActivityCursor(body.cursor);
    const [rows, total] = await Promise.all([
      activityPageQuery(this.db, auth.scope, filter, after, body.pageSize + 1),
      countActivity(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, total, toEntry, (last) => encodeActivityCursor({ at: last.atKey, id: last.id }));
  }

  /**
   * The filtered log as CSV, newest first, streamed in batches. The entries are those present when
   * the export starts (up to the newest id then); more than ACTIVITY_EXPORT_MAX_ROWS are refused,
   * never cut. The export itself is recorded (after that point, so it is not in its own file).
   */
  async export(
    auth: AuthContext,
    body: ParsedActivityExportRequest,
    client: { ip: string; userAgent: string | null },
  ): Promise<BinaryFile> {
    const range = body.range;
    // The request schema requires the range of an export.
    if (range === undefined) throw new Error('activity export without a date range');
    const filter = filterOf(body);
    const maxId = await lastActivityId(this.db, auth.scope);
    const rows = await countActivity(this.db, auth.scope, filter, ACTIVITY_EXPORT_MAX_ROWS, maxId);
    if (rows > ACTIVITY_EXPORT_MAX_ROWS) throw CommonErrors.conflict(ACTIVITY_MESSAGES.exportTooLarge);
    const filename = activityCsvFileName(range.from, range.to);
    await this.recorder.record(actorContext(auth, client), {
      event: ActivityEvents.ACTIVITY_EXPORTED,
      outcome: 'SUCCESS',
      object: { type: 'FILE', id: filename, label: filename },
      details: { from: range.from, to: range.to, timeZone: body.timeZone, rows: String(rows) },
    });
    return { filename, contentType: ACTIVITY_CSV_CONTENT_TYPE, body: Readable.from(this.csvLines(auth, filter, body.timeZone, maxId)) };
  }

  private async *csvLines(auth: AuthContext, filter: ActivityFilter, timeZone: string, maxId: number): AsyncGenerator<string> {
    yield CSV_BOM + activityCsvHeader(timeZone);
    let after: ActivityKey | null = null;
    for (;;) {
      const batch = await activityPageQuery(this.db, auth.scope, filter, after, EXPORT_BATCH_ROWS, maxId);
      if (batch.length === 0) return;
      yield batch.map((row) => activityCsvRow(toEntry(row), timeZone)).join('');
      const last = batch.at(-1);
      if (batch.length < EXPORT_BATCH_ROWS || last === undefined) return;
      after = { at: last.atKey, id: last.id };
    }
  }
}
