import { createHash, randomBytes } from 'node:crypto';
import type { AccountType } from '@andes/contract/account/enums';
import { utcOffsetLabel } from '@andes/contract/common/countries';
import { type CalendarDate, isCalendarDate, localDateRangeToUtc } from '@andes/contract/common/dates';
import type { AccountBillType, TransactionType } from '@andes/contract/common/enums';
import { REPORT_LINK_TTL_HOURS, REPORT_PAGE_INFO, type ReportPage } from '@andes/contract/finance/enums';
import {
  type DailyMoneyRow,
  DailyReportDownloadRequest,
  type DailyReportPage,
  type DailyReportRequest,
  type DailyTransactionRow,
  type ReportLink,
} from '@andes/contract/finance/schemas';
import type { z } from 'zod';
import { type Clock, HOUR_MS } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, CommonErrors } from '../../http/errors.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import { type ReportStream, reportStream } from '../download-center/report-writer.ts';
import { actingUserAuth } from '../transaction/transaction-export.service.ts';
import { accountDays, datesOf, emptyMoneyDay, moneyTotals, sumDays, transactionDays, transactionTotals } from './daily-figures.ts';
import { FinanceErrors } from './finance.errors.ts';
import {
  type AccountRow,
  type Channel,
  channelLinesPerDay,
  channelTransactionFigures,
  closingsBefore,
  dailyRows,
  dailyTransactionFigures,
  localAccountsOf,
  subMerchantIdsOf,
} from './finance.repository.ts';
import { closingOf, headingOf, MONEY_COLUMNS, type MoneyFileRow, TRANSACTIONS_COLUMNS, type TransactionsFileRow } from './finance-files.ts';
import { type AccountContext, resolveAccount, resolvePeriod } from './finance-scope.ts';
import { consumeReportLink, insertReportLink } from './report-links.repository.ts';

/**
 * The daily reports (`/reports/*`, issue #10, docs/decisions/0026): one row per local day of the
 * period in the account's zone, their page, their file, and shareable one-time links to the file.
 *
 * Which page a request is for, and so which permission it needs: the request's `page` when it names
 * one (its account type and bill types must be the page's, else billTypeNotOnPage); otherwise the
 * page its bill type belongs to — PAYMENT_LINK, SHOPIFY and SHOPLAZZA their own pages, ACCOUNT and
 * TRANSACTION the account type's page (payin, payout, marketplace). The caller must hold that page's
 * REPORT_PAGE_INFO permission (FORBIDDEN otherwise): each request maps to exactly one page, so a
 * holder of the Shopify report cannot read all pay-ins' transaction report, nor the reverse.
 *
 * Whose money: the holder's account (finance-scope.ts). When the holder is the merchant itself and
 * the merchant's bill is not divided (`subMerchantDividedBill` false), every report of the page is
 * the merchant's bill with its sub-merchants' accounts (each account's days filled forward, then
 * summed) and says `divided: false`; otherwise only the holder's (`divided: true`).
 */

type ParsedDailyReportRequest = z.output<typeof DailyReportRequest>;
type ParsedDailyReportDownload = z.output<typeof DailyReportDownloadRequest>;
/** The request fields every report call has (page, file and link). */
type ReportFields = Omit<ParsedDailyReportRequest, 'pageSize' | 'cursor'>;

/** Where a report link points: `${REPORT_LINK_PATH_PREFIX}<token>` (a plain GET, outside /dashboard). */
export const REPORT_LINK_PATH_PREFIX = '/files/report-links/';

const TRANSACTION_TYPE_OF: Readonly<Record<AccountType, TransactionType>> = {
  PAY_IN: 'PAY_IN',
  PAY_OUT: 'PAY_OUT',
  MARKET_PLACE: 'MARKET_PLACE_ORDERS',
};

const PAGE_OF_ACCOUNT_TYPE: Readonly<Record<AccountType, ReportPage>> = { PAY_IN: 'payin', PAY_OUT: 'payout', MARKET_PLACE: 'marketplace' };
const PAGE_OF_BILL: Partial<Record<AccountBillType, ReportPage>> = {
  PAYMENT_LINK: 'payment-link',
  SHOPIFY: 'shopify',
  SHOPLAZZA: 'shoplazza',
};
const CHANNEL_OF_PAGE: Partial<Record<ReportPage, Channel>> = {
  'payment-link': { kind: 'payment-link' },
  shopify: { kind: 'store', platform: 'SHOPIFY' },
  shoplazza: { kind: 'store', platform: 'SHOPLAZZA' },
};

/** The page a report request is for (see the module's comment); billTypeNotOnPage when the page does not offer it. */
export function reportPageOf(body: { page?: ReportPage | undefined; accountType: AccountType; billType: AccountBillType }): ReportPage {
  const page = body.page ?? PAGE_OF_BILL[body.billType] ?? PAGE_OF_ACCOUNT_TYPE[body.accountType];
  const info = REPORT_PAGE_INFO[page];
  if (info.accountType !== body.accountType || !info.billTypes.includes(body.billType)) throw FinanceErrors.billTypeNotOnPage();
  return page;
}

export function hashReportToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A report request checked and resolved. */
interface ReportContext {
  page: ReportPage;
  billType: AccountBillType;
  ctx: AccountContext;
  range: { from: CalendarDate; to: CalendarDate };
  divided: boolean;
  /** The holders on the bill: the holder, or the merchant and all its sub-merchants. */
  holderIds: number[];
  /** Their accounts of the type in the country (the holder's own is ctx.account). */
  accounts: AccountRow[];
}

type ReportData = { kind: 'MONEY'; days: DailyMoneyRow[] } | { kind: 'TRANSACTIONS'; days: DailyTransactionRow[] };

export class DailyReportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  private async context(auth: AuthContext, body: ReportFields): Promise<ReportContext> {
    const page = reportPageOf(body);
    if (!auth.permissions.has(REPORT_PAGE_INFO[page].permission)) throw CommonErrors.forbidden();
    const now = this.clock();
    const ctx = await resolveAccount(this.db, auth, body, now);
    const range = resolvePeriod(body.range, ctx.country.timezoneName, now);
    const consolidated = ctx.holderIsMerchant && !ctx.holder.dividedBill;
    const holderIds = consolidated ? [ctx.holder.id, ...(await subMerchantIdsOf(this.db, auth.scope))] : [ctx.holder.id];
    const accounts = consolidated
      ? await localAccountsOf(this.db, auth.scope, holderIds, ctx.country.country, ctx.accountType)
      : ctx.account === null
        ? []
        : [ctx.account];
    return { page, billType: body.billType, ctx, range, divided: !consolidated, holderIds, accounts };
  }

  /** Every day of the period, oldest first. */
  private async data(auth: AuthContext, rc: ReportContext): Promise<ReportData> {
    const { from, to } = rc.range;
    const dates = datesOf(from, to);
    const ids = rc.accounts.map((a) => a.id);
    if (rc.billType === 'ACCOUNT') {
      const [rows, openings] = await Promise.all([dailyRows(this.db, ids, from, to), closingsBefore(this.db, ids, from)]);
      const perAccount = ids.map((id) =>
        accountDays(
          from,
          to,
          rows.filter((r) => r.accountId === id),
          openings.get(id) ?? 0,
        ),
      );
      return { kind: 'MONEY', days: sumDays(perAccount, dates) };
    }
    const channel = CHANNEL_OF_PAGE[rc.page];
    if (rc.billType === 'TRANSACTION') {
      const { country } = rc.ctx.country;
      const rows =
        channel === undefined
          ? await dailyTransactionFigures(this.db, auth.scope, rc.holderIds, country, TRANSACTION_TYPE_OF[rc.ctx.accountType], from, to)
          : await this.channelTransactions(auth, rc, channel);
      return { kind: 'TRANSACTIONS', days: transactionDays(dates, rows) };
    }
    if (channel === undefined) throw new Error(`report page ${rc.page} has no channel for bill type ${rc.billType}`);
    return { kind: 'MONEY', days: await this.channelMoney(auth, rc, channel, dates) };
  }

  private channelTransactions(auth: AuthContext, rc: ReportContext, channel: Channel) {
    const utc = localDateRangeToUtc(rc.ctx.country.timezoneName, rc.range.from, rc.range.to);
    const merchant = rc.holderIds.includes(auth.scope.merchantId);
    const subMerchantIds = rc.holderIds.filter((id) => id !== auth.scope.merchantId);
    return channelTransactionFigures(
      this.db,
      auth.scope,
      { merchant, subMerchantIds },
      rc.ctx.country.country,
      channel,
      new Date(utc.start),
      new Date(utc.end),
    );
  }

  /** A channel's money per day: the lines of its transactions on the PAY_IN account(s); no balance of its own. */
  private async channelMoney(
    auth: AuthContext,
    rc: ReportContext,
    channel: Channel,
    dates: readonly CalendarDate[],
  ): Promise<DailyMoneyRow[]> {
    const rows = await dailyRows(
      this.db,
      rc.accounts.map((a) => a.id),
      rc.range.from,
      rc.range.to,
    );
    const ranges = new Map<number, { accountId: number; firstId: number; lastId: number }>();
    for (const r of rows) {
      const range = ranges.get(r.accountId);
      if (range === undefined) ranges.set(r.accountId, { accountId: r.accountId, firstId: r.firstLineId, lastId: r.lastLineId });
      else range.lastId = Math.max(range.lastId, r.lastLineId);
    }
    const lines = await channelLinesPerDay(this.db, auth.scope, rc.ctx.country.country, [...ranges.values()], channel);
    const days = new Map<string, DailyMoneyRow>(dates.map((date) => [date, emptyMoneyDay(date, null)]));
    for (const line of lines) {
      const day = days.get(line.localDate);
      if (day === undefined) continue;
      const column = COLUMN_OF_CATEGORY[line.category] ?? 'other';
      day[column] += line.amount;
      day.net += line.amount;
      if (line.item === 'AMOUNT') {
        if (line.category === 'PAYIN') day.payinCount += line.count;
        if (line.category === 'PAYOUT') day.payoutCount += line.count;
        if (line.category === 'REFUND') day.refundCount += line.count;
        if (line.category === 'CHARGEBACK') day.chargebackCount += line.count;
      }
    }
    return [...days.values()];
  }

  /** dailyReportPage: newest first; the cursor is the last date given. */
  async page(auth: AuthContext, body: ParsedDailyReportRequest): Promise<DailyReportPage> {
    if (body.cursor !== undefined && !isCalendarDate(body.cursor)) throw FinanceErrors.invalidCursor();
    const rc = await this.context(auth, body);
    const data = await this.data(auth, rc);
    const head = {
      billType: rc.billType,
      currency: rc.ctx.country.currency,
      timezoneName: rc.ctx.country.timezoneName,
      range: rc.range,
      accountNo: rc.ctx.account?.accountNo ?? null,
      divided: rc.divided,
      total: data.days.length,
    };
    const cursor = body.cursor;
    const pageOf = <T extends { date: string }>(days: readonly T[]) => {
      const newest = [...days].reverse();
      const start = cursor === undefined ? 0 : newest.findIndex((d) => d.date < cursor);
      const list = start < 0 ? [] : newest.slice(start, start + body.pageSize);
      const last = list.at(-1);
      const more = start >= 0 && start + body.pageSize < newest.length;
      return { list, nextCursor: more && last !== undefined ? last.date : null };
    };
    if (data.kind === 'MONEY') {
      return { kind: 'MONEY', ...head, ...pageOf(data.days), totals: moneyTotals(data.days) };
    }
    return { kind: 'TRANSACTIONS', ...head, ...pageOf(data.days), totals: transactionTotals(data.days) };
  }

  private fileNameOf(rc: ReportContext, format: string): string {
    return `daily-report-${rc.page}-${rc.billType.toLowerCase()}-${rc.ctx.country.country}-${rc.range.from}-${rc.range.to}.${format}`;
  }

  private async stream(auth: AuthContext, rc: ReportContext, body: ParsedDailyReportDownload): Promise<ReportStream> {
    const data = await this.data(auth, rc);
    const { country, holder, account, accountType } = rc.ctx;
    const now = this.clock();
    const currency = country.currency;
    const language = body.language;
    const money = data.kind === 'MONEY' ? moneyTotals(data.days) : null;
    const heading = headingOf(
      {
        title: 'dailyReport',
        accountNo: account?.accountNo ?? null,
        holder: `${holder.name} (${holder.code})`,
        accountType,
        billType: rc.billType,
        consolidated: !rc.divided,
        currency,
        timeZone: country.timezoneName,
        offset: utcOffsetLabel(country.timezoneName, now),
        range: rc.range,
        opening: money?.openingBalance ?? null,
      },
      language,
    );
    const options = { language, timeZone: country.timezoneName, at: now, heading, sheetName: 'Daily report' };
    if (data.kind === 'MONEY') {
      const closing = money?.closingBalance ?? null;
      const rows = data.days.map((d): MoneyFileRow => ({ ...d, amount: d.net, currency }));
      return reportStream(
        fromArray(rows),
        MONEY_COLUMNS,
        body.format,
        { ...options, closing: () => (closing === null ? [] : closingOf(closing, language)) },
        () => undefined,
      );
    }
    const rows = data.days.map((d): TransactionsFileRow => ({ ...d, currency }));
    return reportStream(fromArray(rows), TRANSACTIONS_COLUMNS, body.format, options, () => undefined);
  }

  private async fileFor(auth: AuthContext, body: ParsedDailyReportDownload): Promise<{ file: BinaryFile; rc: ReportContext }> {
    const rc = await this.context(auth, body);
    const report = await this.stream(auth, rc, body);
    return { file: { filename: this.fileNameOf(rc, body.format), contentType: report.contentType, body: report.body }, rc };
  }

  private async recordExport(auth: AuthContext, client: ActivityClient, rc: ReportContext, fileName: string, via: 'DIRECT' | 'LINK') {
    await this.activity.record(actorContext(auth, client), {
      event: ActivityEvents.REPORT_EXPORTED,
      outcome: 'SUCCESS',
      object: { type: 'REPORT', id: fileName, label: fileName },
      details: {
        report: 'DAILY_REPORT',
        via,
        page: rc.page,
        billType: rc.billType,
        country: rc.ctx.country.country,
        accountType: rc.ctx.accountType,
        holder: rc.ctx.holder.code,
        from: rc.range.from,
        to: rc.range.to,
      },
    });
  }

  /** dailyReportDownload: the whole period, oldest first. */
  async file(auth: AuthContext, body: ParsedDailyReportDownload, client: ActivityClient): Promise<BinaryFile> {
    const { file, rc } = await this.fileFor(auth, body);
    await this.recordExport(auth, client, rc, file.filename, 'DIRECT');
    return file;
  }

  /**
   * dailyReportLink: the request is checked now (a refusal comes at
   * once) and stored as checked — holder, account and the period resolved now, so "the last week"
   * means the week of the link — with only the SHA-256 of a 32-byte token. The file itself is
   * computed when the link is opened, from that stored request and with the creator's rights at
   * that moment (a creator disabled or without the page any more makes the link invalid): its
   * figures are those of the opening, like any download.
   */
  async link(auth: AuthContext, body: ParsedDailyReportDownload, client: ActivityClient): Promise<ReportLink> {
    const rc = await this.context(auth, body);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + REPORT_LINK_TTL_HOURS * HOUR_MS);
    const request = DailyReportDownloadRequest.parse({ ...body, range: rc.range });
    const id = await insertReportLink(this.db, {
      tokenHash: hashReportToken(token),
      userId: auth.userId,
      merchantId: auth.merchantId,
      request: { ...request, page: rc.page, holderId: rc.ctx.holder.id, accountIds: rc.accounts.map((a) => a.id) },
      createdAt: now,
      expiresAt,
    });
    await this.activity.record(actorContext(auth, client), {
      event: ActivityEvents.REPORT_EXPORTED,
      outcome: 'SUCCESS',
      object: { type: 'REPORT', id, label: this.fileNameOf(rc, body.format) },
      details: {
        report: 'DAILY_REPORT',
        via: 'LINK_CREATED',
        page: rc.page,
        billType: rc.billType,
        country: rc.ctx.country.country,
        accountType: rc.ctx.accountType,
        holder: rc.ctx.holder.code,
        from: rc.range.from,
        to: rc.range.to,
        expiresAt: expiresAt.toISOString(),
      },
    });
    return { url: `${REPORT_LINK_PATH_PREFIX}${token}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The file behind a link, or null when it is not valid (unknown, used, expired, or its creator may
   * no longer have it). The link is used up first — a conditional UPDATE, before anything is
   * written — so it gives its file once, even to two opens at the same instant.
   */
  async fileOfLink(token: string, client: ActivityClient): Promise<BinaryFile | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const link = await consumeReportLink(this.db, hashReportToken(token), this.clock());
    if (link === null) return null;
    const auth = await actingUserAuth(this.db, link.userId, link.merchantId);
    if (auth === null) return null;
    const parsed = DailyReportDownloadRequest.safeParse(link.request);
    if (!parsed.success) return null;
    try {
      const { file } = await this.fileFor(auth, parsed.data);
      await this.activity.record(
        { merchantId: link.merchantId, actorUserId: null, actorUsername: null, ip: client.ip, userAgent: client.userAgent },
        {
          event: ActivityEvents.FILE_DOWNLOADED,
          outcome: 'SUCCESS',
          object: { type: 'REPORT', id: link.id, label: file.filename },
          details: { via: 'REPORT_LINK', linkCreator: auth.username },
        },
      );
      return file;
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }
}

const COLUMN_OF_CATEGORY: Partial<Record<string, 'payin' | 'payout' | 'refund' | 'chargeback' | 'fee' | 'tax' | 'fx' | 'other'>> = {
  PAYIN: 'payin',
  PAYOUT: 'payout',
  REFUND: 'refund',
  CHARGEBACK: 'chargeback',
  FEE: 'fee',
  TAX: 'tax',
  FX: 'fx',
};

async function* fromArray<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}
