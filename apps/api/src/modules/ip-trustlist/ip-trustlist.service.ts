import { IP_TRUSTLIST_MAX_ENTRIES } from '@andes/contract/common/constants';
import { type IpListEntry, ipRangeOf } from '@andes/contract/common/ip';
import type { Page } from '@andes/contract/common/page';
import type { IpRestrictionMode, IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import type {
  IpRestriction,
  IpRestrictionUpdateRequest,
  IpTrustEntry,
  IpTrustlistEditResponse,
  IpTrustlistPageRequest,
  ParsedIpTrustlistEditRequest,
} from '@andes/contract/ip-trustlist/schemas';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import type { ActivityContext, ActivityRecorder } from '../activity/activity.recorder.ts';
import { actorContext } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import { rangesCover } from './ip-access.ts';
import { IpTrustlistErrors } from './ip-trustlist.errors.ts';
import { type EditPlan, planAdd, planModify } from './ip-trustlist.plan.ts';
import {
  dashboardValues,
  deleteEntry,
  type EntryRow,
  existingUserIds,
  findAccessSettings,
  findEntry,
  findEntryById,
  insertEntries,
  listEntries,
  lockAccessSettings,
  pageEntries,
  restrictedUserIds,
  restrictedUsers,
  saveRestriction,
  updateEntry,
} from './ip-trustlist.repository.ts';

/** Where a call came from. */
export interface Client {
  ip: string;
  userAgent: string | null;
}

type ParsedRestrictionUpdate = z.output<typeof IpRestrictionUpdateRequest>;

const CURSOR_PREFIX = 'ip:';

/** The opaque cursor of the page after the entry `id`. */
export function encodeEntryCursor(id: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${id}`, 'utf8').toString('base64url');
}

/** The entry id a cursor stands for; throws a validation error for anything else. */
export function decodeEntryCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^ip:([1-9][0-9]{0,9})$/.exec(text);
  const id = m ? Number(m[1]) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw IpTrustlistErrors.invalidCursor();
  return id;
}

function toWire(row: EntryRow): IpTrustEntry {
  return {
    id: row.id,
    listType: row.listType,
    value: row.value,
    kind: row.kind,
    version: row.version,
    remark: row.remark,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const contextOf = (auth: AuthContext, client: Client): ActivityContext => actorContext(auth, client);

/** True when the restriction in `mode` (with `userIds` for SELECTED_USERS) holds the user. */
function holds(mode: IpRestrictionMode, userIds: readonly number[], userId: number): boolean {
  return mode === 'ALL_USERS' || (mode === 'SELECTED_USERS' && userIds.includes(userId));
}

function covers(values: readonly string[], ip: string): boolean {
  return rangesCover(
    values.map((value) => ipRangeOf({ value })),
    ip,
  );
}

/**
 * The merchant's IP trust lists (DASHBOARD, API) and the "dashboard access only from trusted
 * addresses" restriction. Every write locks the merchant's settings row first (the per-list limit
 * and the lockout checks hold under concurrent edits), bumps its version (other processes see the
 * change at their next call) and records its activity-log entries in the same transaction.
 */
export class IpTrustlistService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  async page(auth: AuthContext, body: IpTrustlistPageRequest): Promise<Page<IpTrustEntry>> {
    const afterId = body.cursor === undefined ? null : decodeEntryCursor(body.cursor);
    const { rows, total } = await pageEntries(this.db, auth.scope, {
      listType: body.listType,
      address: body.address,
      kind: body.kind,
      version: body.version,
      pageSize: body.pageSize,
      afterId,
    });
    return keysetPage(rows, body.pageSize, total, toWire, (last) => encodeEntryCursor(last.id));
  }

  async edit(auth: AuthContext, body: ParsedIpTrustlistEditRequest, client: Client): Promise<IpTrustlistEditResponse> {
    const needed = body.id === undefined ? 'setting:ip-trustlist:create' : 'setting:ip-trustlist:modify';
    if (!auth.permissions.has(needed)) throw CommonErrors.forbidden();
    const work = (db: Db) => (body.id === undefined ? this.add(db, auth, body, client) : this.modify(db, auth, body, body.id, client));
    return body.dryRun ? work(this.db) : this.db.transaction(work);
  }

  private answer(body: ParsedIpTrustlistEditRequest, plan: EditPlan, savedIds: number[], count: number): IpTrustlistEditResponse {
    return {
      dryRun: body.dryRun,
      entries: plan.added.map((e) => ({ value: e.value, kind: e.kind, version: e.version })),
      savedIds,
      duplicates: plan.duplicates,
      overlaps: plan.overlaps,
      count,
      limit: IP_TRUSTLIST_MAX_ENTRIES,
    };
  }

  private async add(db: Db, auth: AuthContext, body: ParsedIpTrustlistEditRequest, client: Client): Promise<IpTrustlistEditResponse> {
    // A dry run only reads; a save first takes the merchant's lock, so the count below is exact.
    if (!body.dryRun) await lockAccessSettings(db, auth.scope);
    const stored = await listEntries(db, auth.scope, body.listType);
    const plan = planAdd(body.addresses, stored);
    const count = stored.length + plan.added.length;
    if (count > IP_TRUSTLIST_MAX_ENTRIES) throw IpTrustlistErrors.listFull();
    if (body.dryRun) return this.answer(body, plan, [], count);
    const now = this.clock();
    const ids = await insertEntries(db, auth.scope, {
      listType: body.listType,
      entries: plan.added,
      remark: body.remark,
      by: auth.username,
      now,
    });
    const ctx = contextOf(auth, client);
    for (const [i, entry] of plan.added.entries()) {
      await this.activity.record(
        ctx,
        {
          event: ActivityEvents.IP_TRUSTLIST_ENTRY_ADDED,
          outcome: 'SUCCESS',
          object: { type: 'IP_TRUSTLIST_ENTRY', id: ids[i] ?? 0, label: entry.value },
          details: { listType: body.listType, kind: entry.kind, version: entry.version },
        },
        db,
      );
    }
    return this.answer(body, plan, ids, count);
  }

  /**
   * Refuses a change of the DASHBOARD list after which the caller, held by the restriction, would
   * no longer be trusted from where they are now.
   */
  private async assertNoSelfLockout(
    db: Db,
    auth: AuthContext,
    listType: IpTrustlistType,
    mode: IpRestrictionMode,
    before: readonly string[],
    after: readonly string[],
    ip: string,
  ): Promise<void> {
    if (listType !== 'DASHBOARD' || mode === 'OFF') return;
    if (mode === 'SELECTED_USERS' && !holds(mode, await restrictedUserIds(db, auth.scope), auth.userId)) return;
    if (covers(before, ip) && !covers(after, ip)) throw IpTrustlistErrors.ownAddressEntry();
  }

  private async modify(
    db: Db,
    auth: AuthContext,
    body: ParsedIpTrustlistEditRequest,
    id: number,
    client: Client,
  ): Promise<IpTrustlistEditResponse> {
    const settings = body.dryRun ? await findAccessSettings(db, auth.scope) : await lockAccessSettings(db, auth.scope);
    const target = await findEntry(db, auth.scope, body.listType, id);
    if (target === null) throw IpTrustlistErrors.entryNotFound();
    const entry: IpListEntry | undefined = body.addresses.entries[0];
    // The request schema makes sure a change carries exactly one entry.
    if (entry === undefined) throw new Error('ip-trustlist modify: the parsed input has no entry');
    const stored = await listEntries(db, auth.scope, body.listType);
    const plan = planModify(entry, target, stored);
    const count = stored.length;
    if (plan.added.length === 0) return this.answer(body, plan, [], count);
    const before = stored.map((e) => e.value);
    const after = stored.map((e) => (e.id === target.id ? entry.value : e.value));
    await this.assertNoSelfLockout(db, auth, body.listType, settings.mode, before, after, client.ip);
    if (body.dryRun) return this.answer(body, plan, [], count);
    if (entry.value === target.value && body.remark === target.remark) return this.answer(body, plan, [target.id], count);

    const now = this.clock();
    if (!(await updateEntry(db, auth.scope, body.listType, id, { entry, remark: body.remark, by: auth.username, now }))) {
      throw IpTrustlistErrors.entryNotFound();
    }
    await this.activity.record(
      contextOf(auth, client),
      {
        event: ActivityEvents.IP_TRUSTLIST_ENTRY_MODIFIED,
        outcome: 'SUCCESS',
        object: { type: 'IP_TRUSTLIST_ENTRY', id, label: entry.value },
        details: {
          listType: body.listType,
          from: target.value,
          to: entry.value,
          ...(body.remark === target.remark ? {} : { remark: body.remark }),
        },
      },
      db,
    );
    return this.answer(body, plan, [id], count);
  }

  async remove(auth: AuthContext, id: number, client: Client): Promise<null> {
    await this.db.transaction(async (tx) => {
      const settings = await lockAccessSettings(tx, auth.scope);
      const target = await findEntryById(tx, auth.scope, id);
      if (target === null) throw IpTrustlistErrors.entryNotFound();
      const stored = await listEntries(tx, auth.scope, target.listType);
      if (target.listType === 'DASHBOARD' && settings.mode !== 'OFF' && stored.length === 1) {
        throw IpTrustlistErrors.removeLastWhileRestricted();
      }
      const before = stored.map((e) => e.value);
      const after = stored.filter((e) => e.id !== target.id).map((e) => e.value);
      await this.assertNoSelfLockout(tx, auth, target.listType, settings.mode, before, after, client.ip);
      if (!(await deleteEntry(tx, auth.scope, target.listType, id))) throw IpTrustlistErrors.entryNotFound();
      await this.activity.record(
        contextOf(auth, client),
        {
          event: ActivityEvents.IP_TRUSTLIST_ENTRY_REMOVED,
          outcome: 'SUCCESS',
          object: { type: 'IP_TRUSTLIST_ENTRY', id, label: target.value },
          details: { listType: target.listType },
        },
        tx,
      );
    });
    return null;
  }

  private async restrictionOf(db: Db, auth: AuthContext, client: Client): Promise<IpRestriction> {
    const [settings, values] = await Promise.all([findAccessSettings(db, auth.scope), dashboardValues(db, auth.scope)]);
    const users = settings.mode === 'SELECTED_USERS' ? await restrictedUsers(db, auth.scope) : [];
    return {
      mode: settings.mode,
      users,
      dashboardEntryCount: values.length,
      clientIp: client.ip,
      clientIpTrusted: covers(values, client.ip),
      updatedAt: settings.restrictionUpdatedAt?.toISOString() ?? null,
      updatedBy: settings.restrictionUpdatedBy,
    };
  }

  async restriction(auth: AuthContext, client: Client): Promise<IpRestriction> {
    return this.restrictionOf(this.db, auth, client);
  }

  async updateRestriction(auth: AuthContext, body: ParsedRestrictionUpdate, client: Client): Promise<IpRestriction> {
    return this.db.transaction(async (tx) => {
      const settings = await lockAccessSettings(tx, auth.scope);
      const userIds = [...body.userIds].sort((a, b) => a - b);
      if (userIds.length > 0) {
        const found = await existingUserIds(tx, auth.scope, userIds);
        if (userIds.some((u) => !found.has(u))) throw IpTrustlistErrors.userNotFound();
      }
      if (body.mode !== 'OFF') {
        const values = await dashboardValues(tx, auth.scope);
        if (values.length === 0) throw IpTrustlistErrors.emptyDashboardList();
        if (holds(body.mode, userIds, auth.userId) && !covers(values, client.ip)) throw IpTrustlistErrors.selfLockout();
      }
      const currentIds = (await restrictedUserIds(tx, auth.scope)).sort((a, b) => a - b);
      const unchanged = settings.mode === body.mode && currentIds.join(',') === userIds.join(',');
      // A repeated request (a double click) changes nothing and records nothing.
      if (!unchanged) {
        await saveRestriction(tx, auth.scope, { mode: body.mode, userIds, by: auth.username, now: this.clock() });
        await this.activity.record(
          contextOf(auth, client),
          {
            event: ActivityEvents.IP_RESTRICTION_CHANGED,
            outcome: 'SUCCESS',
            object: { type: 'IP_RESTRICTION', id: auth.merchantId, label: body.mode },
            details: { from: settings.mode, to: body.mode, users: String(userIds.length) },
          },
          tx,
        );
      }
      return this.restrictionOf(tx, auth, client);
    });
  }
}
