import type { ReportFormat } from '@andes/contract/download-center/enums';
import type { DownloadRecord, ExportPreflight } from '@andes/contract/download-center/schemas';
import type { QueryKey } from '@tanstack/react-query';

/**
 * The calls behind an export (decision 0022 "Export dialog"): the pre-flight count of exactly
 * the screen's filter, the direct download (or a one-time link) for a small file, and the
 * download-center task for a large one. Each screen that exports (transaction lists, finance
 * statements) gives its own endpoints through this one shape; the dialog and the menu are shared.
 */
export interface ExportCalls<Request> {
  /** Query key of the pre-flight of a request (under the feature's keys). */
  preflightKey(request: Request): QueryKey;
  /** Rows and totals per currency the file would hold, and the route (DIRECT or TASK). */
  preflight(request: Request, signal: AbortSignal): Promise<ExportPreflight>;
  /** Queues the file in the download center; the key is the dialog's, so retries make one task. */
  createTask(request: Request, idempotencyKey: string): Promise<DownloadRecord>;
  /** Downloads the file now (through the download cache); resolves with the file's name. */
  download(request: Request): Promise<string>;
  /** A one-time URL the browser's download manager follows (offered for large results only). */
  link?(request: Request): Promise<{ url: string }>;
}

/** One opening of the export dialog: what was asked for, and the key that makes its task once. */
export interface ExportOpening<Request> {
  /** A file through the download cache, or a one-time link the browser follows. */
  how: 'file' | 'link';
  format: ReportFormat;
  /** Exactly the filter of the screen, with the format and language. */
  request: Request;
  /** Made once per opening (`crypto.randomUUID()`): retries and double clicks queue one task. */
  idempotencyKey: string;
}

/** Where the direct download stands (the menu's file or link call). */
export type DirectState = 'idle' | 'busy' | 'done' | 'failed';
