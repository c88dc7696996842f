import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { transactionProofList } from '@andes/contract/transaction/endpoints';
import type { ProofVariant } from '@andes/contract/transaction/enums';
import { PROOF_DOWNLOAD_ENDPOINTS } from '@andes/contract/transaction/proof-endpoints';
import { otherProviderProofMessage, PROOF_MESSAGES, TRANSACTION_MESSAGES } from '@andes/contract/transaction/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendAll, sendEvent, transactionRow, withPlatformToken } from '../ledger/support.ts';
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

const variantsOf = async (key: string) =>
  envelope<{ variants: ProofVariant[] }>(await post(t.app, transactionProofList.path, { id: rowIds[key] }, { token: admin })).data.variants;

const MX = { country: 'MX', currency: 'MXN', productType: 'SPEI' } as const;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  for (const k of ['pix', 'pending', 'pendingBexs', 'spei', 'legacy', 'payout', 'co', 'link', 'card']) ids[k] = f.uniqueId(k);
  await send([
    // The provider named at creation.
    f.created({
      uniqueId: ids.pix as string,
      merchantReference: 'ORDER-PIX-PROOF',
      amount: 123_456,
      provider: 'bs2',
      payer: { name: 'Ana Lima', document: '11122233344', e2eId: 'E2EPROOF0001', pixKey: 'ana@example.com', pixKeyType: 'EMAIL' },
    }),
    f.settled(ids.pix as string, { fee: 150 }),
    f.created({ uniqueId: ids.pending as string }),
    f.created({ uniqueId: ids.pendingBexs as string, provider: 'bexs' }),
    // The provider named at settlement.
    f.created({ uniqueId: ids.spei as string, ...MX, payer: { name: 'Pagador', e2eId: 'RASTREO1' } }),
    f.settled(ids.spei as string, { provider: 'stp' }),
    // An event of a platform that does not name providers (before decision 0017).
    f.created({ uniqueId: ids.legacy as string, ...MX, payer: { name: 'Pagador Antiguo' } }),
    f.settled(ids.legacy as string),
    // A payout: the provider named when the platform settles it.
    f.toppedUp(1_000_000),
    f.transferredOut(100_000, { country: 'BR', accountType: 'PAY_OUT', amount: 500_000 }),
    f.payout({ uniqueId: ids.payout as string, productType: 'PIX_QR', amount: 20_000 }),
    f.payoutStatus(ids.payout as string, 'IN_PROGRESS'),
    f.payoutStatus(ids.payout as string, 'SETTLED', { fee: 100, vat: 0, provider: 'rendimento' }),
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

describe('the provider in the platform’s events', () => {
  test('is stored from transaction.created, transaction.settled and payout.status_changed; absent, it stays null', async () => {
    expect((await transactionRow(t.db, ids.pix as string))?.provider).toBe('bs2');
    expect((await transactionRow(t.db, ids.pendingBexs as string))?.provider).toBe('bexs');
    expect((await transactionRow(t.db, ids.spei as string))?.provider).toBe('stp');
    expect((await transactionRow(t.db, ids.payout as string))?.provider).toBe('rendimento');
    expect((await transactionRow(t.db, ids.legacy as string))?.provider).toBeNull();
    expect((await transactionRow(t.db, ids.card as string))?.provider).toBeNull();
  });

  test('a provider of another rail, or on a method without providers, is a validation error; nothing is recorded', async () => {
    const uniqueId = f.uniqueId('mismatch');
    const arcusOnPix = await sendEvent(t.app, f.created({ uniqueId, provider: 'arcus' }));
    expect(arcusOnPix.status).toBe(400);
    expect(arcusOnPix.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(arcusOnPix.msg).toBe(
      'data.provider: arcus carries SPEI transfers, not PIX: a PIX transfer is carried by bs2, bexs or rendimento',
    );
    expect(await transactionRow(t.db, uniqueId)).toBeNull();

    const onCard = await sendEvent(t.app, f.created({ uniqueId, productType: 'CARD', provider: 'stp' }));
    expect(onCard.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(onCard.msg).toBe('data.provider: stp carries SPEI transfers, not CARD: leave provider out of a CARD transaction');

    // On a settlement, the transaction's product type decides; the refused event leaves the transfer as it was.
    const spei = f.uniqueId('mismatch-spei');
    await send([f.created({ uniqueId: spei, ...MX })]);
    const bexsOnSpei = f.settled(spei, { provider: 'bexs' });
    const refused = await sendEvent(t.app, bexsOnSpei);
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(refused.msg).toBe(
      `data.provider: Transaction ${spei}: bexs carries PIX transfers, not SPEI: a SPEI transfer is carried by arcus, unipagos or stp`,
    );
    expect(await transactionRow(t.db, spei)).toMatchObject({ status: 'CREATED', provider: null, settledAt: null });
    const recorded = await t.db.execute(sql`select 1 from platform_events where event_id = ${bexsOnSpei.eventId}`);
    expect((recorded as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  test('a settlement naming another provider than the one recorded is a CONFLICT', async () => {
    const uniqueId = f.uniqueId('switch');
    await send([f.created({ uniqueId, provider: 'bs2' })]);
    const other = await sendEvent(t.app, f.settled(uniqueId, { provider: 'bexs' }));
    expect(other.code).toBe(ResultCode.CONFLICT);
    expect(other.msg).toBe(`Transaction ${uniqueId} was carried by bs2; the event names bexs`);
    // The same provider again, or none, settles it.
    await send([f.settled(uniqueId, { provider: 'bs2' })]);
    expect(await transactionRow(t.db, uniqueId)).toMatchObject({ status: 'SETTLED', provider: 'bs2' });
  });
});

describe('proof downloads', () => {
  test('a settled PIX pay-in: a PDF of its provider with its unique id, reference, end-to-end id and issuer', async () => {
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
    expect(text).toContain('Banco BS2 S.A.');
    expect(text).not.toContain('Bexs');
    expect(text).not.toContain('Rendimento');
  });

  test('each family’s receipts: SPEI and PIX of the provider, CO bank transfer, payment link (default and gwm)', async () => {
    for (const [variant, key, issuer] of [
      ['mx-spei-stp', 'spei', 'STP · Sistema de Transferencias y Pagos'],
      ['br-pix-rendimento', 'payout', 'Banco Rendimento S.A.'],
      ['co-bank-transfer', 'co', 'Andes'],
      ['payment-link-default', 'link', 'Andes'],
      ['payment-link-gwm', 'link', 'Andes Demo Store'],
    ] as const) {
      const res = await download(variant, rowIds[key] as number, admin);
      expect(res.statusCode, variant).toBe(200);
      const text = parsePdf(res.rawPayload).pages.join('\n');
      expect(text, variant).toContain(ids[key]);
      expect(text.split('\n')[0], variant).toBe(issuer);
    }
  });

  test('the proofs a transaction has: only its provider’s receipt', async () => {
    expect(await variantsOf('pix')).toEqual(['br-pix-bs2']);
    expect(await variantsOf('spei')).toEqual(['mx-spei-stp']);
    expect(await variantsOf('payout')).toEqual(['br-pix-rendimento']);
    expect(await variantsOf('legacy')).toEqual([]);
    expect(await variantsOf('co')).toEqual(['co-bank-transfer']);
    expect(await variantsOf('link')).toEqual(['payment-link-default', 'payment-link-gwm']);
    expect(await variantsOf('pending')).toEqual([]);
    expect(await variantsOf('card')).toEqual([]);
  });

  test('the receipts of the other providers answer which provider carried the transfer', async () => {
    for (const variant of ['br-pix-bexs', 'br-pix-rendimento'] as const) {
      const res = await download(variant, rowIds.pix as number, admin);
      expect(res.statusCode, variant).toBe(409);
      expect(envelope(res), variant).toMatchObject({ code: ResultCode.CONFLICT, msg: otherProviderProofMessage('BS2') });
    }
    for (const variant of ['mx-spei-arcus', 'mx-spei-unipagos'] as const) {
      expect(envelope(await download(variant, rowIds.spei as number, admin)), variant).toMatchObject({
        code: ResultCode.CONFLICT,
        msg: 'This transfer was carried by STP; its proof is the STP receipt',
      });
    }
    // Known before it settles: the other receipts say so at once.
    expect(envelope(await download('br-pix-bs2', rowIds.pendingBexs as number, admin))).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: otherProviderProofMessage('Bexs'),
    });
  });

  test('refused for an unsettled transfer, a transfer whose provider was never named, and the wrong family', async () => {
    const pending = envelope(await download('br-pix-bs2', rowIds.pending as number, admin));
    expect(pending).toMatchObject({ code: ResultCode.CONFLICT, msg: PROOF_MESSAGES.notSettled });
    const pendingBexs = envelope(await download('br-pix-bexs', rowIds.pendingBexs as number, admin));
    expect(pendingBexs).toMatchObject({ code: ResultCode.CONFLICT, msg: PROOF_MESSAGES.notSettled });
    for (const variant of ['mx-spei-arcus', 'mx-spei-unipagos', 'mx-spei-stp'] as const) {
      const legacy = envelope(await download(variant, rowIds.legacy as number, admin));
      expect(legacy, variant).toMatchObject({ code: ResultCode.CONFLICT, msg: PROOF_MESSAGES.noProvider });
    }
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
