import { TOPUP_ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRIES, type Country, type Currency } from '@andes/contract/common/countries';
import { defaultRange, isValidTimeZone, localDateRangeToUtc } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import type { GlobalAccountInfo, GlobalStatementLine, GlobalStatementPage, GlobalStatementRequest } from '@andes/contract/global/schemas';
import { type Clock, DAY_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext, Scope } from '../../http/auth-context.ts';
import { authorisedCountries } from '../../http/country-access.ts';
import { AppError, CommonErrors } from '../../http/errors.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import { balanceFigures } from '../account/balance-figures.ts';
import {
  countStatement,
  globalAccountOf,
  movementTotals,
  type StatementFilter,
  type StatementKey,
  type StatementRow,
  statementPageQuery,
} from './global.repository.ts';

/** How far back the "last 30 days" figures of the global account reach. */
export const GLOBAL_RECENT_DAYS = 30;
/** The zone of the statement's date range when the request names none. */
export const GLOBAL_DEFAULT_TIME_ZONE = 'UTC';

export const GLOBAL_MESSAGES = {
  merchantOnly: 'The global balance belongs to the merchant: sub-merchant users have none',
  invalidCursor: 'Not a valid page cursor: reload the first page',
  unknownTimeZone: 'Unknown time zone',
} as const;

const CURSOR = /^g:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9][0-9]{0,15})$/;

export function encodeStatementCursor(key: StatementKey): string {
  return Buffer.from(`g:${key.at}|${key.id}`, 'utf8').toString('base64url');
}

export function decodeStatementCursor(cursor: string): StatementKey {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = m?.[1];
  const id = Number(m?.[2]);
  if (at === undefined || !Number.isSafeInteger(id) || Number.isNaN(Date.parse(at))) {
    throw CommonErrors.validation([{ path: 'cursor', message: GLOBAL_MESSAGES.invalidCursor }]);
  }
  return { at, id };
}

function toLine(r: StatementRow): GlobalStatementLine {
  return {
    id: r.id,
    businessType: r.businessType,
    reference: r.reference,
    targetAccountNo: r.targetAccountNo,
    targetAccountType: r.targetAccountType,
    targetCountry: r.targetCountry as Country | null,
    amount: r.amount,
    targetAmount: r.targetAmount,
    targetCurrency: r.targetCurrency as Currency | null,
    exchangeRate: r.exchangeRate,
    startBalance: r.startBalance,
    endBalance: r.endBalance,
    createdAt: r.occurredAt.toISOString(),
  };
}

/** The global balance screen: the merchant's USD account and its statement (merchant users only). */
export class GlobalService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private merchantScope(auth: AuthContext): Scope {
    if (auth.scope.subMerchantId !== null) throw new AppError(ResultCode.FORBIDDEN, GLOBAL_MESSAGES.merchantOnly);
    return auth.scope;
  }

  async info(auth: AuthContext): Promise<GlobalAccountInfo> {
    const scope = this.merchantScope(auth);
    const now = this.clock();
    const [account, last30Days, countries] = await Promise.all([
      globalAccountOf(this.db, scope),
      movementTotals(this.db, scope, new Date(now.getTime() - GLOBAL_RECENT_DAYS * DAY_MS), now),
      authorisedCountries(this.db, auth),
    ]);
    const figures = balanceFigures(account.buckets, null);
    return {
      accountId: account.id,
      accountNo: account.accountNo,
      currency: account.currency as Currency,
      balance: figures.balance,
      available: figures.available,
      unavailable: figures.unavailable,
      last30Days,
      options: COUNTRIES.filter((c) => countries.includes(c)).flatMap((countryCode) =>
        TOPUP_ACCOUNT_TYPES.map((transactionTypeCode) => ({ countryCode, transactionTypeCode })),
      ),
      asOf: now.toISOString(),
    };
  }

  async statement(auth: AuthContext, body: GlobalStatementRequest): Promise<GlobalStatementPage> {
    const scope = this.merchantScope(auth);
    const timeZone = body.timezoneName ?? GLOBAL_DEFAULT_TIME_ZONE;
    if (!isValidTimeZone(timeZone)) throw CommonErrors.validation([{ path: 'timezoneName', message: GLOBAL_MESSAGES.unknownTimeZone }]);
    const range = body.range ?? defaultRange(timeZone, this.clock());
    const utc = localDateRangeToUtc(timeZone, range.from, range.to);
    const filter: StatementFilter = {
      businessType: body.businessType,
      targetCountry: body.targetCountry,
      start: new Date(utc.start),
      end: new Date(utc.end),
    };
    const after = body.cursor === undefined ? null : decodeStatementCursor(body.cursor);
    const [rows, counted] = await Promise.all([
      statementPageQuery(this.db, scope, filter, after, body.pageSize + 1),
      countStatement(this.db, scope, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, toLine, (last) => encodeStatementCursor({ at: last.atKey, id: last.id }));
  }
}
