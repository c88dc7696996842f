import type { Country } from '@andes/contract/common/countries';
import type { Product, ProductType } from '@andes/contract/common/enums';
import { CATALOGUE, catalogueProductTypes } from '../../simulator/catalogue.ts';
import { DEFAULT_TARGETS } from '../../simulator/merchants.ts';
import type { Db } from '../client.ts';
import { messages } from '../schema/messages.ts';
import { merchantProducts } from '../schema/transactions.ts';

/**
 * The cheap part of the demo's money data, made with the demo merchants (seedDemo): each demo
 * merchant's products in its countries — what the simulator's catalogue sells there, a couple
 * switched off, the payout products priced as the catalogue's payout fee models with the
 * country's VAT (the dashboard's payout quote reads them) — and a few announcements and messages
 * so the message center has unread mail.
 * The history of transactions is separate (demo-history.ts) and far heavier.
 */

/** Products the demo merchants have but switched off (shown closed on Home). */
export const DEMO_CLOSED_PRODUCTS: readonly { merchant: string; country: Country; productType: ProductType }[] = [
  { merchant: 'ANDES-DEMO', country: 'BR', productType: 'AME_QR' },
  { merchant: 'ANDES-DEMO', country: 'MX', productType: 'PAY_CASH' },
];

const DAY_MS = 86_400_000;

interface DemoMessage {
  /** Null: an announcement to every merchant. */
  merchant: string | null;
  kind: 'ANNOUNCEMENT' | 'MESSAGE';
  title: string;
  content: string;
  daysAgo: number;
}

export const DEMO_MESSAGES: readonly DemoMessage[] = [
  {
    merchant: null,
    kind: 'ANNOUNCEMENT',
    title: 'PIX Automático is coming',
    content:
      'Recurring PIX payments (PIX Automático) will be available to Brazilian merchants next quarter. Subscriptions can be collected without a card, with the payer authorising once in their banking app.',
    daysAgo: 2,
  },
  {
    merchant: null,
    kind: 'ANNOUNCEMENT',
    title: 'Scheduled maintenance of SPEI payouts',
    content:
      'SPEI payouts will be queued on Sunday between 02:00 and 04:00 (America/Mexico_City) while our bank partner upgrades its systems. Pay-ins are not affected; queued payouts are sent as soon as the window ends.',
    daysAgo: 6,
  },
  {
    merchant: null,
    kind: 'ANNOUNCEMENT',
    title: 'New: Fintoc and Khipu in Chile',
    content: 'Chilean merchants can now collect with Fintoc and Khipu account-to-account payments, settled D+1 and D+2 respectively.',
    daysAgo: 21,
  },
  {
    merchant: 'ANDES-DEMO',
    kind: 'MESSAGE',
    title: 'Your rolling reserve for cards was reviewed',
    content:
      'After six months without excessive chargebacks, the deposit withheld from card settlements stays at 5% for 90 days. The next review is in three months.',
    daysAgo: 1,
  },
  {
    merchant: 'ANDES-DEMO',
    kind: 'MESSAGE',
    title: 'Chargeback ratio above 0.5% in Mexico last week',
    content:
      'Card chargebacks in Mexico reached 0.62% of settled card payments last week. Consider enabling the velocity rules in Risk → Configure and answering open disputes before their deadline.',
    daysAgo: 3,
  },
  {
    merchant: 'ANDES-DEMO',
    kind: 'MESSAGE',
    title: 'Monthly statement available',
    content: 'The account statements of last month are ready in Reports. Daily reports can be downloaded from the Download Center.',
    daysAgo: 9,
  },
  {
    merchant: 'ANDES-DEMO',
    kind: 'MESSAGE',
    title: 'Welcome to Andes',
    content:
      'Your merchant account is live in seven countries. Balances and charts are on Home; payouts can be created in Payment → Payout.',
    daysAgo: 170,
  },
  {
    merchant: 'CONDOR',
    kind: 'MESSAGE',
    title: 'Colombian VAT on fees',
    content: 'From the 1st, IVA of 19% is charged on every fee of Colombian transactions and shown on each settled transaction.',
    daysAgo: 4,
  },
  {
    merchant: 'CONDOR',
    kind: 'MESSAGE',
    title: 'Welcome to Andes',
    content: 'Your merchant account is live in Mexico and Colombia.',
    daysAgo: 120,
  },
];

/**
 * A product type's price and terms as the demo's provider (the simulator's catalogue) applies them:
 * the first catalogue entry of the type gives the fee, settlement days, deposit and amount limits,
 * the country its VAT (docs/decisions/0034).
 */
function catalogueTerms(country: Country, product: Product, productType: ProductType) {
  const c = CATALOGUE[country];
  const entry =
    product === 'payin'
      ? c.payins.find((p) => p.productType === productType)
      : product === 'payout'
        ? c.payouts.find((p) => p.productType === productType)
        : c.marketplace.find((p) => p.productType === productType);
  const payin = product === 'payin' ? c.payins.find((p) => p.productType === productType) : undefined;
  return {
    feeBps: entry?.fee.bps ?? 0,
    feeFixed: entry?.fee.fixed ?? 0,
    vatBps: entry ? c.vatBps : 0,
    settlementDays: payin?.settlementDays ?? 0,
    depositBps: payin?.deposit?.bps ?? 0,
    depositDays: payin?.deposit?.days ?? 0,
    minAmount: entry?.amount.min ?? null,
    maxAmount: entry?.amount.max ?? null,
  };
}

/** Seeds the demo merchants' products and messages, within the demo seed's transaction. */
export async function seedDemoMoney(tx: Db, merchantIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const rows: ({
    merchantId: number;
    country: string;
    product: Product;
    productType: string;
    open: number;
    createdAt: Date;
  } & ReturnType<typeof catalogueTerms>)[] = [];
  const seen = new Set<string>();
  for (const target of DEFAULT_TARGETS) {
    const holder = target.subMerchantCode ?? target.merchantCode;
    const merchantId = merchantIds.get(holder);
    if (merchantId === undefined) continue;
    for (const country of target.countries) {
      const types = catalogueProductTypes(country);
      const products: [Product, ProductType[]][] = target.subMerchantCode
        ? [['payin', types.payin]]
        : [
            ['payin', types.payin],
            ['payout', types.payout],
            ['marketplace', types.marketplace],
          ];
      for (const [product, list] of products) {
        for (const productType of list) {
          const key = `${merchantId}|${country}|${product}|${productType}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const closed = DEMO_CLOSED_PRODUCTS.some((c) => c.merchant === holder && c.country === country && c.productType === productType);
          const terms = catalogueTerms(country, product, productType);
          rows.push({
            merchantId,
            country,
            product,
            productType,
            open: closed ? 0 : 1,
            ...terms,
            createdAt: now,
          });
        }
      }
    }
  }
  if (rows.length > 0) await tx.insert(merchantProducts).values(rows);

  const messageRows = DEMO_MESSAGES.flatMap((m) => {
    const merchantId = m.merchant === null ? null : (merchantIds.get(m.merchant) ?? undefined);
    if (merchantId === undefined) return [];
    return [{ merchantId, kind: m.kind, title: m.title, content: m.content, publishedAt: new Date(now.getTime() - m.daysAgo * DAY_MS) }];
  });
  if (messageRows.length > 0) await tx.insert(messages).values(messageRows);
}
