import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { maskDocument, maskPixKey } from '../../src/modules/transaction-files/proofs/masking.ts';
import { renderProof } from '../../src/modules/transaction-files/proofs/render-proof.ts';
import { parsePdf } from './pdf-text.ts';
import { CO_PROOF, LINK_PROOF, PIX_PROOF, SPEI_PROOF } from './proof-fixtures.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

/** The text with line breaks (wrapped labels) as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function textOf(pdf: Buffer): Promise<string> {
  const parsed = parsePdf(pdf);
  expect(parsed.header).toBe('%PDF-1.3');
  expect(parsed.pageCount).toBe(1);
  expect(parsed.pages).toHaveLength(1);
  return parsed.pages[0] as string;
}

describe('renderProof', () => {
  it('renders a PIX receipt (compressed) with amount, time in São Paulo, masked documents, e2e id, unique id', async () => {
    const pdf = await renderProof('br-pix-bs2', { ...PIX_PROOF, provider: 'bs2' }, 'en', { now: NOW });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    const text = await textOf(pdf);
    expect(text).toContain('Banco BS2 S.A.');
    expect(text).toContain('Comprovante de transferência Pix\nPIX transfer receipt');
    expect(text).toContain('Valor / Amount\nR$ 1,234.56');
    expect(text).toContain('Data e hora / Date and time\n2026-02-28 20:30:15');
    expect(text).toContain('America/Sao_Paulo (UTC-3)');
    expect(text).toContain('Situação / Status\nSETTLED');
    expect(text).toContain('Pagador / Payer');
    expect(text).toContain('João Carlos Souza');
    expect(text).toContain('***.456.789-** (CPF)');
    expect(text).toContain('Chave Pix / PIX key\n***.456.789-** (DOCUMENT)');
    expect(text).toContain('Recebedor / Beneficiary');
    expect(text).toContain('**.345.678/0001-** (CNPJ)');
    expect(text).toContain('ID da transação (E2E) / End-to-end ID\nE18236120202602282330s0123456789');
    expect(text).toContain('ID único / Unique ID\nPIXBR2026000123');
    expect(text).toContain('pedido-98765');
    expect(text).not.toContain('123.456.789-01');
    expect(text).not.toContain('12345678901');
  });

  it('labels the receipt in Chinese after the local language when the user reads Chinese', async () => {
    const text = await textOf(await renderProof('br-pix-rendimento', { ...PIX_PROOF, provider: 'rendimento' }, 'zh-CN', { now: NOW }));
    expect(text).toContain('Banco Rendimento S.A.');
    expect(text).toContain('PIX 转账凭证');
    expect(text).toContain('Valor / 金额\nR$ 1,234.56');
    expect(text).toContain('ID único / 唯一编号\nPIXBR2026000123');
    expect(text).toContain('本凭证确认上述转账已结算');
  });

  it('renders a SPEI receipt with the CLABE, the clave de rastreo and Mexico City time', async () => {
    const text = await textOf(await renderProof('mx-spei-stp', { ...SPEI_PROOF, provider: 'stp' }, 'en', { now: NOW }));
    expect(text).toContain('STP · Sistema de Transferencias y Pagos');
    expect(text).toContain('Comprobante de transferencia SPEI\nSPEI transfer receipt');
    expect(text).toContain('MXN$ 9,876,543.21');
    expect(text).toContain('2026-01-10 12:05:00');
    expect(text).toContain('America/Mexico_City (UTC-6)');
    expect(text).toContain('Beneficiario / Beneficiary');
    expect(text).toContain('CLABE\n012180001234567897');
    expect(text).toContain('*********1AB3 (RFC)');
    expect(text).toContain('Clave de rastreo / Tracking key\nMBAN01002601100012345678');
    expect(text).toContain('SPEIMX2026000456');
  });

  it('renders a Colombian receipt with the CUS and a long account masked as spec §9 says', async () => {
    const text = await textOf(await renderProof('co-bank-transfer', CO_PROOF, 'en', { now: NOW }));
    expect(text).toContain('Comprobante de transferencia bancaria\nBank transfer receipt');
    expect(text).toContain('COP$ 250,000.00');
    // A long label wraps inside its column.
    expect(flat(text)).toContain('CUS (código único de seguimiento) / CUS (unique tracking code) CUS-4455667788');
    expect(text).toContain('Cuenta / Account\n1234567890***890123456');
    expect(text).toContain('******4050 (CC)');
    expect(text).toContain('COBT2026000789');
  });

  it('renders the payment-link receipts: default issued by Andes, gwm in the merchant’s name', async () => {
    const standard = await textOf(await renderProof('payment-link-default', LINK_PROOF, 'en', { now: NOW }));
    expect(standard.split('\n')[0]).toBe('Andes');
    expect(standard).toContain('Comprovante de pagamento por link\nPayment link receipt');
    expect(flat(standard)).toContain('ID do link de pagamento / Payment link ID PL-ABC-123');
    expect(standard).toContain('Curso online — turma de março');
    expect(standard).toContain('LINKBR2026000999');
    const whiteLabel = await textOf(await renderProof('payment-link-gwm', LINK_PROOF, 'en', { now: NOW }));
    expect(whiteLabel.split('\n')[0]).toBe('Loja Exemplo Ltda');
    expect(whiteLabel).not.toContain('Andes');
    expect(whiteLabel).toContain('R$ 1,234.56');
  });

  it('writes uncompressed content when asked (same text)', async () => {
    const pdf = await renderProof('br-pix-bexs', { ...PIX_PROOF, provider: 'bexs' }, 'en', { now: NOW, compress: false });
    expect(await textOf(pdf)).toContain('Bexs Banco de Câmbio S.A.');
  });

  it('refuses a transaction that is not settled, a proof its kind does not have, and another provider’s receipt', async () => {
    await expect(renderProof('br-pix-bs2', { ...PIX_PROOF, provider: 'bs2', status: 'REFUNDED' }, 'en')).rejects.toBeInstanceOf(AppError);
    await expect(renderProof('mx-spei-arcus', { ...PIX_PROOF, provider: 'bs2' }, 'en')).rejects.toThrow(/settled transfer/);
    await expect(renderProof('br-pix-bs2', { ...PIX_PROOF, provider: 'bexs' }, 'en')).rejects.toBeInstanceOf(AppError);
    await expect(renderProof('br-pix-bs2', PIX_PROOF, 'en')).rejects.toBeInstanceOf(AppError);
    await expect(renderProof('payment-link-default', PIX_PROOF, 'en')).rejects.toBeInstanceOf(AppError);
  });
});

describe('proof masking', () => {
  it('masks CPF, CNPJ and other documents, and document PIX keys only', () => {
    expect(maskDocument('12345678901')).toBe('***.456.789-**');
    expect(maskDocument('123.456.789-01')).toBe('***.456.789-**');
    expect(maskDocument('12345678000190')).toBe('**.345.678/0001-**');
    expect(maskDocument('LOMF800101AB3')).toBe('*********1AB3');
    expect(maskDocument('123')).toBe('***');
    expect(maskPixKey('12345678901', 'DOCUMENT')).toBe('***.456.789-**');
    expect(maskPixKey('ana@example.com', 'EMAIL')).toBe('ana@example.com');
    expect(maskPixKey('+5511912345678', 'PHONE')).toBe('+5511912345678');
  });
});
