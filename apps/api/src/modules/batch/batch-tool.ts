import type { Endpoint, ParsedRequestOf } from '@andes/contract/common/define-endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 *
 * A tool has one spec, or a spec per request (`spec` as a function of the call's body and caller):
 * the payout batch's columns are those of the country named in the request.
 */

export interface BatchToolContext<Body = unknown> {
  auth: AuthContext;
  signal: AbortSignal;
  /** The uploaded file's cleaned name. */
  fileName: string;
  /** The upload's text fields, as its request schema parsed them. */
  body: Body;
  /** The file's bytes (a module may fingerprint them: an idempotent creation). */
  content: Buffer;
  /** Every data row read, valid or not, in the file's order. */
  rows: readonly BatchRow<unknown>[];
  /** The spec the file was read with. */
  spec: BatchSpec<unknown>;
  /** The HTTP request (where it came from, for the activity log). */
  request: FastifyRequest;
}

/** What a spec may depend on: the request's body (the template's or the upload's) and the caller. */
export interface BatchRequest<Body> {
  body: Body;
  auth: AuthContext;
}

/** One spec for every request, or the spec of a request. */
export type BatchSpecOf<Row, Body> = BatchSpec<Row> | ((request: BatchRequest<Body>) => BatchSpec<Row> | Promise<BatchSpec<Row>>);

/** A valid row as `process` gets it. */
export type ValidBatchRow<Row> = BatchRow<Row> & { result: { ok: true; value: Row } };

export interface BatchTool<Row, T extends Endpoint = Endpoint, U extends Endpoint = Endpoint> {
  template: T;
  upload: U;
  spec: BatchSpecOf<Row, ParsedRequestOf<T> | ParsedRequestOf<U>>;
  /**
   * The module's work on the rows that passed the row schema (possibly none); answers an outcome
   * per row number (a row left out counts as done). Refusing a row here (a duplicate reference, no
   * balance) puts its reason in the result file like a schema error; throwing refuses the whole
   * upload with the error's envelope.
   */
  process?: (rows: readonly ValidBatchRow<Row>[], ctx: BatchToolContext<ParsedRequestOf<U>>) => Promise<ReadonlyMap<number, BatchOutcome>>;
}

/** The spec of one request. */
export async function resolveBatchSpec<Row, Body>(spec: BatchSpecOf<Row, Body>, request: BatchRequest<Body>): Promise<BatchSpec<Row>> {
  return typeof spec === 'function' ? spec(request) : spec;
}

export function registerBatchTool<Row, T extends Endpoint, U extends Endpoint>(app: FastifyInstance, tool: BatchTool<Row, T, U>): void {
  if (tool.template.kind !== 'binary') throw new Error(`${tool.template.path}: the batch template is a binary endpoint`);
  if (tool.upload.kind !== 'multipart' || !tool.upload.answersFile || tool.upload.files?.maxFiles !== 1) {
    throw new Error(`${tool.upload.path}: the batch upload is a multipart endpoint of one file answering the result file (BinaryResponse)`);
  }
  registerEndpoint(app, tool.template, async ({ body, auth }) => {
    const spec = await resolveBatchSpec(tool.spec, { body, auth });
    return batchTemplateFile(spec) as Promise<never>;
  });
  registerEndpoint(app, tool.upload, async ({ files, auth, signal, body, request }) => {
    const file = files[0];
    if (!file) throw new Error(`${tool.upload.path}: the pipeline let a request without its file through`);
    const spec = await resolveBatchSpec(tool.spec, { body, auth });
    const rows = await readBatchFile(spec, file);
    const valid = rows.filter((r): r is ValidBatchRow<Row> => r.result.ok);
    const outcomes = tool.process
      ? await tool.process(valid, {
          auth,
          signal,
          fileName: file.name,
          body,
          content: file.content,
          rows,
          spec: spec as BatchSpec<unknown>,
          request,
        })
      : undefined;
    const result: BinaryFile = await batchResultFile(spec, rows, {
      fileName: file.name,
      at: app.andes.clock(),
      ...(outcomes ? { outcomes } : {}),
    });
    return result as never;
  });
}
