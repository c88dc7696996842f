import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country, type Currency, utcOffsetLabel } from '@andes/contract/common/countries';
import type {
  SubAccount,
  SubAccountPage,
  SubAccountPageRequest,
  SubAccountSummary,
  SubAccountSummaryDownloadRequest,
  SubAccountSummaryRequest,
} from '@andes/contract/sub-merchant/schemas';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { authorisedCountries, requireCountry } from '../../http/country-access.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import { type ActivityClient, type ActivityRecorder, actorContext } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import { reportStream } from '../download-center/report-writer.ts';
import { summaryDays, summaryTotals } from '../finance/daily-figures.ts';
import { FinanceErrors } from '../finance/finance.errors.ts';
import { closingsBefore, dailyRows } from '../finance/finance.repository.ts';
import { closingOf, headingOf, SUMMARY_COLUMNS, type SummaryFileRow } from '../finance/finance-files.ts';
import { resolveAccount, resolvePeriod } from '../finance/finance-scope.ts';
import { localAccountNo } from '../ledger/account-numbers.ts';
import { countSubAccounts, type SubAccountKey, type SubAccountRow, subAccountsQuery } from './sub-merchant.repository.ts';

/**
 * The sub-merchant screens of issue #10 (docs/decisions/0026): the sub-accounts with their balances
 * and a sub-merchant's daily summary (its PAY_IN account of a country: the money a sub-merchant
 * collects), with its file. Holder, country and period are resolved as for every finance call
 * (finance-scope.ts): a merchant user sees its sub-merchants, a sub-merchant user only its own, and
 * another merchant's sub-merchant answers NOT_FOUND.
 *
 * The list has a row per sub-merchant and country of its areas that the caller may see, also before
 * the account is opened by its first movement (zero balances, and the number the account will
 * have), so a new sub-merchant shows up at once.
 */

type ParsedPageRequest = z.output<typeof SubAccountPageRequest>;
type ParsedSummaryRequest = z.output<typeof SubAccountSummaryRequest>;
type ParsedSummaryDownload = z.output<typeof SubAccountSummaryDownloadRequest>;

export function encodeSubAccountCursor(key: SubAccountKey): string {
  return Buffer.from(JSON.stringify([key.name, key.id, key.country]), 'utf8').toString('base64url');
}

export function decodeSubAccountCursor(cursor: string): SubAccountKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [name, id, country] = value as unknown[];
      if (typeof name === 'string' && typeof country === 'string' && typeof id === 'number' && Number.isSafeInteger(id)) {
        return { name, id, country };
      }
    }
  } catch {
    // Not JSON: refused below.
  }
  throw FinanceErrors.invalidCursor();
}

function subAccountOf(r: SubAccountRow): SubAccount {
  const country = r.country as Country;
  const balance = (r.available ?? 0) + (r.pending ?? 0) + (r.onHold ?? 0) + (r.reserved ?? 0) + (r.depositHeld ?? 0) + (r.owed ?? 0);
  return {
    subMerchantId: r.subMerchantId,
    subMerchantName: r.subMerchantName,
    subMerchantCode: r.subMerchantCode,
    country,
    currency: COUNTRY_INFO[country].currency,
    accountNo: r.accountNo ?? localAccountNo(r.subMerchantCode, country, 'PAY_IN'),
    balance,
    available: r.available ?? 0,
    pending: r.pending ?? 0,
  };
}

export class SubMerchantService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  /** subAccountPage: by name, id and country; the book balance, available and pending. */
  async page(auth: AuthContext, body: ParsedPageRequest): Promise<SubAccountPage> {
    const after = body.cursor === undefined ? null : decodeSubAccountCursor(body.cursor);
    const countries =
      body.country === undefined
        ? await authorisedCountries(this.db, auth)
        : [(await requireCountry(this.db, auth, body.country, this.clock())).country];
    if (countries.length === 0) return { list: [], total: 0, totalCapped: false, nextCursor: null };
    // optionalText parses an absent keyword to '': no keyword.
    const filter = { countries, keyword: body.keyword };
    const [rows, counted] = await Promise.all([
      subAccountsQuery(this.db, auth.scope, filter, after, body.pageSize + 1),
      countSubAccounts(this.db, auth.scope, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, subAccountOf, (last) =>
      encodeSubAccountCursor({ name: last.subMerchantName, id: last.subMerchantId, country: last.country }),
    );
  }

  private async summaryOf(auth: AuthContext, body: ParsedSummaryRequest) {
    const now = this.clock();
    const ctx = await resolveAccount(
      this.db,
      auth,
      { country: body.country, accountType: 'PAY_IN', subMerchantId: body.subMerchantId },
      now,
    );
    // The summary is a sub-merchant's: the merchant's own account is not one (resolveHolder refuses its id).
    if (ctx.holderIsMerchant) throw FinanceErrors.subMerchantNotFound();
    const range = resolvePeriod(body.range, ctx.country.timezoneName, now);
    const ids = ctx.account === null ? [] : [ctx.account.id];
    const [rows, openings] = await Promise.all([dailyRows(this.db, ids, range.from, range.to), closingsBefore(this.db, ids, range.from)]);
    const opening = ctx.account === null ? 0 : (openings.get(ctx.account.id) ?? 0);
    const days = summaryDays(range.from, range.to, rows, opening);
    return { ctx, range, days, totals: summaryTotals(days, opening) };
  }

  /** subAccountSummary: newest first, every local day of the period. */
  async summary(auth: AuthContext, body: ParsedSummaryRequest): Promise<SubAccountSummary> {
    const { ctx, range, days, totals } = await this.summaryOf(auth, body);
    return {
      subMerchantId: ctx.holder.id,
      subMerchantName: ctx.holder.name,
      country: ctx.country.country,
      currency: ctx.country.currency,
      timezoneName: ctx.country.timezoneName,
      accountNo: ctx.account?.accountNo ?? null,
      range,
      rows: [...days].reverse(),
      totals,
    };
  }

  /** subAccountSummaryDownload: the same days, oldest first, with the trailer. */
  async summaryFile(auth: AuthContext, body: ParsedSummaryDownload, client: ActivityClient): Promise<BinaryFile> {
    const { ctx, range, days, totals } = await this.summaryOf(auth, body);
    const now = this.clock();
    const currency: Currency = ctx.country.currency;
    const language = body.language;
    const heading = headingOf(
      {
        title: 'subAccount',
        accountNo: ctx.account?.accountNo ?? null,
        holder: `${ctx.holder.name} (${ctx.holder.code})`,
        accountType: 'PAY_IN',
        currency,
        timeZone: ctx.country.timezoneName,
        offset: utcOffsetLabel(ctx.country.timezoneName, now),
        range,
        opening: totals.beginBalance,
      },
      language,
    );
    const rows = days.map((d): SummaryFileRow => ({ ...d, amount: d.endBalance - d.beginBalance, currency }));
    const report = reportStream(
      fromArray(rows),
      SUMMARY_COLUMNS,
      body.format,
      {
        language,
        timeZone: ctx.country.timezoneName,
        at: now,
        heading,
        closing: () => closingOf(totals.endBalance, language),
        sheetName: 'Daily summary',
      },
      () => undefined,
    );
    const filename = `sub-account-${ctx.holder.code}-${ctx.country.country}-${range.from}-${range.to}.${body.format}`;
    await this.activity.record(actorContext(auth, client), {
      event: ActivityEvents.REPORT_EXPORTED,
      outcome: 'SUCCESS',
      object: { type: 'REPORT', id: filename, label: filename },
      details: {
        report: 'SUB_ACCOUNT_SUMMARY',
        via: 'DIRECT',
        country: ctx.country.country,
        holder: ctx.holder.code,
        from: range.from,
        to: range.to,
      },
    });
    return { filename, contentType: report.contentType, body: report.body };
  }
}

async function* fromArray<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}
