import {
  ALARM_MESSAGES,
  type AlarmHistoryPage,
  type AlarmHistoryRequest,
  type BalanceAlarm,
  type BalanceAlarmList,
  type BalanceAlarmListRequest,
  type BalanceAlarmUpdateRequest,
} from '@andes/contract/balance-alarm/schemas';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { Country, Currency } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import { formatCents } from '@andes/contract/common/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { requireCountry } from '../../http/country-access.ts';
import { AppError, CommonErrors } from '../../http/errors.ts';
import { decodeCursor, encodeCursor, keysetPage } from '../../http/keyset-page.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { lock } from '../ledger/ledger.service.ts';
import { alarmsCrossed } from './balance-alarm.crossing.ts';
import {
  type AlarmAccountRow,
  alarmEventPage,
  alarmRecipients,
  findAlarmAccount,
  listAlarmAccounts,
  lockAlarm,
  type Recipient,
  saveAlarm,
  userNames,
} from './balance-alarm.repository.ts';

const CURSOR_TAG = 'alarm';

/**
 * Whom a caller may choose to notify: a merchant user anyone who may be notified; a sub-merchant
 * user only the users of their own sub-merchant (the merchant's staff list is not theirs to see).
 */
const choosableBy = (auth: AuthContext, r: Recipient) => auth.scope.subMerchantId === null || r.subMerchantId === auth.scope.subMerchantId;

function toWire(row: AlarmAccountRow, names: ReadonlyMap<number, string>): BalanceAlarm {
  return {
    accountId: row.accountId,
    accountNo: row.accountNo,
    accountType: row.accountType,
    country: row.country as Country,
    currency: row.currency as Currency,
    holderName: row.holderName,
    subMerchant: row.subMerchant,
    available: row.available,
    threshold: row.threshold,
    below: row.below,
    subscribers: row.subscriberIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ userId: id, name }];
    }),
    version: row.version,
    updatedAt: row.updatedAt?.toISOString() ?? null,
    updatedByName: row.updatedByName,
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
  };
}

/** Balance alarms of the Configure screen (docs/decisions/0033). */
export class BalanceAlarmService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  async list(auth: AuthContext, body: BalanceAlarmListRequest): Promise<BalanceAlarmList> {
    await requireCountry(this.db, auth, body.country, this.clock());
    const rows = await listAlarmAccounts(this.db, auth.scope, body.country);
    const names = await userNames(this.db, auth.scope.merchantId, [...new Set(rows.flatMap((r) => r.subscriberIds))]);
    const recipients = (await alarmRecipients(this.db, auth.scope.merchantId, body.country, auth.scope.subMerchantId)).filter((r) =>
      choosableBy(auth, r),
    );
    return {
      list: rows.map((r) => toWire(r, names)),
      recipients: recipients.map((r) => ({ userId: r.userId, name: r.name })),
    };
  }

  /**
   * Sets or clears an alarm, conditional on the version the caller saw. Under the account's lock
   * (the one every posting takes), so no posting crosses the old threshold while the new one is set:
   * a threshold set above the balance fires at once, one set below a fired alarm's balance recovers it.
   */
  async update(auth: AuthContext, body: BalanceAlarmUpdateRequest, client: ActivityClient): Promise<BalanceAlarm> {
    const now = this.clock();
    const found = await findAlarmAccount(this.db, auth.scope, body.accountId);
    if (!found) throw CommonErrors.notFound('The account');
    await requireCountry(this.db, auth, found.country as Country, now);
    const allowed = (await alarmRecipients(this.db, auth.scope.merchantId, found.country, found.holderId)).filter((r) =>
      choosableBy(auth, r),
    );
    const allowedIds = new Set(allowed.map((r) => r.userId));
    if (body.subscriberIds.some((id) => !allowedIds.has(id))) {
      throw CommonErrors.validation([{ path: 'subscriberIds', message: ALARM_MESSAGES.notRecipient }]);
    }
    const actor = (await userNames(this.db, auth.scope.merchantId, [auth.userId])).get(auth.userId) ?? auth.username;
    await this.db.transaction(async (tx) => {
      const locked = await lock(tx, [found.accountId]);
      const available = locked.get(found.accountId)?.balances.AVAILABLE ?? 0;
      const current = await lockAlarm(tx, found.accountId);
      if ((current?.version ?? 0) !== body.version) throw new AppError(ResultCode.CONFLICT, ALARM_MESSAGES.stale);
      const wasBelow = current?.below ?? false;
      // A threshold that stays on moves across the balance as a posting would: the crossing records it.
      const keepsState = body.threshold !== null && current?.threshold !== null && current?.threshold !== undefined;
      await saveAlarm(tx, {
        accountId: found.accountId,
        merchantId: found.merchantId,
        threshold: body.threshold,
        below: body.threshold === null ? false : keepsState ? wasBelow : false,
        subscriberIds: body.subscriberIds,
        version: body.version + 1,
        updatedAt: now,
        updatedBy: auth.userId,
        updatedByName: actor,
      });
      if (body.threshold !== null) {
        const stateNow = keepsState ? wasBelow : false;
        const below = available < body.threshold;
        if (below !== stateNow) {
          await alarmsCrossed(tx, [{ accountId: found.accountId, available, threshold: body.threshold, below, entryId: null, at: now }]);
        }
      }
      const currency = found.currency as Currency;
      const shown = (v: number | null | undefined) => (v === null || v === undefined ? 'none' : formatCents(v, currency));
      await this.activity.record(
        actorContext(auth, client),
        {
          event: 'BALANCE_ALARM_CHANGED',
          outcome: 'SUCCESS',
          object: { type: 'ACCOUNT', id: found.accountNo, label: found.accountNo },
          details: {
            country: found.country,
            from: shown(current?.threshold),
            to: shown(body.threshold),
            notified: String(body.subscriberIds.length),
          },
        },
        tx,
      );
    });
    const after = await findAlarmAccount(this.db, auth.scope, body.accountId);
    if (!after) throw CommonErrors.notFound('The account');
    return toWire(after, await userNames(this.db, auth.scope.merchantId, after.subscriberIds));
  }

  async history(auth: AuthContext, body: AlarmHistoryRequest): Promise<AlarmHistoryPage> {
    await requireCountry(this.db, auth, body.country, this.clock());
    const beforeId = body.cursor === undefined ? undefined : decodeCursor(CURSOR_TAG, body.cursor, 1)[0];
    const { rows, counted } = await alarmEventPage(
      this.db,
      auth.scope,
      { country: body.country, accountId: body.accountId, beforeId },
      body.pageSize + 1,
      MAX_EXACT_TOTAL + 1,
    );
    return keysetPage(
      rows,
      body.pageSize,
      counted,
      (r) => ({
        id: r.id,
        accountId: r.accountId,
        accountNo: r.accountNo,
        accountType: r.accountType,
        currency: r.currency as Currency,
        kind: r.kind,
        available: r.available,
        threshold: r.threshold,
        at: r.at.toISOString(),
        notified: r.notifiedIds.length,
        mailedAt: r.mailedAt?.toISOString() ?? null,
      }),
      (last) => encodeCursor(CURSOR_TAG, [last.id]),
    );
  }
}
