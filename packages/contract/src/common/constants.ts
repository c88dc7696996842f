/** Business constants and limits (spec §9). Every other module imports them from here. */

/** Request timeout of a call, in ms. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Timeout of the daily report download, in ms. */
export const DAILY_REPORT_TIMEOUT_MS = 120_000;
/** Page sizes the lists offer. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Totals are exact up to this number, then shown as "10,000+". */
export const MAX_EXACT_TOTAL = 10_000;
/** Downloaded files are cached this long by the web client, in ms. */
export const DOWNLOAD_CACHE_TTL_MS = 10 * 60_000;
/** How often the web client checks the download cache, in ms. */
export const DOWNLOAD_CACHE_SWEEP_MS = 30_000;
/** MFA code length. */
export const MFA_CODE_LENGTH = 6;
/** How long the session-expired message shows, in ms. */
export const SESSION_EXPIRED_MESSAGE_MS = 1_500;
/** Largest single attachment, in bytes (10 MB). */
export const ATTACHMENT_MAX_BYTES = 10_485_760;
/** Default number of files an uploader takes. */
export const UPLOADER_DEFAULT_MAX_FILES = 3;
/** Files the batch tool takes at once. */
export const BATCH_TOOL_MAX_FILES = 1;
/** Longest entry of a list input. */
export const LIST_INPUT_ENTRY_MAX = 128;
/** Search date pickers reach this many months back. */
export const DATE_PICKER_MONTHS_BACK = 5;
/** Default search range: this many days back. */
export const DEFAULT_DATE_RANGE_DAYS = 7;
/** The 100-year picker variant extends the end by this many years. */
export const LONG_RANGE_YEARS = 100;
/** An end date with a year beyond this means "now". */
export const MAX_END_YEAR = 2099;
/** Widths up to this use the mobile layout, in px. */
export const MOBILE_MAX_WIDTH = 768;
/** Shortest password. */
export const PASSWORD_MIN_LENGTH = 8;
/** A password expires this many days after it was set (scene EXPIRED). */
export const PASSWORD_MAX_AGE_DAYS = 90;
/** From this many days before expiry, sign-in warns (scene ABOUT2EXPIRE with the days left). */
export const PASSWORD_WARN_DAYS = 14;
/** Account applications accepted per client address per hour (`/login/registerAccount`). */
export const ACCOUNT_APPLICATIONS_PER_HOUR = 5;
/** Longest password accepted (argon2 input bound). */
export const PASSWORD_MAX_LENGTH = 128;
/** Largest value amount inputs accept. */
export const MAX_VALUE = 1e26;
/** Placeholder for an empty value. */
export const EMPTY_PLACEHOLDER = '--';
/** Account numbers longer than this are masked (first 10, ***, last 9). */
export const ACCOUNT_MASK_THRESHOLD = 22;
export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3_600;
/** Mobile lists load the next page this close to the bottom, in px. */
export const INFINITE_SCROLL_THRESHOLD_PX = 0.3;
/** Interface languages; the first is the default. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Failed sign-ins (per account and address) before the lock. */
export const LOGIN_MAX_FAILURES = 10;
/** How long a lock lasts, in minutes. */
export const LOGIN_LOCK_MINUTES = 30;

/** Decimal places of an amount typed by the user (money is integer cents). */
export const AMOUNT_MAX_DECIMALS = 2;
/** Largest amount in cents any amount field accepts: cents stay exact integers in JS numbers and JSON. */
export const MAX_AMOUNT_CENTS = Number.MAX_SAFE_INTEGER;
/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest local part (before the @) of an e-mail address. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** Digits of a Brazilian CPF (people) and CNPJ (companies) document. */
export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
/** A payout phone without country code has exactly this many digits (Brazilian DDD + mobile number). */
export const PAYOUT_PHONE_NATIONAL_LENGTH = 11;
/** Digits of an international (E.164) phone number after the `+`. */
export const E164_MIN_DIGITS = 8;
export const E164_MAX_DIGITS = 15;
/** The batch tool takes only this file type, sent as this multipart field. */
export const BATCH_UPLOAD_EXTENSION = '.xlsx';
export const BATCH_UPLOAD_FIELD = 'file';

// ---------------------------------------------------------------------------------------------
// Uploads (multipart calls) and the batch tool (docs/decisions/0021)
// ---------------------------------------------------------------------------------------------

/** Most files any multipart call may declare per request (an uploader defaults to UPLOADER_DEFAULT_MAX_FILES). */
export const MULTIPART_MAX_FILES = 10;
/** Most text fields of one multipart request, and the largest value of one, in bytes. */
export const MULTIPART_MAX_FIELDS = 50;
export const MULTIPART_FIELD_MAX_BYTES = 65_536;
/** Most data rows (below the header row) of one batch file. */
export const BATCH_MAX_ROWS = 5_000;
/** Largest total unpacked size of a batch file's zip entries, in bytes (50 MiB). */
export const BATCH_MAX_UNPACKED_BYTES = 52_428_800;
/** Most entries in a batch file's zip (an xlsx has about ten). */
export const BATCH_MAX_ZIP_ENTRIES = 1_000;
/**
 * Largest unpacked/packed ratio of one zip entry once it unpacks to more than
 * BATCH_RATIO_GRACE_BYTES (Apache POI's ZipSecureFile uses the same 100× after 100 KiB).
 */
export const BATCH_MAX_COMPRESSION_RATIO = 100;
export const BATCH_RATIO_GRACE_BYTES = 102_400;

// ---------------------------------------------------------------------------------------------
// Identity and access: users, roles, passwords, MFA, IP trust list, activity log
// ---------------------------------------------------------------------------------------------

/** Usernames are 3 to 64 characters (sign-in identity; stored lower-case). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
/** Longest display name of a user. */
export const DISPLAY_NAME_MAX_LENGTH = 64;
/** Longest role name and role description. */
export const ROLE_NAME_MAX_LENGTH = 64;
export const ROLE_DESCRIPTION_MAX_LENGTH = 256;
/** Most roles one user holds. */
export const USER_MAX_ROLES = 20;
/** Longest free-text search field of a list filter. */
export const SEARCH_TEXT_MAX_LENGTH = 128;
/** Longest merchant code typed in the forgot-password form. */
export const MERCHANT_CODE_MAX_LENGTH = 64;
/** A forgot-password link works once, for this many minutes. */
export const PASSWORD_RESET_LINK_TTL_MINUTES = 30;
/** A reset link an admin issues (new user, admin reset) works once, for this many hours: a person hands it over. */
export const ADMIN_RESET_LINK_TTL_HOURS = 24;
/** A new password may not be one of the user's last this many passwords. */
export const PASSWORD_HISTORY_DEPTH = 4;

/** TOTP (RFC 6238) time step, in seconds. */
export const MFA_TOTP_STEP_SECONDS = 30;
/** Steps of clock drift accepted either way around the current one. */
export const MFA_TOTP_WINDOW_STEPS = 1;
/** Bytes of a TOTP secret (160 bits, RFC 4226 §4), drawn from a CSPRNG. */
export const MFA_SECRET_BYTES = 20;
/** Issuer shown by authenticator apps. */
export const MFA_ISSUER = 'Andes';
/** A started MFA binding (secret shown, not yet activated) expires after this many minutes. */
export const MFA_BINDING_TTL_MINUTES = 10;
/** Recovery codes issued at once; each works one time. */
export const MFA_RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (Crockford base32, shown as two groups of five: 50 bits). */
export const MFA_RECOVERY_CODE_LENGTH = 10;

/** Entries (addresses and blocks) one IP trust list holds; also the most one edit adds. */
export const IP_TRUSTLIST_MAX_ENTRIES = 100;
/** Longest single entry (the longest IPv6 block, `ffff:…:255.255.255.255/128`, is 49 characters). */
export const IP_ENTRY_MAX_LENGTH = 64;
/** Longest trust-list input of one request, in characters. */
export const IP_TRUSTLIST_INPUT_MAX_LENGTH = 8_192;
/** Widest block accepted: an IPv4 /8 and an IPv6 /32 (a wider block trusts a large part of the Internet). */
export const IP_TRUSTLIST_MIN_PREFIX_IPV4 = 8;
export const IP_TRUSTLIST_MIN_PREFIX_IPV6 = 32;
/** Longest remark of a trust-list entry. */
export const IP_TRUSTLIST_REMARK_MAX_LENGTH = 128;
/** Most users the "selected users" IP restriction names. */
export const IP_RESTRICTION_MAX_USERS = 500;

/** Most keys of an activity entry's details, longest value, and longest user agent kept. */
export const ACTIVITY_DETAILS_MAX_KEYS = 16;
export const ACTIVITY_DETAIL_VALUE_MAX_LENGTH = 256;
export const ACTIVITY_USER_AGENT_MAX_LENGTH = 512;
/** An activity export covers at most this many days and this many rows. */
export const ACTIVITY_EXPORT_MAX_DAYS = 93;
export const ACTIVITY_EXPORT_MAX_ROWS = 100_000;

// ---------------------------------------------------------------------------------------------
// Payouts (docs/decisions/0025)
// ---------------------------------------------------------------------------------------------

/** Digits of a payout verification code, its life, the pause before another may be sent, and the wrong entries it takes. */
export const PAYOUT_VERIFY_CODE_LENGTH = 6;
export const PAYOUT_VERIFY_CODE_TTL_MINUTES = 10;
export const PAYOUT_VERIFY_CODE_RESEND_SECONDS = 60;
export const PAYOUT_VERIFY_CODE_MAX_ATTEMPTS = 5;
/** A payout not approved or refused within this many days is cancelled and its money released (Stripe 7, Adyen 30). */
export const PAYOUT_APPROVAL_EXPIRY_DAYS = 7;
/** Same beneficiary and amount paid or pending within this many days: flagged as a duplicate. */
export const PAYOUT_DUPLICATE_WINDOW_DAYS = 7;
/** Rows of one payout file (Fintoc's batch cap; pawaPay 1,000): BATCH_MAX_ROWS. */
export const PAYOUT_BATCH_MAX_ROWS = BATCH_MAX_ROWS;
export const PAYOUT_REFUSE_REASON_MAX_LENGTH = 256;
