import { ResultCode } from '@andes/contract/common/envelope';
import { isImageContentType } from '@andes/contract/common/files';
import { ATTACHMENT_MESSAGES, TRANSACTION_MESSAGES } from '@andes/contract/transaction/schemas';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError } from '../../http/errors.ts';
import type { BinaryFile } from '../../http/register-endpoint.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { getFile, STORED_FILE_HEADERS } from '../files/files.service.ts';
import { findTransaction } from './transaction.repository.ts';

const notFound = (message: string) => new AppError(ResultCode.NOT_FOUND, message);

/**
 * A transaction's attachments. The transaction is looked up exactly as the detail does (the
 * caller's scope: a sub-merchant user only their own rows; another merchant's id answers like an
 * unknown one), then the file must be one of the transaction's and belong to its merchant.
 */
export class TransactionAttachmentService {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  async download(auth: AuthContext, id: number, fileId: string): Promise<BinaryFile> {
    const row = await findTransaction(this.db, auth.scope, id, { kind: 'any' });
    if (!row) throw notFound(TRANSACTION_MESSAGES.notFound);
    const attachment = row.attachments.find((a) => a.fileId === fileId);
    const file = attachment ? await getFile(this.db, this.blobs, auth.scope.merchantId, fileId) : null;
    if (!attachment || !file) throw notFound(ATTACHMENT_MESSAGES.notFound);
    return {
      filename: attachment.name,
      contentType: file.contentType,
      body: file.content,
      disposition: isImageContentType(file.contentType) ? 'inline' : 'attachment',
      headers: STORED_FILE_HEADERS,
    };
  }
}
