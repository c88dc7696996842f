import { COUNTRY_INFO, type Country, type Currency, utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import type { PixKeyType, TransactionStatus, TransactionType } from '@andes/contract/common/enums';
import { formatCents } from '@andes/contract/common/money';
import type PDFKitDocument from 'pdfkit';
import { TransactionFileErrors } from '../transaction-files.errors.ts';
import { proofFonts } from './fonts.ts';
import {
  LOCAL_LANGUAGE_OF_COUNTRY,
  type LocalLanguage,
  PROOF_LABELS,
  type ProofLabelKey,
  type ProofLanguage,
  proofLabel,
  proofText,
  proofTitle,
} from './labels.ts';
import { maskAccount, maskDocument, maskPixKey } from './masking.ts';
import { PROOF_VARIANT_INFO, type ProofVariant, proofVariantsFor } from './proof-variants.ts';

/**
 * Proofs of transfer (spec §7) as real PDF documents, one A4 page: the issuer's head band, the
 * title in the market's language and the user's, the amount, the date and time in the country's
 * zone, the payer and the beneficiary (documents and accounts masked), the transfer's ids (PIX
 * end-to-end id, SPEI clave de rastreo, Colombian CUS), the unique id, the merchant reference and
 * the status. `ProofData` is a plain object the caller maps from a transaction row.
 */

export interface ProofParty {
  name?: string | null;
  document?: string | null;
  documentType?: string | null;
  bankName?: string | null;
  bankCode?: string | null;
  branch?: string | null;
  /** Account number, or the CLABE of a SPEI transfer. */
  accountNo?: string | null;
  pixKey?: string | null;
  pixKeyType?: PixKeyType | null;
}

export interface ProofData {
  uniqueId: string;
  merchantReference: string;
  /** The merchant (or sub-merchant) the transaction belongs to: the issuer of white-label receipts. */
  merchantName: string;
  country: Country;
  currency: Currency;
  /** Integer cents. */
  amount: number | bigint;
  transactionType: TransactionType;
  productType: string;
  status: TransactionStatus;
  settledAt: Date | string;
  /** PIX end-to-end id, SPEI clave de rastreo, Colombian CUS. */
  e2eId?: string | null;
  payer?: ProofParty | null;
  beneficiary?: ProofParty | null;
  paymentLinkId?: string | null;
  description?: string | null;
  /** The provider that carried the transfer, when known (`arcus`, `bs2`…). */
  provider?: string | null;
  /** The zone times are shown in (default: the country's business zone). */
  timeZone?: string;
}

export interface RenderProofOptions {
  /** Deflate the page content (default true; tests may turn it off). */
  compress?: boolean;
  /** The "generated at" time (default now). */
  now?: Date;
}

export const PDF_CONTENT_TYPE = 'application/pdf';

const PAGE_MARGIN = 48;
const LABEL_WIDTH = 190;
const ROW_GAP = 5;
const MUTED = '#666666';
const INK = '#1a1a1a';

type Doc = InstanceType<typeof PDFKitDocument>;

class Layout {
  y: number;
  private readonly left: number;
  private readonly width: number;

  constructor(
    private readonly doc: Doc,
    private readonly accent: string,
  ) {
    this.left = PAGE_MARGIN;
    this.width = doc.page.width - PAGE_MARGIN * 2;
    this.y = PAGE_MARGIN;
  }

  band(issuer: string, title: string): void {
    const height = 86;
    this.doc.rect(0, 0, this.doc.page.width, height).fill(this.accent);
    this.doc.font('bold').fontSize(11).fillColor('#ffffff').text(issuer, this.left, 18, { width: this.width });
    this.doc.font('bold').fontSize(15).text(title, this.left, 36, { width: this.width, lineGap: 1 });
    this.y = height + 22;
  }

  amount(label: string, value: string): void {
    this.doc.font('regular').fontSize(10).fillColor(MUTED).text(label, this.left, this.y, { width: this.width });
    this.y += 16;
    this.doc.font('bold').fontSize(24).fillColor(INK).text(value, this.left, this.y, { width: this.width });
    this.y += 38;
  }

  section(title: string): void {
    this.y += 6;
    this.doc.font('bold').fontSize(11).fillColor(this.accent).text(title, this.left, this.y, { width: this.width });
    this.y += 17;
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.6)
      .strokeColor('#d0d0d0')
      .stroke();
    this.y += 6;
  }

  row(label: string, value: string): void {
    const valueWidth = this.width - LABEL_WIDTH;
    this.doc.font('regular').fontSize(9.5);
    const labelHeight = this.doc.heightOfString(label, { width: LABEL_WIDTH - 10 });
    this.doc.font('bold').fontSize(9.5);
    const valueHeight = this.doc.heightOfString(value, { width: valueWidth });
    this.doc
      .font('regular')
      .fillColor(MUTED)
      .text(label, this.left, this.y, { width: LABEL_WIDTH - 10 });
    this.doc
      .font('bold')
      .fillColor(INK)
      .text(value, this.left + LABEL_WIDTH, this.y, { width: valueWidth });
    this.y += Math.max(labelHeight, valueHeight) + ROW_GAP;
  }

  note(text: string): void {
    this.y += 14;
    this.doc.font('regular').fontSize(8).fillColor(MUTED).text(text, this.left, this.y, { width: this.width, lineGap: 1 });
    this.y += this.doc.heightOfString(text, { width: this.width, lineGap: 1 }) + 4;
  }
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The rows of one party: only the fields the transfer has. */
function partyRows(
  party: ProofParty,
  family: (typeof PROOF_VARIANT_INFO)[ProofVariant]['family'],
  label: (key: ProofLabelKey) => string,
): [string, string][] {
  const rows: [string, string][] = [];
  if (present(party.name)) rows.push([label('name'), party.name]);
  if (present(party.document)) {
    const type = present(party.documentType) ? ` (${party.documentType})` : '';
    rows.push([label('document'), `${maskDocument(party.document)}${type}`]);
  }
  if (present(party.bankName) || present(party.bankCode)) {
    rows.push([label('bank'), [party.bankCode, party.bankName].filter(present).join(' · ')]);
  }
  if (present(party.branch)) rows.push([label('branch'), party.branch]);
  if (present(party.accountNo)) rows.push([label(family === 'SPEI' ? 'clabe' : 'account'), maskAccount(party.accountNo)]);
  if (present(party.pixKey)) {
    const type = party.pixKeyType ? ` (${party.pixKeyType})` : '';
    rows.push([label('pixKey'), `${maskPixKey(party.pixKey, party.pixKeyType)}${type}`]);
  }
  return rows;
}

function e2eLabelKey(family: (typeof PROOF_VARIANT_INFO)[ProofVariant]['family']): ProofLabelKey {
  if (family === 'SPEI') return 'trackingKey';
  if (family === 'CO_BANK_TRANSFER') return 'cus';
  return 'e2eId';
}

/**
 * The proof as PDF bytes. Refuses (TransactionFileErrors.proofNotAvailable) a transaction that is
 * not settled or whose kind does not have this proof (see `proofVariantsFor`).
 */
export async function renderProof(
  variant: ProofVariant,
  data: ProofData,
  language: ProofLanguage,
  options: RenderProofOptions = {},
): Promise<Buffer> {
  if (!proofVariantsFor(data).includes(variant)) throw TransactionFileErrors.proofNotAvailable();
  // pdfkit (with its font engine) is loaded at the first proof, not at every server start.
  const { default: PDFDocument } = await import('pdfkit');
  const info = PROOF_VARIANT_INFO[variant];
  const local: LocalLanguage | null = LOCAL_LANGUAGE_OF_COUNTRY[data.country] ?? null;
  const label = (key: ProofLabelKey) => proofLabel(key, language, local);
  const timeZone = data.timeZone ?? COUNTRY_INFO[data.country].timezoneName;
  const now = options.now ?? new Date();
  const issuer = info.issuer ?? data.merchantName;
  const title = proofTitle(info.family, language, local);

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    compress: options.compress ?? true,
    autoFirstPage: true,
    info: {
      Title: `${title.replace('\n', ' / ')} ${data.uniqueId}`,
      Author: issuer,
      Subject: data.uniqueId,
      Producer: 'Andes',
      Creator: 'Andes',
      CreationDate: now,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const fonts = proofFonts();
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  const layout = new Layout(doc, info.accent);
  layout.band(issuer, title);
  layout.amount(label('amount'), formatCents(data.amount, data.currency));

  layout.row(label('currency'), data.currency);
  layout.row(label('settledAt'), formatDateTime(data.settledAt, timeZone));
  layout.row(label('timeZone'), `${timeZone} (${utcOffsetLabel(timeZone, new Date(data.settledAt))})`);
  layout.row(label('status'), proofLabel('statusSettled', language, local));
  layout.row(label('transactionType'), `${label(data.transactionType === 'PAY_OUT' ? 'PAY_OUT' : 'PAY_IN')} · ${data.productType}`);
  if (info.issuer === null || info.family === 'PAYMENT_LINK') layout.row(label('merchant'), data.merchantName);

  for (const [key, party] of [
    ['payer', data.payer],
    ['beneficiary', data.beneficiary],
  ] as const) {
    if (!party) continue;
    const rows = partyRows(party, info.family, label);
    if (rows.length === 0) continue;
    layout.section(label(key));
    for (const [name, value] of rows) layout.row(name, value);
  }

  layout.section(label('identifiers'));
  if (present(data.e2eId)) layout.row(label(e2eLabelKey(info.family)), data.e2eId);
  layout.row(label('uniqueId'), data.uniqueId);
  layout.row(label('merchantReference'), data.merchantReference);
  if (info.family === 'PAYMENT_LINK' && present(data.paymentLinkId)) layout.row(label('paymentLink'), data.paymentLinkId);
  if (present(data.description)) layout.row(label('description'), data.description);

  layout.note(
    `${proofText(PROOF_LABELS.footer, language, local, '\n')}\n${label('generatedAt')}: ${formatDateTime(now, timeZone, { withZone: true })}`,
  );
  doc.end();
  return done;
}
