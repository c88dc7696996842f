import { login } from '@andes/contract/auth/endpoints';
import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import { ATTACHMENTS_PER_EVENT_MAX, type PlatformEventInput } from '@andes/contract/platform/schemas';
import { transactionAttachmentDownload, transactionQuery } from '@andes/contract/transaction/endpoints';
import { ATTACHMENT_MESSAGES, TRANSACTION_MESSAGES, type TransactionDetail } from '@andes/contract/transaction/schemas';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedFiles } from '../../src/db/schema/files.ts';
import { platformEvents } from '../../src/db/schema/platform.ts';
import { seedDemoHistory } from '../../src/db/seed/demo-history.ts';
import { withDemoAttachments } from '../../src/simulator/attachments.ts';
import { planTransaction, type TransactionKind } from '../../src/simulator/lifecycle.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, merchantId, sendEvent, transactionRow, withPlatformToken } from '../ledger/support.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML_AS_PNG = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

let t: TestApp;
let admin: string;
let market: string;
let condor: string;
let payoutOperator: string;
const f = new EventFactory('attach', new Date('2026-03-08T12:00:00Z'));
const b64 = (b: Buffer) => b.toString('base64');

interface Made {
  id: number;
  detail: TransactionDetail;
}

async function created(event: PlatformEventInput): Promise<Made> {
  const ack = await sendEvent(t.app, event);
  if (ack.code !== 200) throw new Error(`${event.eventId}: ${ack.code} ${ack.msg}`);
  const uniqueId = (event.data as { uniqueId: string }).uniqueId;
  const row = await transactionRow(t.db, uniqueId);
  if (!row) throw new Error(`no row ${uniqueId}`);
  const detail = envelope<TransactionDetail>(await post(t.app, transactionQuery.path, { id: row.id }, { token: admin })).data;
  return { id: row.id, detail };
}

const download = (token: string, id: number, fileId: string) => post(t.app, transactionAttachmentDownload.path, { id, fileId }, { token });
const fileCount = async () => Number((await t.db.select({ n: count() }).from(storedFiles))[0]?.n ?? 0);
const fileIdOf = (m: Made, name: string) => {
  const a = m.detail.attachments.find((x) => x.name === name);
  if (!a) throw new Error(`no attachment ${name}`);
  return a.fileId;
};

let receipt: Made;
let marketTx: Made;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  admin = await signIn(t.app, login.path, 'admin');
  market = await signIn(t.app, login.path, 'market');
  condor = await signIn(t.app, login.path, 'condor');
  payoutOperator = await signIn(t.app, login.path, 'payout');
  receipt = await created(
    f.created({
      uniqueId: f.uniqueId('receipt'),
      productType: 'TED',
      attachments: [
        { name: 'comprovante.png', contentType: 'image/png', contentBase64: b64(PNG) },
        { name: 'recibo.svg', contentBase64: b64(SVG) },
        // The platform says PDF is an image: the bytes decide.
        { name: 'nota fiscal ção.pdf', contentType: 'image/png', contentBase64: b64(PDF) },
        // A name promising an image over HTML bytes is no image.
        { name: 'sneaky.png', contentType: 'image/png', contentBase64: b64(HTML_AS_PNG) },
      ],
    }),
  );
  // The marketplace sub-merchant's own transaction, and one of the parent merchant.
  marketTx = await created(
    f.created({
      uniqueId: f.uniqueId('market'),
      subMerchantCode: 'ANDES-DEMO-BR',
      attachments: [{ name: 'pedido.png', contentBase64: b64(PNG) }],
    }),
  );
});
afterAll(async () => t?.close());

describe('attachments with transaction.created', () => {
  test('the detail lists each file with its id, name, size and the type its bytes have', () => {
    expect(receipt.detail.attachments.map(({ name, size, contentType }) => ({ name, size, contentType }))).toEqual([
      { name: 'comprovante.png', size: PNG.length, contentType: 'image/png' },
      { name: 'recibo.svg', size: SVG.length, contentType: 'image/svg+xml' },
      { name: 'nota fiscal ção.pdf', size: PDF.length, contentType: 'application/pdf' },
      { name: 'sneaky.png', size: HTML_AS_PNG.length, contentType: 'application/octet-stream' },
    ]);
    for (const a of receipt.detail.attachments) expect(a.fileId).toMatch(/^f_[A-Za-z0-9_-]{22}$/);
  });

  test('the bytes are in the blob store under the merchant and file id; the row keeps only the metadata', async () => {
    const merchant = await merchantId(t.db, 'ANDES-DEMO');
    for (const a of receipt.detail.attachments) {
      expect(await t.blobs.head(`attachments/${merchant}/${a.fileId}`)).toBe(a.size);
    }
    const [row] = await t.db
      .select({ inline: sql<boolean>`${storedFiles.content} is not null`, size: storedFiles.size })
      .from(storedFiles)
      .where(eq(storedFiles.publicId, fileIdOf(receipt, 'comprovante.png')));
    expect(row).toEqual({ inline: false, size: PNG.length });
  });

  test('the recorded event keeps no file bytes (they are in the file store once)', async () => {
    const [event] = await t.db
      .select({ payload: platformEvents.payload })
      .from(platformEvents)
      .where(eq(platformEvents.subject, receipt.detail.uniqueId));
    const text = JSON.stringify(event?.payload);
    expect(text).toContain('comprovante.png');
    expect(text).not.toContain(b64(PNG));
    expect(text).not.toContain('contentBase64');
  });

  test('a replayed event stores nothing twice; the same id with other bytes is a conflict', async () => {
    const uniqueId = f.uniqueId('replay');
    const event = f.created({ uniqueId, attachments: [{ name: 'a.png', contentBase64: b64(PNG) }] });
    const first = await sendEvent(t.app, event);
    expect(first.data).toMatchObject({ outcome: 'APPLIED', duplicate: false });
    const files = await fileCount();
    const again = await sendEvent(t.app, event);
    expect(again.data).toMatchObject({ outcome: 'APPLIED', duplicate: true });
    expect(await fileCount()).toBe(files);
    const other = await sendEvent(t.app, {
      ...event,
      data: { ...event.data, attachments: [{ name: 'a.png', contentBase64: b64(PDF) }] },
    } as PlatformEventInput);
    expect(other.code).toBe(ResultCode.CONFLICT);
    expect(await fileCount()).toBe(files);
    expect((await transactionRow(t.db, uniqueId))?.attachments).toHaveLength(1);
  });

  test('bad base64, an empty or over-size file, too many files: a validation error naming the file, nothing written', async () => {
    const files = await fileCount();
    const refused = async (attachments: unknown, path: string, message: RegExp) => {
      const uniqueId = f.uniqueId('bad');
      const event = f.created({ uniqueId, attachments: attachments as never });
      const ack = await sendEvent(t.app, event);
      expect(ack.status).toBe(400);
      expect(ack.code).toBe(ResultCode.VALIDATION_FAILED);
      const issues = (ack.data as unknown as { issues: { path: string; message: string }[] }).issues;
      expect(issues).toContainEqual({ path, message: expect.stringMatching(message) });
      expect(await transactionRow(t.db, uniqueId)).toBeNull();
      const [recorded] = await t.db.select().from(platformEvents).where(eq(platformEvents.eventId, event.eventId));
      expect(recorded).toBeUndefined();
    };
    await refused(
      [{ name: 'x.png', contentBase64: 'not base64!' }],
      'data.attachments.0.contentBase64',
      /x\.png: the content is not valid base64/,
    );
    await refused([{ name: 'x.png', contentBase64: 'iVBORw0KGgo' }], 'data.attachments.0.contentBase64', /not valid base64/);
    await refused([{ name: 'empty.txt', contentBase64: '' }], 'data.attachments.0.contentBase64', /empty\.txt: the file is empty/);
    const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 7);
    await refused(
      [{ name: 'scan.tiff', contentBase64: b64(big) }],
      'data.attachments.0.contentBase64',
      /scan\.tiff is 10\.0 MB \(10485761 bytes\); a single attachment must not exceed 10 MB \(10485760 bytes\)/,
    );
    await refused(
      Array.from({ length: ATTACHMENTS_PER_EVENT_MAX + 1 }, (_, i) => ({ name: `p${i}.png`, contentBase64: b64(PNG) })),
      'data.attachments',
      /at most 10 files/,
    );
    await refused([{ name: '../etc/passwd', contentBase64: b64(PNG) }], 'data.attachments.0.name', /cannot contain \//);
    expect(await fileCount()).toBe(files);
  });

  test('a file of exactly 10 MB is accepted', async () => {
    const exact = Buffer.alloc(ATTACHMENT_MAX_BYTES, 0x20);
    const made = await created(f.created({ uniqueId: f.uniqueId('exact'), attachments: [{ name: 'big.bin', contentBase64: b64(exact) }] }));
    expect(made.detail.attachments[0]).toMatchObject({
      name: 'big.bin',
      size: ATTACHMENT_MAX_BYTES,
      contentType: 'application/octet-stream',
    });
    const res = await download(admin, made.id, fileIdOf(made, 'big.bin'));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(ATTACHMENT_MAX_BYTES);
  });
});

describe('attachment download', () => {
  test('an image: its bytes, its type, inline, nosniff and a sandboxing CSP', async () => {
    const res = await download(admin, receipt.id, fileIdOf(receipt, 'comprovante.png'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="comprovante.png"; filename*=UTF-8''comprovante.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
  });

  test('an SVG is served as an image under the sandbox (its script never runs)', async () => {
    const res = await download(admin, receipt.id, fileIdOf(receipt, 'recibo.svg'));
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.body).toBe(SVG.toString('utf8'));
  });

  test('other files download as attachments with a safe file name; HTML named .png is no image', async () => {
    const pdf = await download(admin, receipt.id, fileIdOf(receipt, 'nota fiscal ção.pdf'));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="nota fiscal cao.pdf"; filename*=UTF-8''nota%20fiscal%20%C3%A7%C3%A3o.pdf`,
    );
    const html = await download(admin, receipt.id, fileIdOf(receipt, 'sneaky.png'));
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-disposition']).toMatch(/^attachment;/);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a sub-merchant user gets their own rows only; the parent’s row answers as an unknown one', async () => {
    const own = await download(market, marketTx.id, fileIdOf(marketTx, 'pedido.png'));
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    const parent = await download(market, receipt.id, fileIdOf(receipt, 'comprovante.png'));
    const unknown = await download(market, 987_654_321, fileIdOf(receipt, 'comprovante.png'));
    expect(envelope(parent)).toMatchObject({ code: ResultCode.NOT_FOUND, msg: TRANSACTION_MESSAGES.notFound });
    expect(envelope(parent)).toEqual(envelope(unknown));
    expect(parent.statusCode).toBe(unknown.statusCode);
  });

  test('another merchant’s transaction answers exactly as an unknown one', async () => {
    const foreign = await download(condor, receipt.id, fileIdOf(receipt, 'comprovante.png'));
    const unknown = await download(condor, 987_654_321, fileIdOf(receipt, 'comprovante.png'));
    expect(foreign.statusCode).toBe(404);
    expect(envelope(foreign)).toEqual({ code: ResultCode.NOT_FOUND, msg: TRANSACTION_MESSAGES.notFound, data: null });
    expect(envelope(foreign)).toEqual(envelope(unknown));
    expect(foreign.headers['content-disposition']).toBeUndefined();
  });

  test('a file of another transaction, even of the same merchant, is not this transaction’s', async () => {
    const res = await download(admin, receipt.id, fileIdOf(marketTx, 'pedido.png'));
    expect(envelope(res)).toMatchObject({ code: ResultCode.NOT_FOUND, msg: ATTACHMENT_MESSAGES.notFound });
    const made = await download(admin, receipt.id, 'f_AAAAAAAAAAAAAAAAAAAAAA');
    expect(envelope(made)).toMatchObject({ code: ResultCode.NOT_FOUND, msg: ATTACHMENT_MESSAGES.notFound });
  });

  test('a malformed file id is a validation error; no session is 401; any holder of transactions:detail may download', async () => {
    const bad = await download(admin, receipt.id, '../../etc/passwd');
    expect(envelope(bad).code).toBe(ResultCode.VALIDATION_FAILED);
    const anonymous = await post(t.app, transactionAttachmentDownload.path, { id: receipt.id, fileId: fileIdOf(receipt, 'recibo.svg') });
    expect(envelope(anonymous).code).toBe(ResultCode.UNAUTHORIZED);
    // The payout operator's role holds transactions:detail (and no pay-in list).
    expect((await download(payoutOperator, receipt.id, fileIdOf(receipt, 'recibo.svg'))).statusCode).toBe(200);
  });
});

describe('demo files', () => {
  /** The first planned transaction of the kind that the simulator gives files, as it would send its creation. */
  function plannedWithFiles(kind: TransactionKind, country: 'BR' | 'CO', productType?: string): PlatformEventInput {
    for (let index = 0; index < 2_000; index += 1) {
      const plan = planTransaction({ seed: 'attach-sim', index, holder: { merchantCode: 'ANDES-DEMO', country }, kind, at: NOW.getTime() });
      if (productType && plan.productType !== productType) continue;
      const created = withDemoAttachments(plan.events)[0]?.event;
      if (created?.type === 'transaction.created' && created.data.attachments) return created;
    }
    throw new Error(`no ${kind} with files`);
  }

  test('the simulator sends a payout invoice (SVG) and remittance advice (CSV), and a TED receipt, that the ingestion API stores', async () => {
    const payout = await created(plannedWithFiles('payout', 'BR'));
    expect(payout.detail.attachments.map((a) => a.contentType)).toEqual(['image/svg+xml', 'text/csv; charset=utf-8']);
    const invoice = await download(admin, payout.id, payout.detail.attachments[0]?.fileId as string);
    expect(invoice.headers['content-type']).toBe('image/svg+xml');
    expect(invoice.body).toContain(payout.detail.uniqueId);
    expect(invoice.body).toContain('Payout invoice');
    const csv = await download(admin, payout.id, payout.detail.attachments[1]?.fileId as string);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="remittance-/);
    expect(csv.body.split('\r\n')[1]).toContain(payout.detail.merchantReference);

    const ted = await created(plannedWithFiles('payin', 'BR', 'TED'));
    expect(ted.detail.attachments).toEqual([
      expect.objectContaining({ name: expect.stringMatching(/^comprovante-.+\.svg$/), contentType: 'image/svg+xml' }),
    ]);
    const receiptSvg = await download(admin, ted.id, ted.detail.attachments[0]?.fileId as string);
    expect(receiptSvg.body).toContain('Comprovante de transferência');
  });

  test('the demo history attaches files to its newest transfers and payouts, served like any other', async () => {
    const t2 = await createTestApp({ clock: fakeClock(NOW) });
    try {
      const result = await seedDemoHistory(t2.db, { transactions: 3000, now: NOW, seed: 'attach-history' });
      expect(result.attachments).toBeGreaterThan(0);
      // Stored files: the transactions' attachments, and the evidence of the chargebacks defended in the history.
      expect(await t2.db.select({ n: count() }).from(storedFiles)).toEqual([{ n: result.attachments + (result.risk?.evidenceFiles ?? 0) }]);
      const rows = (
        (await t2.db.execute(
          sql`select id, unique_id as "uniqueId", transaction_type as "type", product_type as "productType", attachments
                from transactions where jsonb_array_length(attachments) > 0 order by created_at desc`,
        )) as unknown as {
          rows: {
            id: number;
            uniqueId: string;
            type: string;
            productType: string;
            attachments: { fileId: string; contentType: string }[];
          }[];
        }
      ).rows;
      expect(rows.reduce((n, r) => n + r.attachments.length, 0)).toBe(result.attachments);
      expect(new Set(rows.map((r) => (r.type === 'PAY_OUT' ? 'PAY_OUT' : r.productType)))).toEqual(
        new Set(['PAY_OUT', 'TED', 'CO_BANK_TRANSFER']),
      );
      const [newest] = rows;
      if (!newest) throw new Error('no attached row');
      const token = await signIn(t2.app, login.path, 'admin');
      const res = await post(
        t2.app,
        transactionAttachmentDownload.path,
        { id: Number(newest.id), fileId: newest.attachments[0]?.fileId },
        { token },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toContain(newest.uniqueId);
    } finally {
      await t2.close();
    }
  }, 120_000);
});
