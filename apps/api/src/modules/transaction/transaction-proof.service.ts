import type { Country, Currency } from '@andes/contract/common/countries';
import { ResultCode } from '@andes/contract/common/envelope';
import type { ProofVariant } from '@andes/contract/transaction/enums';
import { PROOF_MESSAGES, TRANSACTION_MESSAGES, type TransactionProofList } from '@andes/contract/transaction/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, CommonErrors } from '../../http/errors.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import type { ProofLanguage } from '../transaction-files/proofs/labels.ts';
import { proofVariantsFor } from '../transaction-files/proofs/proof-variants.ts';
import { PDF_CONTENT_TYPE, type ProofData, renderProof } from '../transaction-files/proofs/render-proof.ts';
import { findTransaction, type TransactionDetailRow } from './transaction.repository.ts';
import { merchantNameOf } from './transaction-files.repository.ts';

/**
 * Proof-of-transfer downloads (spec §7): the transaction in the caller's scope (another
 * merchant's id answers NOT_FOUND like an unknown one), the variant checked against the proofs the
 * transaction has (CONFLICT: not settled, or not this kind of transfer), then the PDF. The
 * platform's events do not name the provider that carried a SPEI or PIX transfer, so every
 * receipt of the market applies.
 */

function subjectOf(row: TransactionDetailRow) {
  return {
    country: row.country,
    productType: row.productType,
    transactionType: row.transactionType,
    status: row.status,
    paymentLinkId: row.paymentLinkId,
  };
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
    if (!proofVariantsFor(subjectOf(row)).includes(variant)) {
      // Would it have this proof once settled? Then it is a matter of time; else of kind.
      const settled = proofVariantsFor({ ...subjectOf(row), status: 'SETTLED' }).includes(variant);
      throw CommonErrors.conflict(settled && row.status !== 'SETTLED' ? PROOF_MESSAGES.notSettled : PROOF_MESSAGES.notThisKind);
    }
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
    };
    const pdf = await renderProof(variant, data, language, { now: this.clock() });
    return { filename: `proof-${variant}-${row.uniqueId}.pdf`, contentType: PDF_CONTENT_TYPE, body: pdf };
  }
}
