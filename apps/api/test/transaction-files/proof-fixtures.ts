import type { ProofData } from '../../src/modules/transaction-files/proofs/render-proof.ts';

export const PIX_PROOF: ProofData = {
  uniqueId: 'PIXBR2026000123',
  merchantReference: 'pedido-98765',
  merchantName: 'Loja Exemplo Ltda',
  country: 'BR',
  currency: 'BRL',
  amount: 123456,
  transactionType: 'PAY_IN',
  productType: 'PIX',
  status: 'SETTLED',
  settledAt: new Date('2026-02-28T23:30:15Z'),
  e2eId: 'E18236120202602282330s0123456789',
  payer: {
    name: 'João Carlos Souza',
    document: '123.456.789-01',
    documentType: 'CPF',
    bankCode: '218',
    bankName: 'Banco BS2',
    branch: '0001',
    accountNo: '1234567-8',
    pixKey: '12345678901',
    pixKeyType: 'DOCUMENT',
  },
  beneficiary: { name: 'Loja Exemplo Ltda', document: '12.345.678/0001-90', documentType: 'CNPJ', bankName: 'Banco Rendimento' },
};

export const SPEI_PROOF: ProofData = {
  uniqueId: 'SPEIMX2026000456',
  merchantReference: 'orden-555',
  merchantName: 'Tienda Ejemplo SA de CV',
  country: 'MX',
  currency: 'MXN',
  amount: 987654321,
  transactionType: 'PAY_OUT',
  productType: 'SPEI',
  status: 'SETTLED',
  settledAt: '2026-01-10T18:05:00.000Z',
  e2eId: 'MBAN01002601100012345678',
  beneficiary: {
    name: 'María Fernanda López',
    document: 'LOMF800101AB3',
    documentType: 'RFC',
    bankName: 'BBVA México',
    accountNo: '012180001234567897',
  },
};

export const CO_PROOF: ProofData = {
  uniqueId: 'COBT2026000789',
  merchantReference: 'ref-co-1',
  merchantName: 'Comercio Ejemplo SAS',
  country: 'CO',
  currency: 'COP',
  amount: 25000000,
  transactionType: 'PAY_IN',
  productType: 'CO_BANK_TRANSFER',
  status: 'SETTLED',
  settledAt: '2026-02-01T15:00:00.000Z',
  e2eId: 'CUS-4455667788',
  payer: {
    name: 'Andrés Gómez',
    document: '1020304050',
    documentType: 'CC',
    bankName: 'Bancolombia',
    accountNo: '12345678901234567890123456',
  },
};

export const LINK_PROOF: ProofData = {
  ...PIX_PROOF,
  uniqueId: 'LINKBR2026000999',
  paymentLinkId: 'PL-ABC-123',
  description: 'Curso online — turma de março',
  e2eId: 'E18236120202602282330s0999999999',
};
