import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import type { CaseStatus, CaseType } from '@andes/contract/common/enums';
import type { CaseReplyKind, CaseReplySide } from '@andes/contract/support/enums';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { merchants } from '../schema/merchants.ts';
import { supportCaseReplies, supportCases } from '../schema/support.ts';
import { transactions } from '../schema/transactions.ts';
import { users } from '../schema/users.ts';
import { DEMO_SIGN_INS } from './demo.ts';

/**
 * The support cases of the demo (issue #14, docs/decisions/0029): a handful of ANDES-DEMO's cases
 * in every state, with threads of both sides — a new one about a Brazilian pay-in of the history
 * (linked to it when the history exists), one the provider is working on with the merchant's
 * follow-up, one the provider solved, one the merchant closed recently (it can be reopened), one
 * closed long ago (it cannot), a case of the sub-merchant ANDES-DEMO-BR opened by its user, and one
 * of CONDOR that ANDES-DEMO's users never see. Written once, when the database has no case.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface DemoRow {
  ago: number;
  side: CaseReplySide;
  kind: CaseReplyKind;
  /** The provider agent's name (PROVIDER rows); merchant rows are the case creator's. */
  agent?: string;
  content: string;
  status: CaseStatus;
}

interface DemoCase {
  tail: string;
  merchant: 'ANDES-DEMO' | 'CONDOR';
  /** The user who opened it (a key of DEMO_SIGN_INS). */
  opener: 'admin' | 'market' | 'condor';
  country: Country;
  caseType: CaseType;
  transactionType?: string;
  productType?: string;
  title: string;
  description: string;
  /** Link to the newest pay-in of ANDES-DEMO in the country (when the history exists). */
  linkPayin?: boolean;
  e2eId?: string;
  clabe?: string;
  notificationEmail?: string;
  status: CaseStatus;
  awaitingProvider: boolean;
  ago: number;
  rows: DemoRow[];
  closedAgo?: number;
}

export const DEMO_CASES: readonly DemoCase[] = [
  {
    tail: 'DEMO01',
    merchant: 'ANDES-DEMO',
    opener: 'admin',
    country: 'BR',
    caseType: 'TRANSACTIONS',
    transactionType: 'PAY_IN',
    productType: 'PIX',
    title: 'Pix payment not reflected in the order',
    description: 'The customer shows a Pix receipt but the pay-in is still not settled in the dashboard. Can you check with the bank?',
    linkPayin: true,
    notificationEmail: 'support-ops@andes-demo.test',
    status: 'PENDING',
    awaitingProvider: true,
    ago: 2 * HOUR,
    rows: [],
  },
  {
    tail: 'DEMO02',
    merchant: 'ANDES-DEMO',
    opener: 'admin',
    country: 'BR',
    caseType: 'FINANCE',
    title: 'Settlement of last Friday looks short',
    description: 'The settled amount on the statement is lower than the sum of the pay-ins of that day. Please explain the difference.',
    notificationEmail: 'finance@andes-demo.test',
    status: 'PROCESSING',
    awaitingProvider: true,
    ago: 2 * DAY,
    rows: [
      {
        ago: 2 * DAY - 20 * MINUTE,
        side: 'PROVIDER',
        kind: 'STATUS',
        agent: 'Camila Duarte',
        content: 'Camila Duarte is looking into this case.',
        status: 'PROCESSING',
      },
      {
        ago: DAY + 3 * HOUR,
        side: 'PROVIDER',
        kind: 'REPLY',
        agent: 'Camila Duarte',
        content: 'The difference is the rolling reserve (5%) withheld that day. It is released after 90 days; see the balance detail.',
        status: 'PROCESSING',
      },
      {
        ago: 5 * HOUR,
        side: 'MERCHANT',
        kind: 'REPLY',
        content: 'Thanks. The reserve explains R$ 1.200, but we are still missing about R$ 300. Could you check the refunds of that day?',
        status: 'PROCESSING',
      },
    ],
  },
  {
    tail: 'DEMO03',
    merchant: 'ANDES-DEMO',
    opener: 'admin',
    country: 'MX',
    caseType: 'BALANCE',
    title: 'Withdrawal to our CLABE not received',
    description: 'We requested a withdrawal to our BBVA account two days ago and it has not arrived yet.',
    clabe: '032180000118359719',
    status: 'SOLVED',
    awaitingProvider: false,
    ago: 4 * DAY,
    rows: [
      {
        ago: 4 * DAY - 30 * MINUTE,
        side: 'PROVIDER',
        kind: 'STATUS',
        agent: 'Diego Herrera',
        content: 'Diego Herrera is looking into this case.',
        status: 'PROCESSING',
      },
      {
        ago: 3 * DAY,
        side: 'PROVIDER',
        kind: 'REPLY',
        agent: 'Diego Herrera',
        content:
          'The SPEI transfer was returned by the bank because of a holder name mismatch. We sent it again with the corrected name; it was credited today.',
        status: 'SOLVED',
      },
    ],
  },
  {
    tail: 'DEMO04',
    merchant: 'ANDES-DEMO',
    opener: 'admin',
    country: 'CO',
    caseType: 'OTHERS',
    title: 'Add a second notification address for reports',
    description: 'Please send the daily finance report to accounting@andes-demo.test as well.',
    status: 'CLOSED',
    awaitingProvider: false,
    ago: 6 * DAY,
    closedAgo: 3 * DAY,
    rows: [
      {
        ago: 5 * DAY,
        side: 'PROVIDER',
        kind: 'REPLY',
        agent: 'Sofía Rojas',
        content: 'Done: the address now receives the daily report.',
        status: 'SOLVED',
      },
      { ago: 3 * DAY, side: 'MERCHANT', kind: 'CLOSE', content: 'Confirmed, we received today’s report. Thank you!', status: 'CLOSED' },
    ],
  },
  {
    tail: 'DEMO05',
    merchant: 'ANDES-DEMO',
    opener: 'admin',
    country: 'BR',
    caseType: 'TRANSACTIONS',
    title: 'Duplicate boleto payment',
    description: 'A customer paid the same boleto twice. We need the second payment refunded.',
    status: 'CLOSED',
    awaitingProvider: false,
    ago: 50 * DAY,
    closedAgo: 40 * DAY,
    rows: [
      {
        ago: 48 * DAY,
        side: 'PROVIDER',
        kind: 'REPLY',
        agent: 'Rafael Costa',
        content: 'The second payment was refunded to the payer’s account. The refund shows in the transaction list.',
        status: 'SOLVED',
      },
      {
        ago: 40 * DAY,
        side: 'PROVIDER',
        kind: 'CLOSE',
        agent: 'Rafael Costa',
        content: 'Closed after 7 days without an answer.',
        status: 'CLOSED',
      },
    ],
  },
  {
    tail: 'DEMO06',
    merchant: 'ANDES-DEMO',
    opener: 'market',
    country: 'BR',
    caseType: 'TRANSACTIONS',
    transactionType: 'PAY_IN',
    productType: 'PIX',
    title: 'Marketplace pay-in stuck in progress',
    description: 'A marketplace order paid by Pix has been in progress for six hours.',
    e2eId: 'E18236120202611270930s0a1b2c3d4e',
    status: 'PROCESSING',
    awaitingProvider: false,
    ago: 9 * HOUR,
    rows: [
      {
        ago: 8 * HOUR,
        side: 'PROVIDER',
        kind: 'REPLY',
        agent: 'Thiago Lima',
        content: 'The payer’s bank confirmed the transfer; the pay-in will settle in the next batch. We will confirm here.',
        status: 'PROCESSING',
      },
    ],
  },
  {
    tail: 'DEMO07',
    merchant: 'CONDOR',
    opener: 'condor',
    country: 'MX',
    caseType: 'FINANCE',
    title: 'Invoice for last month’s fees',
    description: 'Please send the CFDI invoice for last month’s processing fees.',
    status: 'PENDING',
    awaitingProvider: true,
    ago: 3 * HOUR,
    rows: [],
  },
];

/** Writes the demo cases unless the database has a case already; answers how many were written. */
export async function seedDemoSupport(db: Db, now: Date = new Date()): Promise<number> {
  if ((await db.select({ id: supportCases.id }).from(supportCases).limit(1)).length > 0) return 0;
  const merchantRows = await db.select({ id: merchants.id, code: merchants.code }).from(merchants);
  const merchantId = (code: string) => merchantRows.find((m) => m.code === code)?.id;
  const userRows = await db
    .select({ id: users.id, username: users.username, name: users.displayName, subMerchantId: users.subMerchantId })
    .from(users)
    .where(
      inArray(
        users.username,
        (['admin', 'market', 'condor'] as const).map((k) => DEMO_SIGN_INS[k].username),
      ),
    );
  let written = 0;
  await db.transaction(async (tx) => {
    for (const d of DEMO_CASES) {
      const mId = merchantId(d.merchant);
      const opener = userRows.find((u) => u.username === DEMO_SIGN_INS[d.opener].username);
      if (mId === undefined || !opener) continue;
      const at = (ago: number) => new Date(now.getTime() - ago);
      const createdAt = at(d.ago);
      const linked = d.linkPayin
        ? (
            await tx
              .select({ id: transactions.id, uniqueId: transactions.uniqueId })
              .from(transactions)
              .where(and(eq(transactions.merchantId, mId), eq(transactions.country, d.country), eq(transactions.transactionType, 'PAY_IN')))
              .orderBy(desc(transactions.createdAt))
              .limit(1)
          )[0]
        : undefined;
      const merchantRows = d.rows.filter((r) => r.side === 'MERCHANT' && r.kind === 'REPLY');
      const providerRows = d.rows.filter((r) => r.side === 'PROVIDER' && r.kind === 'REPLY');
      const lastMerchant = merchantRows.at(-1)?.ago ?? d.ago;
      const lastProvider = providerRows.at(-1)?.ago;
      const caseNo = `CS${localDateOf(COUNTRY_INFO[d.country].timezoneName, createdAt).replaceAll('-', '')}${d.tail}`;
      const [row] = await tx
        .insert(supportCases)
        .values({
          caseNo,
          merchantId: mId,
          subMerchantId: opener.subMerchantId,
          country: d.country,
          caseType: d.caseType,
          transactionType: d.transactionType ?? null,
          productType: d.productType ?? null,
          title: d.title,
          description: d.description,
          transactionKey: linked?.uniqueId ?? null,
          e2eId: d.e2eId ?? null,
          clabe: d.clabe ?? null,
          idempotencyKey: `demo-${d.tail}`,
          transactionId: linked?.id ?? null,
          notificationEmail: d.notificationEmail ?? null,
          status: d.status,
          version: 1 + d.rows.length,
          createdBy: opener.id,
          createdByName: opener.name,
          lastMerchantReplyAt: at(lastMerchant),
          lastProviderReplyAt: lastProvider === undefined ? null : at(lastProvider),
          awaitingProvider: d.awaitingProvider,
          closedAt: d.closedAgo === undefined ? null : at(d.closedAgo),
          createdAt,
          updatedAt: at(d.rows.at(-1)?.ago ?? d.ago),
        })
        .returning({ id: supportCases.id });
      if (!row) throw new Error(`demo seed: case ${caseNo} was not created`);
      await tx.insert(supportCaseReplies).values([
        {
          caseId: row.id,
          side: 'MERCHANT',
          kind: 'CREATE',
          userId: opener.id,
          authorName: opener.name,
          content: d.description,
          status: 'PENDING',
          requestKey: 'create',
          createdAt,
        },
        ...d.rows.map((r, i) => ({
          caseId: row.id,
          side: r.side,
          kind: r.kind,
          userId: r.side === 'MERCHANT' ? opener.id : null,
          authorName: r.side === 'MERCHANT' ? opener.name : (r.agent ?? 'Support team'),
          content: r.content,
          status: r.status,
          requestKey: `demo-${i}`,
          createdAt: at(r.ago),
        })),
      ]);
      written += 1;
    }
  });
  return written;
}
