import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { attachmentFiles, UploadedFilesResponse } from '../common/uploads.ts';
import {
  CASE_ACTION_PERMISSIONS,
  CASE_APPENDIX_MAX,
  CASE_DETAIL_PERMISSIONS,
  CASE_REPLY_PERMISSIONS,
  CASE_UPLOAD_PERMISSIONS,
} from './enums.ts';
import {
  CaseActionRequest,
  CaseDetail,
  CaseEditRequest,
  CaseFileFields,
  CaseFileLink,
  CaseFileRequest,
  CaseIdRequest,
  CasePage,
  CasePageRequest,
  CaseReplyPage,
  CaseReplyPageRequest,
  CaseReplySaved,
  CaseReplySaveRequest,
  CaseSaveRequest,
  CaseSaveResult,
  CaseStatistics,
  CaseStatisticsRequest,
} from './schemas.ts';

/**
 * Support cases, "work orders" (spec §7 Support; issue #14; docs/decisions/0029-support-cases.md).
 * Scoped like transactions: a sub-merchant user sees and opens only their sub-merchant's cases;
 * another merchant's case answers NOT_FOUND. Every call is limited to the caller's authorised countries.
 */

export const casePage = defineEndpoint({
  path: '/dashboard/work-order/page',
  summary: 'Cases of a country, newest first, filtered by status, type, dates or a keyword',
  permission: 'support:case',
  request: CasePageRequest,
  response: CasePage,
});
export const caseStatistics = defineEndpoint({
  path: '/dashboard/work-order/status-statistics/query',
  summary: 'Cases per status (the status chips), and how many wait for the provider',
  permission: 'support:case',
  request: CaseStatisticsRequest,
  response: CaseStatistics,
});
export const caseFileUpload = defineEndpoint({
  path: '/dashboard/work-order/file/upload',
  summary: 'Upload case files (then named by id when opening, editing or replying)',
  permission: CASE_UPLOAD_PERMISSIONS,
  kind: 'multipart',
  files: attachmentFiles({ maxFiles: CASE_APPENDIX_MAX, required: true }),
  request: CaseFileFields,
  response: UploadedFilesResponse,
});
export const caseFileDownload = defineEndpoint({
  path: '/dashboard/work-order/file/download',
  summary: 'Download one file of a case (an appendix of the case or of a reply)',
  permission: CASE_DETAIL_PERMISSIONS,
  kind: 'binary',
  request: CaseFileRequest,
  response: BinaryResponse,
  silentErrors: true,
});
export const caseFileDownloadUrl = defineEndpoint({
  path: '/dashboard/work-order/file/download-url/generator',
  summary: 'A one-time download URL for one file of a case, valid a few minutes',
  permission: CASE_DETAIL_PERMISSIONS,
  request: CaseFileRequest,
  response: CaseFileLink,
});
export const caseSave = defineEndpoint({
  path: '/dashboard/work-order/save',
  summary: 'Open a case (idempotent by key or E2E id; an open case about the same transaction is answered instead)',
  permission: 'support:case:create',
  request: CaseSaveRequest,
  response: CaseSaveResult,
});
export const caseEdit = defineEndpoint({
  path: '/dashboard/work-order/edit',
  summary: 'Change a PENDING or PROCESSING case, conditional on the version the editor loaded',
  permission: CASE_ACTION_PERMISSIONS.EDIT,
  request: CaseEditRequest,
  response: CaseDetail,
});
export const caseDetail = defineEndpoint({
  path: '/dashboard/work-order/detail',
  summary: "One case with its appendices, the linked transaction's live state and history, and what the caller may do",
  permission: CASE_DETAIL_PERMISSIONS,
  request: CaseIdRequest,
  response: CaseDetail,
});
export const caseReplyPage = defineEndpoint({
  path: '/dashboard/work-order/reply/page',
  summary: "A case's thread: replies of both sides and changes of state, oldest first by default",
  permission: CASE_DETAIL_PERMISSIONS,
  request: CaseReplyPageRequest,
  response: CaseReplyPage,
});
export const caseReplySave = defineEndpoint({
  path: '/dashboard/work-order/reply/save',
  summary: 'Reply in a case (idempotent by request id); a SOLVED case goes back to PROCESSING, a CLOSED one must be reopened first',
  permission: CASE_REPLY_PERMISSIONS,
  request: CaseReplySaveRequest,
  response: CaseReplySaved,
});
export const caseClose = defineEndpoint({
  path: '/dashboard/work-order/action/close',
  summary: 'Close a case with instructions (conditional on its version)',
  permission: CASE_ACTION_PERMISSIONS.CLOSE,
  request: CaseActionRequest,
  response: CaseDetail,
});
export const caseReopen = defineEndpoint({
  path: '/dashboard/work-order/action/reopen',
  summary: 'Reopen a CLOSED case with instructions within 30 days of closing; it waits for the provider again',
  permission: CASE_ACTION_PERMISSIONS.REOPEN,
  request: CaseActionRequest,
  response: CaseDetail,
});
