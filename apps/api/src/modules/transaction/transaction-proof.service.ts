import type { Country, Currency } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import { PROVIDER_NAMES, type ProofVariant } from '@andes/contract/transaction/enums';
import {
  otherProviderProofMessage,
  PROOF_MESSAGES,
  TRANSACTION_MESSAGES,
  type TransactionProofList,
} from '@andes/contract/transaction/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, CommonErrors } from '../../http/errors.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import type { ProofLanguage } from '../transaction-files/proofs/labels.ts';
import { PROOF_VARIANT_INFO, proofVariantsFor } from '../transaction-files/proofs/proof-variants.ts';
import { PDF_CONTENT_TYPE, type ProofData, renderProof } from '../transaction-files/proofs/render-proof.ts';
import { findTransaction, type TransactionDetailRow } from './transaction.repository.ts';
import { merchantNameOf } from './transaction-files.repository.ts';

/**
 * Proof-of-transfer downloads (spec §7): the transaction in the caller's scope (another
 * merchant's id answers NOT_FOUND like an unknown one), the variant checked against the proofs the
 * transaction has, then the PDF. A SPEI or PIX transfer has only the receipt of the provider that
 * carried it (docs/decisions/0017-proof-provider.md). Refusals are CONFLICT, with a message that
 * says what to do: another provider carried it (and which), not settled yet, no provider named by
 * the platform, or not this kind of transfer.
 */

function subjectOf(row: TransactionDetailRow) {
  return {
    country: row.country,
    productType: row.productType,
    transactionType: row.transactionType,
    status: row.status,
    paymentLinkId: row.paymentLinkId,
    provider: row.provider,
  };
}

/** Why the transaction does not have this proof (it does not: the caller checked). */
function refusalOf(row: TransactionDetailRow, variant: ProofVariant): string {
  const subject = subjectOf(row);
  // Would a transfer of its kind, settled and carried by this variant's provider, have it?
  const ofItsKind = proofVariantsFor({ ...subject, status: 'SETTLED', provider: PROOF_VARIANT_INFO[variant].provider }).includes(variant);
  if (!ofItsKind) return PROOF_MESSAGES.notThisKind;
  if (PROOF_VARIANT_INFO[variant].provider !== null && row.provider !== null && row.provider !== PROOF_VARIANT_INFO[variant].provider) {
    return otherProviderProofMessage(PROVIDER_NAMES[row.provider]);
  }
  if (row.status !== 'SETTLED') return PROOF_MESSAGES.notSettled;
  return PROOF_MESSAGES.noProvider;
}

/** The proof's second language: Chinese when the browser asks for it, else English. */
export function proofLanguageOf(acceptLanguage: string | undefined): ProofLanguage {
  return acceptLanguage?.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export class TransactionProofService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async row(auth: AuthContext, id: number): Promise<TransactionDetailRow> {
    const row = await findTransaction(this.db, auth.scope, id, { kind: 'any' });
    if (!row) throw new AppError(ResultCode.NOT_FOUND, TRANSACTION_MESSAGES.notFound);
    return row;
  }

  async variants(auth: AuthContext, id: number): Promise<TransactionProofList> {
    return { variants: proofVariantsFor(subjectOf(await this.row(auth, id))) };
  }

  async download(auth: AuthContext, id: number, variant: ProofVariant, language: ProofLanguage): Promise<BinaryFile> {
    const row = await this.row(auth, id);
    if (!proofVariantsFor(subjectOf(row)).includes(variant)) throw CommonErrors.conflict(refusalOf(row, variant));
    if (row.settledAt === null) throw CommonErrors.conflict(PROOF_MESSAGES.notSettled);
    const data: ProofData = {
      uniqueId: row.uniqueId,
      merchantReference: row.merchantReference,
      merchantName: row.subMerchantName ?? (await merchantNameOf(this.db, auth.scope)),
      country: row.country as Country,
      currency: row.currency as Currency,
      amount: row.amount,
      transactionType: row.transactionType,
      productType: row.productType,
      status: row.status,
      settledAt: row.settledAt,
      e2eId: row.e2eId,
      payer: row.payer,
      beneficiary: row.beneficiary,
      paymentLinkId: row.paymentLinkId,
      description: row.description,
      provider: row.provider,
    };
    const pdf = await renderProof(variant, data, language, { now: this.clock() });
    return { filename: `proof-${variant}-${row.uniqueId}.pdf`, contentType: PDF_CONTENT_TYPE, body: pdf };
  }
}
