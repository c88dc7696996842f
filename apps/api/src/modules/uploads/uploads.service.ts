import type { UploadedFile } from '@andes/contract/common/uploads';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { UploadedPart } from '../../http/multipart.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { findFileInfos } from '../files/files.repository.ts';
import { putFiles } from '../files/files.service.ts';
import { UploadErrors } from './uploads.errors.ts';

/**
 * The one way a module keeps the files of an upload call (docs/decisions/0021): approvals, support
 * cases, chargeback defences and payment-link appendices all store through here. The files were
 * read and checked by the multipart pipeline (http/multipart.ts); they go to the shared file store
 * (modules/files: bytes in the blob store under a key the server makes, the row in `db`) as the
 * caller's merchant's, uploaded by the caller.
 *
 * Two shapes of use:
 * - upload now, refer later (the spec's `/file/upload` calls): the upload call answers
 *   `{ files: storeUploads(...) }`, the form's save call sends the file ids, and the module takes
 *   them with `claimUploads` before writing its own row;
 * - one call with the form and its files: the module calls `storeUploads` with its transaction's
 *   `db`, so the files' rows commit or roll back with its own.
 */

export interface UploadDeps {
  db: Db;
  blobs: BlobStore;
}

/** Stores the files of one upload for the caller's merchant; answers them in the order sent. */
export async function storeUploads(deps: UploadDeps, auth: AuthContext, files: readonly UploadedPart[]): Promise<UploadedFile[]> {
  const stored = await putFiles(
    deps.db,
    deps.blobs,
    auth.merchantId,
    files.map((f) => ({ name: f.name, content: f.content })),
    auth.userId,
  );
  return stored.map(({ fileId, name, size, contentType }) => ({ fileId, name, size, contentType }));
}

/**
 * The caller's own uploads named by a later call (a save listing file ids), in the order named.
 * A file is found only when the caller uploaded it within their merchant: another merchant's
 * file, another user's, a file the platform stored and an unknown id are all refused alike
 * (NOT_FOUND naming the id), as are an id named twice and more ids than `maxFiles`.
 */
export async function claimUploads(db: Db, auth: AuthContext, fileIds: readonly string[], maxFiles: number): Promise<UploadedFile[]> {
  if (fileIds.length > maxFiles) throw UploadErrors.tooManyClaimed(maxFiles);
  const twice = fileIds.find((id, i) => fileIds.indexOf(id) !== i);
  if (twice !== undefined) throw UploadErrors.namedTwice(twice);
  const rows = await findFileInfos(db, auth.merchantId, fileIds, auth.userId);
  const byId = new Map(rows.map((r) => [r.publicId, r]));
  return fileIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw UploadErrors.unknownFile(id);
    return { fileId: row.publicId, name: row.name, size: row.size, contentType: row.contentType };
  });
}
