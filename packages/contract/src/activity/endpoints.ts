import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { ActivityExportRequest, ActivityPage, ActivityPageRequest } from './schemas.ts';

/** The activity log (`/access/activity`). The log only ever covers the caller's merchant. */
export const activityPage = defineEndpoint({
  path: '/dashboard/activity/page',
  summary: 'Activity log entries, filtered by dates, actor, event, outcome, object and address',
  permission: 'iam:activity',
  request: ActivityPageRequest,
  response: ActivityPage,
});

/**
 * CSV of the filtered entries (activity/csv.ts), newest first. More than ACTIVITY_EXPORT_MAX_ROWS
 * matching entries are refused (CONFLICT, ACTIVITY_MESSAGES.exportTooLarge) rather than cut: an
 * audit export is never silently partial.
 */
export const activityExport = defineEndpoint({
  path: '/dashboard/activity/export',
  summary: 'Download the filtered activity log as CSV',
  permission: 'iam:activity:export',
  kind: 'binary',
  request: ActivityExportRequest,
  response: BinaryResponse,
});
