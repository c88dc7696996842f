import type { TestApp } from '../helper.ts';
import { EventFactory, sendEvent, transactionRow, withPlatformToken } from '../ledger/support.ts';

/** One transaction of the fixtures: its id and the identifiers a search finds it by. */
export interface FixtureTransaction {
  id: number;
  uniqueId: string;
  e2eId: string;
}

/** ANDES-DEMO transactions of each kind the transaction calls read (created through the ingestion API). */
export interface TransactionIds {
  payin: number;
  paymentLink: number;
  shopify: number;
  shoplazza: number;
  /** The same, with their identifiers, plus the link and order ids. */
  refs: { payin: FixtureTransaction; paymentLink: FixtureTransaction; shopify: FixtureTransaction; shoplazza: FixtureTransaction };
  paymentLinkId: string;
  shopifyOrderId: string;
  shoplazzaOrderId: string;
  /** The file attached to the ANDES-DEMO pay-in, and a CONDOR pay-in with a file of its own. */
  attachment: { payinFileId: string; condorTransactionId: number; condorFileId: string };
}

/** A tiny PNG (signature and IHDR header), base64, for fixture attachments. */
const PNG_BASE64 = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');

/**
 * One MX pay-in of each kind for ANDES-DEMO (MX: a country CONDOR also has, so CONDOR's admin can
 * send the same filters), created two days before the test clock's now.
 */
export async function createTransactionsOfEachKind(t: TestApp, prefix = 'authz'): Promise<TransactionIds> {
  await withPlatformToken(t.db);
  const f = new EventFactory(prefix, new Date(t.clock().getTime() - 2 * 86_400_000));
  const paymentLinkId = `${prefix}-pl-1`;
  const shopifyOrderId = '1001';
  const shoplazzaOrderId = '2001';
  const kinds = {
    payin: {},
    paymentLink: { paymentLinkId },
    shopify: { storeOrder: { platform: 'SHOPIFY' as const, shopDomain: 'andes.myshopify.com', orderId: shopifyOrderId } },
    shoplazza: { storeOrder: { platform: 'SHOPLAZZA' as const, shopDomain: 'andes.myshoplaza.com', orderId: shoplazzaOrderId } },
  };
  const refs: Partial<TransactionIds['refs']> = {};
  for (const [kind, extra] of Object.entries(kinds) as [keyof typeof kinds, object][]) {
    const uniqueId = f.uniqueId(kind.toLowerCase());
    const e2eId = `E2E${uniqueId.replace(/[^A-Za-z0-9]/g, '')}`;
    const event = f.created({
      uniqueId,
      country: 'MX',
      currency: 'MXN',
      productType: 'SPEI',
      payer: { name: 'Pagador Prueba', document: 'PAPR800101AAA', e2eId },
      ...(kind === 'payin' ? { attachments: [{ name: 'comprobante.png', contentBase64: PNG_BASE64 }] } : {}),
      ...extra,
    });
    const ack = await sendEvent(t.app, event);
    if (ack.code !== 200) throw new Error(`event ${event.eventId}: ${ack.code} ${ack.msg}`);
    const row = await transactionRow(t.db, uniqueId);
    if (!row) throw new Error(`no transaction ${uniqueId}`);
    refs[kind] = { id: row.id, uniqueId, e2eId };
  }
  const all = refs as TransactionIds['refs'];
  const condorUniqueId = f.uniqueId('condor');
  const condorEvent = f.created(
    {
      uniqueId: condorUniqueId,
      country: 'MX',
      currency: 'MXN',
      productType: 'SPEI',
      attachments: [{ name: 'recibo.png', contentBase64: PNG_BASE64 }],
    },
    'CONDOR',
  );
  const condorAck = await sendEvent(t.app, condorEvent);
  if (condorAck.code !== 200) throw new Error(`event ${condorEvent.eventId}: ${condorAck.code} ${condorAck.msg}`);
  const payinRow = await transactionRow(t.db, all.payin.uniqueId);
  const condorRow = await transactionRow(t.db, condorUniqueId);
  const payinFileId = payinRow?.attachments[0]?.fileId;
  const condorFileId = condorRow?.attachments[0]?.fileId;
  if (!payinFileId || !condorRow || !condorFileId) throw new Error('fixture attachments missing');
  return {
    attachment: { payinFileId, condorTransactionId: condorRow.id, condorFileId },
    payin: all.payin.id,
    paymentLink: all.paymentLink.id,
    shopify: all.shopify.id,
    shoplazza: all.shoplazza.id,
    refs: all,
    paymentLinkId,
    shopifyOrderId,
    shoplazzaOrderId,
  };
}
