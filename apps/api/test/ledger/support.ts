import type { AccountType } from '@andes/contract/account/enums';
import type { Country } from '@andes/contract/common/countries';
import { claimPayouts, ingestEvent } from '@andes/contract/platform/endpoints';
import type { EventAck, OfferedPayout, PlatformEventInput, TransactionCreatedData } from '@andes/contract/platform/schemas';
import type { TransferProvider } from '@andes/contract/transaction/enums';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { accounts, ledgerPostings } from '../../src/db/schema/ledger.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import { registerServiceToken } from '../../src/modules/platform/service-token.ts';

/**
 * Helpers of the ledger and ingestion tests: a service token, events built with fresh ids and
 * increasing times, and the balances and rows a caller would look at.
 */

export const PLATFORM_TOKEN = 'test-platform-token-0123456789abcdefghijklmnop';

export async function withPlatformToken(db: Db, token = PLATFORM_TOKEN): Promise<void> {
  await registerServiceToken(db, 'platform', token);
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export async function callInternal<T>(
  app: FastifyInstance,
  path: string,
  body: unknown,
  token: string | null = PLATFORM_TOKEN,
): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: body as object,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const json = res.json() as { code: number; msg: string; data: T };
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data };
}

export function sendEvent(app: FastifyInstance, event: PlatformEventInput, token?: string | null): Promise<Answer<EventAck>> {
  return callInternal<EventAck>(app, ingestEvent.path, event, token);
}

export function claim(
  app: FastifyInstance,
  body: { limit?: number; leaseSeconds?: number } = {},
): Promise<Answer<{ list: OfferedPayout[] }>> {
  return callInternal(app, claimPayouts.path, body);
}

/** Builds events with unique ids and times one minute apart from `start`. */
export class EventFactory {
  private n = 0;
  private time: number;

  constructor(
    private readonly prefix: string,
    start: Date = new Date('2026-03-02T15:00:00.000Z'),
  ) {
    this.time = start.getTime();
  }

  /** The next event id and time (each call moves the time on by a minute). */
  next(): { eventId: string; occurredAt: string } {
    this.n += 1;
    this.time += 60_000;
    return { eventId: `${this.prefix}-ev-${this.n}`, occurredAt: new Date(this.time).toISOString() };
  }

  /** An instant `days` after the factory's current time. */
  later(days: number): string {
    return new Date(this.time + days * 86_400_000).toISOString();
  }

  uniqueId(what = 'tx'): string {
    this.n += 1;
    return `${this.prefix}-${what}-${this.n}`;
  }

  created(data: Partial<TransactionCreatedData> & { uniqueId: string }, merchantCode = 'ANDES-DEMO'): PlatformEventInput {
    return {
      ...this.next(),
      type: 'transaction.created',
      merchantCode,
      data: {
        merchantReference: `order-${data.uniqueId}`,
        transactionType: 'PAY_IN',
        status: 'CREATED',
        country: 'BR',
        currency: 'BRL',
        productType: 'PIX',
        amount: 10_000,
        ...data,
      },
    };
  }

  payout(data: Partial<TransactionCreatedData> & { uniqueId: string }, merchantCode = 'ANDES-DEMO'): PlatformEventInput {
    return this.created(
      {
        transactionType: 'PAY_OUT',
        status: 'CREATED',
        beneficiary: { name: 'Beatriz Souza', document: '12345678901', pixKey: 'beatriz@example.com', pixKeyType: 'EMAIL' },
        ...data,
      },
      merchantCode,
    );
  }

  settled(
    uniqueId: string,
    d: {
      fee?: number;
      vat?: number;
      deposit?: number;
      availableInDays?: number;
      depositInDays?: number;
      provider?: TransferProvider;
    } = {},
    merchantCode = 'ANDES-DEMO',
  ): PlatformEventInput {
    const base = this.next();
    const deposit = d.deposit ?? 0;
    return {
      ...base,
      type: 'transaction.settled',
      merchantCode,
      data: {
        uniqueId,
        fee: d.fee ?? 0,
        vat: d.vat ?? 0,
        availableAt: this.later(d.availableInDays ?? 1),
        deposit,
        ...(deposit > 0 ? { depositReleaseAt: this.later(d.depositInDays ?? 90) } : {}),
        ...(d.provider ? { provider: d.provider } : {}),
      },
    };
  }

  statusChanged(
    uniqueId: string,
    status: 'IN_PROGRESS' | 'FAILED' | 'EXPIRED' | 'REJECTED' | 'CANCELLED',
    merchantCode = 'ANDES-DEMO',
  ): PlatformEventInput {
    return { ...this.next(), type: 'transaction.status_changed', merchantCode, data: { uniqueId, status } };
  }

  payoutStatus(
    uniqueId: string,
    status: 'IN_PROGRESS' | 'SETTLED' | 'FAILED' | 'REJECTED' | 'CANCELLED',
    extra: { fee?: number; vat?: number; provider?: TransferProvider } = {},
    merchantCode = 'ANDES-DEMO',
  ): PlatformEventInput {
    return { ...this.next(), type: 'payout.status_changed', merchantCode, data: { uniqueId, status, ...extra } };
  }

  refunded(uniqueId: string, amount: number, refundId = this.uniqueId('refund'), merchantCode = 'ANDES-DEMO'): PlatformEventInput {
    return { ...this.next(), type: 'transaction.refunded', merchantCode, data: { uniqueId, refundId, amount } };
  }

  chargedBack(
    uniqueId: string,
    amount: number,
    fee = 0,
    chargebackId = this.uniqueId('cb'),
    merchantCode = 'ANDES-DEMO',
  ): PlatformEventInput {
    return {
      ...this.next(),
      type: 'transaction.charged_back',
      merchantCode,
      data: { uniqueId, chargebackId, amount, fee, reason: 'Fraudulent transaction' },
    };
  }

  held(uniqueId: string, merchantCode = 'ANDES-DEMO'): PlatformEventInput {
    return { ...this.next(), type: 'transaction.held', merchantCode, data: { uniqueId, reason: 'Risk review' } };
  }

  unheld(uniqueId: string, merchantCode = 'ANDES-DEMO'): PlatformEventInput {
    return { ...this.next(), type: 'transaction.unheld', merchantCode, data: { uniqueId } };
  }

  toppedUp(amount: number, reference = this.uniqueId('topup'), merchantCode = 'ANDES-DEMO'): PlatformEventInput {
    return { ...this.next(), type: 'global.topped_up', merchantCode, data: { reference, amount } };
  }

  transferredOut(
    amount: number,
    target: { country: Country; accountType: AccountType; amount: number; rate?: string },
    reference = this.uniqueId('transfer'),
    merchantCode = 'ANDES-DEMO',
  ): PlatformEventInput {
    return {
      ...this.next(),
      type: 'global.transferred_out',
      merchantCode,
      data: {
        reference,
        amount,
        targetCountry: target.country,
        targetAccountType: target.accountType,
        targetAmount: target.amount,
        exchangeRate: target.rate ?? '5.0',
      },
    };
  }
}

export interface Buckets {
  AVAILABLE: number;
  PENDING: number;
  ON_HOLD: number;
  RESERVED: number;
  DEPOSIT_HELD: number;
  OWED: number;
}

export async function merchantId(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code));
  if (!row) throw new Error(`no merchant ${code}`);
  return row.id;
}

/** The bucket balances of a holder's local account (zeros when it does not exist yet). */
export async function localBalances(
  db: Db,
  holderCode: string,
  country: Country,
  accountType: AccountType,
): Promise<Buckets & { id: number | null }> {
  const holderId = await merchantId(db, holderCode);
  const [row] = await db
    .select({
      id: accounts.id,
      AVAILABLE: accounts.available,
      PENDING: accounts.pending,
      ON_HOLD: accounts.onHold,
      RESERVED: accounts.reserved,
      DEPOSIT_HELD: accounts.depositHeld,
      OWED: accounts.owed,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, 'MERCHANT'),
        eq(accounts.holderId, holderId),
        eq(accounts.country, country),
        eq(accounts.accountType, accountType),
      ),
    );
  return row ?? { id: null, AVAILABLE: 0, PENDING: 0, ON_HOLD: 0, RESERVED: 0, DEPOSIT_HELD: 0, OWED: 0 };
}

export async function globalBalances(db: Db, merchantCode: string): Promise<Buckets & { id: number | null }> {
  const holderId = await merchantId(db, merchantCode);
  const [row] = await db
    .select({
      id: accounts.id,
      AVAILABLE: accounts.available,
      PENDING: accounts.pending,
      ON_HOLD: accounts.onHold,
      RESERVED: accounts.reserved,
      DEPOSIT_HELD: accounts.depositHeld,
      OWED: accounts.owed,
    })
    .from(accounts)
    .where(and(eq(accounts.kind, 'GLOBAL'), eq(accounts.holderId, holderId)));
  return row ?? { id: null, AVAILABLE: 0, PENDING: 0, ON_HOLD: 0, RESERVED: 0, DEPOSIT_HELD: 0, OWED: 0 };
}

/** The main balance of a SYSTEM account. */
export async function systemBalance(db: Db, code: 'CLEARING' | 'FEES' | 'TAX' | 'FX', currency: string): Promise<number> {
  const [row] = await db
    .select({ main: accounts.main })
    .from(accounts)
    .where(and(eq(accounts.kind, 'SYSTEM'), eq(accounts.systemCode, code), eq(accounts.currency, currency)));
  return row?.main ?? 0;
}

export async function postingCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ledgerPostings);
  return row?.n ?? 0;
}

export async function transactionRow(db: Db, uniqueId: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.uniqueId, uniqueId));
  return row ?? null;
}

/** Every merchant and global account's buckets, for comparing a state before and after. */
export async function allBalances(db: Db): Promise<unknown[]> {
  return db
    .select({
      id: accounts.id,
      available: accounts.available,
      pending: accounts.pending,
      onHold: accounts.onHold,
      reserved: accounts.reserved,
      depositHeld: accounts.depositHeld,
      owed: accounts.owed,
      main: accounts.main,
    })
    .from(accounts)
    .orderBy(accounts.id);
}

type StatsRow = {
  merchant_id: number;
  holder_id: number;
  country: string;
  stat_date: string;
  transaction_type: string;
  product_type: string;
  status: string;
  count: number;
  amount: number;
  fee: number;
  vat: number;
};

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows.map((r) =>
    Object.fromEntries(Object.entries(r as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
  ) as T[];
}

/** daily_transaction_stats and the same figures computed from the transactions, in one order. */
export async function dailyStatsAndRecount(db: Db): Promise<{ table: StatsRow[]; recount: StatsRow[] }> {
  const order = sql.raw('order by merchant_id, holder_id, country, stat_date, transaction_type, product_type, status');
  const table = await rowsOf<StatsRow>(
    db,
    sql`select merchant_id, holder_id, country, stat_date, transaction_type, product_type, status,
          count::int8 as count, amount::int8 as amount, fee::int8 as fee, vat::int8 as vat
        from daily_transaction_stats ${order}`,
  );
  const recount = await rowsOf<StatsRow>(
    db,
    sql`select merchant_id, coalesce(sub_merchant_id, merchant_id) as holder_id, country, created_date as stat_date,
          transaction_type, product_type, status, count(*)::int8 as count, sum(amount)::int8 as amount,
          sum(fee)::int8 as fee, sum(vat)::int8 as vat
        from transactions
        group by merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status
        ${order}`,
  );
  return { table, recount };
}

/** Sends the events in order; throws at the first one the ingestion API does not accept. */
export async function sendAll(app: FastifyInstance, events: readonly PlatformEventInput[]): Promise<void> {
  for (const e of events) {
    const ack = await sendEvent(app, e);
    if (ack.code !== 200) throw new Error(`${e.type} ${e.eventId}: ${ack.code} ${ack.msg}`);
  }
}

/**
 * Adds to daily_transaction_stats the rows a test wrote straight into `transactions` (whose unique
 * ids start with `prefix`), as ingestion would have: the lists' totals read the daily figures.
 */
export async function addDailyStatsOf(db: Db, prefix: string): Promise<void> {
  await db.execute(sql`
    insert into daily_transaction_stats (merchant_id, holder_id, country, stat_date, transaction_type, product_type, status, count, amount, fee, vat)
    select merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status,
           count(*), sum(amount), sum(fee), sum(vat)
      from transactions where unique_id like ${`${prefix}%`}
     group by merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status
    on conflict (merchant_id, country, stat_date, holder_id, transaction_type, product_type, status) do update
      set count = daily_transaction_stats.count + excluded.count, amount = daily_transaction_stats.amount + excluded.amount,
          fee = daily_transaction_stats.fee + excluded.fee, vat = daily_transaction_stats.vat + excluded.vat`);
}
