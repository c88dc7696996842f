import type { ExportLanguage } from '../export/columns.ts';
import type { ProofFamily } from './proof-variants.ts';

/**
 * Texts of the proofs of transfer. A proof is printed in the user's language (en or zh-CN), and
 * where a receipt of that market would carry the local language, every label shows it first and
 * the user's language after a slash: Portuguese (pt-BR) on Brazilian PIX receipts, Spanish (es)
 * on Mexican SPEI and Colombian receipts, and on payment-link receipts of those countries and of
 * Chile and Peru. A receipt of another country (US, ZA) is in the user's language only.
 */

export type ProofLanguage = ExportLanguage;
export type LocalLanguage = 'pt-BR' | 'es';
type Text = Readonly<Record<ProofLanguage | LocalLanguage, string>>;

export const LOCAL_LANGUAGE_OF_COUNTRY: Readonly<Record<string, LocalLanguage>> = { BR: 'pt-BR', MX: 'es', CO: 'es', CL: 'es', PE: 'es' };

const TITLES: Readonly<Record<ProofFamily, Text>> = {
  PIX: {
    en: 'PIX transfer receipt',
    'zh-CN': 'PIX 转账凭证',
    'pt-BR': 'Comprovante de transferência Pix',
    es: 'Comprobante de transferencia PIX',
  },
  SPEI: {
    en: 'SPEI transfer receipt',
    'zh-CN': 'SPEI 转账凭证',
    'pt-BR': 'Comprovante de transferência SPEI',
    es: 'Comprobante de transferencia SPEI',
  },
  CO_BANK_TRANSFER: {
    en: 'Bank transfer receipt',
    'zh-CN': '银行转账凭证',
    'pt-BR': 'Comprovante de transferência bancária',
    es: 'Comprobante de transferencia bancaria',
  },
  PAYMENT_LINK: {
    en: 'Payment link receipt',
    'zh-CN': '支付链接付款凭证',
    'pt-BR': 'Comprovante de pagamento por link',
    es: 'Comprobante de pago con enlace',
  },
};

export const PROOF_LABELS = {
  issuer: { en: 'Issued by', 'zh-CN': '出具方', 'pt-BR': 'Emitido por', es: 'Emitido por' },
  amount: { en: 'Amount', 'zh-CN': '金额', 'pt-BR': 'Valor', es: 'Monto' },
  currency: { en: 'Currency', 'zh-CN': '币种', 'pt-BR': 'Moeda', es: 'Moneda' },
  settledAt: { en: 'Date and time', 'zh-CN': '日期和时间', 'pt-BR': 'Data e hora', es: 'Fecha y hora' },
  timeZone: { en: 'Time zone', 'zh-CN': '时区', 'pt-BR': 'Fuso horário', es: 'Zona horaria' },
  status: { en: 'Status', 'zh-CN': '状态', 'pt-BR': 'Situação', es: 'Estado' },
  statusSettled: { en: 'SETTLED', 'zh-CN': 'SETTLED（已结算）', 'pt-BR': 'SETTLED (liquidada)', es: 'SETTLED (liquidada)' },
  transactionType: { en: 'Type', 'zh-CN': '类型', 'pt-BR': 'Tipo', es: 'Tipo' },
  PAY_IN: { en: 'Pay-in', 'zh-CN': '收款', 'pt-BR': 'Recebimento', es: 'Cobro' },
  PAY_OUT: { en: 'Payout', 'zh-CN': '付款', 'pt-BR': 'Pagamento', es: 'Pago' },
  payer: { en: 'Payer', 'zh-CN': '付款人', 'pt-BR': 'Pagador', es: 'Ordenante' },
  beneficiary: { en: 'Beneficiary', 'zh-CN': '收款人', 'pt-BR': 'Recebedor', es: 'Beneficiario' },
  name: { en: 'Name', 'zh-CN': '名称', 'pt-BR': 'Nome', es: 'Nombre' },
  document: { en: 'Document', 'zh-CN': '证件号', 'pt-BR': 'CPF/CNPJ', es: 'Documento' },
  bank: { en: 'Bank', 'zh-CN': '银行', 'pt-BR': 'Instituição', es: 'Banco' },
  branch: { en: 'Branch', 'zh-CN': '支行', 'pt-BR': 'Agência', es: 'Sucursal' },
  account: { en: 'Account', 'zh-CN': '账号', 'pt-BR': 'Conta', es: 'Cuenta' },
  clabe: { en: 'CLABE', 'zh-CN': 'CLABE 账号', 'pt-BR': 'CLABE', es: 'CLABE' },
  pixKey: { en: 'PIX key', 'zh-CN': 'PIX 密钥', 'pt-BR': 'Chave Pix', es: 'Llave PIX' },
  e2eId: { en: 'End-to-end ID', 'zh-CN': '端到端编号', 'pt-BR': 'ID da transação (E2E)', es: 'ID de extremo a extremo' },
  trackingKey: { en: 'Tracking key', 'zh-CN': '追踪码', 'pt-BR': 'Chave de rastreio', es: 'Clave de rastreo' },
  cus: {
    en: 'CUS (unique tracking code)',
    'zh-CN': 'CUS 唯一追踪码',
    'pt-BR': 'CUS (código único)',
    es: 'CUS (código único de seguimiento)',
  },
  uniqueId: { en: 'Unique ID', 'zh-CN': '唯一编号', 'pt-BR': 'ID único', es: 'ID único' },
  merchantReference: { en: 'Merchant reference', 'zh-CN': '商户订单号', 'pt-BR': 'Referência do lojista', es: 'Referencia del comercio' },
  merchant: { en: 'Merchant', 'zh-CN': '商户', 'pt-BR': 'Lojista', es: 'Comercio' },
  paymentLink: { en: 'Payment link ID', 'zh-CN': '支付链接编号', 'pt-BR': 'ID do link de pagamento', es: 'ID del enlace de pago' },
  description: { en: 'Description', 'zh-CN': '描述', 'pt-BR': 'Descrição', es: 'Descripción' },
  identifiers: { en: 'Identifiers', 'zh-CN': '编号信息', 'pt-BR': 'Identificadores', es: 'Identificadores' },
  generatedAt: { en: 'Generated at', 'zh-CN': '生成时间', 'pt-BR': 'Gerado em', es: 'Generado el' },
  footer: {
    en: 'This receipt confirms that the transfer above was settled. It was generated from the records of the payment platform.',
    'zh-CN': '本凭证确认上述转账已结算，依据支付平台的记录生成。',
    'pt-BR': 'Este comprovante confirma a liquidação da transferência acima, gerado a partir dos registros da plataforma de pagamentos.',
    es: 'Este comprobante confirma la liquidación de la transferencia anterior, generado a partir de los registros de la plataforma de pagos.',
  },
} as const satisfies Readonly<Record<string, Text>>;

export type ProofLabelKey = keyof typeof PROOF_LABELS;

/** A label as printed: `Valor / Amount` where the market has a local language, else the user's. */
export function proofText(text: Text, language: ProofLanguage, local: LocalLanguage | null, separator = ' / '): string {
  const own = text[language];
  if (!local || text[local] === own) return own;
  return `${text[local]}${separator}${own}`;
}

export function proofLabel(key: ProofLabelKey, language: ProofLanguage, local: LocalLanguage | null): string {
  return proofText(PROOF_LABELS[key], language, local);
}

export function proofTitle(family: ProofFamily, language: ProofLanguage, local: LocalLanguage | null): string {
  return proofText(TITLES[family], language, local, '\n');
}
