import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { transactionProofList } from '@andes/contract/transaction/endpoints';
import type { ProofVariant } from '@andes/contract/transaction/enums';
import { PROOF_DOWNLOAD_ENDPOINTS } from '@andes/contract/transaction/proof-endpoints';
import { PROOF_MESSAGES, TRANSACTION_MESSAGES } from '@andes/contract/transaction/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendAll, transactionRow, withPlatformToken } from '../ledger/support.ts';
import { parsePdf } from '../transaction-files/pdf-text.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

let t: TestApp;
let admin: string;
let finance: string;
let condor: string;
const f = new EventFactory('proof', new Date('2026-03-08T12:00:00Z'));
const ids: Record<string, string> = {};
const rowIds: Record<string, number> = {};

const send = (events: PlatformEventInput[]) => sendAll(t.app, events);

const download = (variant: ProofVariant, id: number, token: string) =>
  post(t.app, PROOF_DOWNLOAD_ENDPOINTS[variant].path, { id }, { token });

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  for (const k of ['pix', 'pending', 'spei', 'co', 'link', 'card']) ids[k] = f.uniqueId(k);
  await send([
    f.created({
      uniqueId: ids.pix as string,
      merchantReference: 'ORDER-PIX-PROOF',
      amount: 123_456,
      payer: { name: 'Ana Lima', document: '11122233344', e2eId: 'E2EPROOF0001', pixKey: 'ana@example.com', pixKeyType: 'EMAIL' },
    }),
    f.settled(ids.pix as string, { fee: 150 }),
    f.created({ uniqueId: ids.pending as string }),
    f.created({
      uniqueId: ids.spei as string,
      country: 'MX',
      currency: 'MXN',
      productType: 'SPEI',
      payer: { name: 'Pagador', e2eId: 'RASTREO1' },
    }),
    f.settled(ids.spei as string),
    f.created({
      uniqueId: ids.co as string,
      country: 'CO',
      currency: 'COP',
      productType: 'CO_BANK_TRANSFER',
      payer: { name: 'Pagador CO' },
    }),
    f.settled(ids.co as string),
    f.created({
      uniqueId: ids.link as string,
      productType: 'CARD',
      paymentLinkId: 'link-77',
      card: { brand: 'VISA', bin: '411111', last4: '1234' },
    }),
    f.settled(ids.link as string),
    f.created({ uniqueId: ids.card as string, productType: 'CARD', card: { brand: 'VISA', bin: '411111', last4: '4321' } }),
    f.settled(ids.card as string),
  ]);
  for (const [k, u] of Object.entries(ids)) rowIds[k] = (await transactionRow(t.db, u))?.id as number;
  admin = await signIn(t.app, login.path, 'admin');
  finance = await signIn(t.app, login.path, 'finance');
  condor = await signIn(t.app, login.path, 'condor');
});
afterAll(async () => t?.close());

describe('proof downloads', () => {
  test('a settled PIX pay-in: a PDF with its unique id, reference, end-to-end id and issuer', async () => {
    const res = await download('br-pix-bs2', rowIds.pix as number, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`proof-br-pix-bs2-${ids.pix}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = parsePdf(pdf).pages.join('\n');
    expect(text).toContain(ids.pix);
    expect(text).toContain('ORDER-PIX-PROOF');
    expect(text).toContain('E2EPROOF0001');
    expect(text).toContain('Banco BS2');
  });

  test('each family’s receipts: SPEI, CO bank transfer, payment link (default and gwm)', async () => {
    for (const [variant, key] of [
      ['mx-spei-stp', 'spei'],
      ['mx-spei-arcus', 'spei'],
      ['co-bank-transfer', 'co'],
      ['payment-link-default', 'link'],
      ['payment-link-gwm', 'link'],
    ] as const) {
      const res = await download(variant, rowIds[key] as number, admin);
      expect(res.statusCode, variant).toBe(200);
      expect(parsePdf(res.rawPayload).pages.join('\n'), variant).toContain(ids[key]);
    }
  });

  test('the proofs a transaction has', async () => {
    const variants = async (key: string) =>
      envelope<{ variants: ProofVariant[] }>(await post(t.app, transactionProofList.path, { id: rowIds[key] }, { token: admin })).data
        .variants;
    expect(await variants('pix')).toEqual(['br-pix-bs2', 'br-pix-bexs', 'br-pix-rendimento']);
    expect(await variants('link')).toEqual(['payment-link-default', 'payment-link-gwm']);
    expect(await variants('pending')).toEqual([]);
    expect(await variants('card')).toEqual([]);
  });

  test('refused for an unsettled transfer and for the wrong family', async () => {
    const pending = envelope(await download('br-pix-bs2', rowIds.pending as number, admin));
    expect(pending).toMatchObject({ code: ResultCode.CONFLICT, msg: PROOF_MESSAGES.notSettled });
    const wrong = envelope(await download('mx-spei-arcus', rowIds.pix as number, admin));
    expect(wrong).toMatchObject({ code: ResultCode.CONFLICT, msg: PROOF_MESSAGES.notThisKind });
    const card = envelope(await download('payment-link-default', rowIds.card as number, admin));
    expect(card).toMatchObject({ code: ResultCode.CONFLICT, msg: PROOF_MESSAGES.notThisKind });
  });

  test('another merchant’s transaction answers like an unknown one', async () => {
    const foreign = envelope(await download('br-pix-bs2', rowIds.pix as number, condor));
    const unknown = envelope(await download('br-pix-bs2', 999_999_999, condor));
    expect(foreign).toMatchObject({ code: ResultCode.NOT_FOUND, msg: TRANSACTION_MESSAGES.notFound });
    expect(unknown).toEqual(foreign);
    expect(envelope(await post(t.app, transactionProofList.path, { id: rowIds.pix }, { token: condor })).code).toBe(ResultCode.NOT_FOUND);
  });

  test('refused without transactions:proof-view', async () => {
    expect(envelope(await download('br-pix-bs2', rowIds.pix as number, finance)).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await post(t.app, transactionProofList.path, { id: rowIds.pix }, { token: finance })).code).toBe(ResultCode.FORBIDDEN);
  });
});
