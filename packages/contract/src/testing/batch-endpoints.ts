import { BinaryResponse, defineEndpoint, EmptyRequest } from '../common/define-endpoint.ts';
import { BATCH_UPLOAD_FILES } from '../common/uploads.ts';

/*
 * A batch tool's two calls for the tests of the shared pieces (the API's batch tool, the web
 * client's upload and the BatchTool component): registered only by those tests, never by the
 * registry. The payout and payment-link batches define theirs the same way.
 */

export const testBatchTemplate = defineEndpoint({
  path: '/dashboard/test-batch/template-file/download',
  summary: 'a batch template for the tests',
  permission: 'payment:payout:create',
  kind: 'binary',
  request: EmptyRequest,
  response: BinaryResponse,
});

export const testBatchUpload = defineEndpoint({
  path: '/dashboard/test-batch/file/upload',
  summary: 'a batch upload for the tests',
  permission: 'payment:payout:create',
  kind: 'multipart',
  files: BATCH_UPLOAD_FILES,
  request: EmptyRequest,
  response: BinaryResponse,
  silentErrors: true,
});
