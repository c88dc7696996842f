import type { Endpoint } from '@andes/contract/common/define-endpoint';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../http/auth-context.ts';
import { type BinaryFile, registerEndpoint } from '../../http/register-endpoint.ts';
import { readBatchFile } from './batch-reader.ts';
import { batchResultFile } from './batch-result.ts';
import type { BatchOutcome, BatchRow, BatchSpec } from './batch-spec.ts';
import { batchTemplateFile } from './batch-template.ts';

/**
 * The batch generation tool of a module, wired in one call (docs/decisions/0021): the template
 * download (a binary endpoint) and the upload (a multipart endpoint declaring BATCH_UPLOAD_FILES
 * whose response is BinaryResponse). The upload reads the file (batch-reader.ts), hands the valid
 * rows to `process` (the module's own work: create payouts, generate links…), and answers the
 * result file with the counts in its headers. Nothing is processed when the file itself is refused.
 */

export interface BatchToolContext {
  auth: AuthContext;
  signal: AbortSignal;
  /** The uploaded file's cleaned name. */
  fileName: string;
}

export interface BatchTool<Row> {
  template: Endpoint;
  upload: Endpoint;
  spec: BatchSpec<Row>;
  /**
   * The module's work on the rows that passed the row schema; answers an outcome per row number
   * (a row left out counts as done). Refusing a row here (a duplicate reference, no balance) puts
   * its reason in the result file like a schema error.
   */
  process?: (
    rows: readonly (BatchRow<Row> & { result: { ok: true; value: Row } })[],
    ctx: BatchToolContext,
  ) => Promise<ReadonlyMap<number, BatchOutcome>>;
}

export function registerBatchTool<Row>(app: FastifyInstance, tool: BatchTool<Row>): void {
  if (tool.template.kind !== 'binary') throw new Error(`${tool.template.path}: the batch template is a binary endpoint`);
  if (tool.upload.kind !== 'multipart' || !tool.upload.answersFile || tool.upload.files?.maxFiles !== 1) {
    throw new Error(`${tool.upload.path}: the batch upload is a multipart endpoint of one file answering the result file (BinaryResponse)`);
  }
  registerEndpoint(app, tool.template, async () => batchTemplateFile(tool.spec) as Promise<never>);
  registerEndpoint(app, tool.upload, async ({ files, auth, signal }) => {
    const file = files[0];
    if (!file) throw new Error(`${tool.upload.path}: the pipeline let a request without its file through`);
    const rows = await readBatchFile(tool.spec, file);
    const valid = rows.filter((r): r is BatchRow<Row> & { result: { ok: true; value: Row } } => r.result.ok);
    const outcomes = tool.process && valid.length > 0 ? await tool.process(valid, { auth, signal, fileName: file.name }) : undefined;
    const result: BinaryFile = await batchResultFile(tool.spec, rows, {
      fileName: file.name,
      at: app.andes.clock(),
      ...(outcomes ? { outcomes } : {}),
    });
    return result as never;
  });
}
