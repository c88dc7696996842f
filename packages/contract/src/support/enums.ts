import { z } from 'zod';
import { UPLOADER_DEFAULT_MAX_FILES } from '../common/constants.ts';
import type { CaseStatus } from '../common/enums.ts';
import type { PermissionCode } from '../permissions/registry.ts';

/**
 * Support cases (work orders; spec §3 "Support case", §4 Case, §5, §7 Support; issue #14;
 * docs/decisions/0029-support-cases.md).
 */

/** Maximum lengths (spec §5 "text fields have maximum-length messages"). */
export const CASE_TITLE_MAX_LENGTH = 100;
export const CASE_DESCRIPTION_MAX_LENGTH = 2_000;
export const CASE_REPLY_MAX_LENGTH = 2_000;
export const CASE_INSTRUCTIONS_MAX_LENGTH = 500;
/** A transaction key: a unique id or a merchant reference (as the transaction search takes them). */
export const CASE_TRANSACTION_KEY_MAX_LENGTH = 64;
export const CASE_EMAIL_MAX_LENGTH = 254;
/** Appendices of a case, or of one reply, at most (the uploader's default: 3 files × 10 MB). */
export const CASE_APPENDIX_MAX = UPLOADER_DEFAULT_MAX_FILES;

/** A CLOSED case can be reopened within this many days of closing; later, open a new case. */
export const CASE_REOPEN_WINDOW_DAYS = 30;

/** A case file's download link is valid this long, and once. */
export const CASE_FILE_LINK_TTL_MINUTES = 5;
/** Where a case file's one-time link points: `${CASE_FILE_LINK_PATH_PREFIX}<token>` (a plain GET, outside /dashboard). */
export const CASE_FILE_LINK_PATH_PREFIX = '/files/case-files/';

/** The case number people quote: `CS` + local date yyyyMMdd + 6 base-32 characters. */
export const CASE_NO_PATTERN = /^CS[0-9]{8}[0-9A-Z]{6}$/;

/**
 * A Pix end-to-end id: 32 characters, `E` + the ISPB (8 digits) + `yyyyMMddHHmm` (UTC) + 11 letters
 * or digits (BCB SPI; modules-anchors "E2E id").
 */
export const E2E_ID_PATTERN = /^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/;

/** Who wrote a row of the thread. */
export const CASE_REPLY_SIDES = ['MERCHANT', 'PROVIDER'] as const;
export type CaseReplySide = (typeof CASE_REPLY_SIDES)[number];
export const CaseReplySideSchema = z.enum(CASE_REPLY_SIDES);

/** What a row of the thread is: the opening description, a reply, or a change of state with its note. */
export const CASE_REPLY_KINDS = ['CREATE', 'REPLY', 'CLOSE', 'REOPEN', 'STATUS', 'EDIT'] as const;
export type CaseReplyKind = (typeof CASE_REPLY_KINDS)[number];
export const CaseReplyKindSchema = z.enum(CASE_REPLY_KINDS);

/** The statuses a case can be edited, replied to (by the merchant: SOLVED too, see below) and closed in. */
export const CASE_EDITABLE_STATUSES: readonly CaseStatus[] = ['PENDING', 'PROCESSING'];
/** Statuses the merchant may reply in; a reply to a SOLVED case moves it back to PROCESSING. */
export const CASE_REPLYABLE_STATUSES: readonly CaseStatus[] = ['PENDING', 'PROCESSING', 'SOLVED'];
export const CASE_CLOSABLE_STATUSES: readonly CaseStatus[] = ['PENDING', 'PROCESSING', 'SOLVED'];
/** A case is open (the duplicate guard looks at these) until CLOSED. */
export const CASE_OPEN_STATUSES: readonly CaseStatus[] = ['PENDING', 'PROCESSING', 'SOLVED'];

/** Statuses the provider's `case.status_changed` can set. */
export const PROVIDER_CASE_STATUSES = ['PROCESSING', 'SOLVED', 'CLOSED'] as const;
/** Statuses a provider reply (`case.replied`) can set. */
export const PROVIDER_REPLY_STATUSES = ['PROCESSING', 'SOLVED'] as const;

/** The merchant's actions on a case, and the button each needs. */
export const CASE_ACTION_PERMISSIONS = {
  EDIT: 'support:case:edit',
  CLOSE: 'support:case:close',
  REOPEN: 'support:case:reopen',
} as const satisfies Record<string, PermissionCode>;
/**
 * Reading a case (detail, thread, files): the detail route, or the list's detail button (which the
 * edit, close and reopen buttons depend on).
 */
export const CASE_DETAIL_PERMISSIONS = ['support:case-detail', 'support:case:detail'] as const satisfies readonly PermissionCode[];
/** Replying in a case's thread (and uploading its files): whoever may open or edit cases. */
export const CASE_REPLY_PERMISSIONS = ['support:case:create', 'support:case:edit'] as const satisfies readonly PermissionCode[];
/** Uploading case files (creation, edit, replies). */
export const CASE_UPLOAD_PERMISSIONS = CASE_REPLY_PERMISSIONS;

export const CASE_ACTIONS = ['EDIT', 'REPLY', 'CLOSE', 'REOPEN'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
export const CaseActionSchema = z.enum(CASE_ACTIONS);
