import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, INTERNAL_ENDPOINTS } from './registry.ts';

/**
 * `calls.txt` (a copy of the specification's list of calls, spec §7) is the interface: every call
 * it lists is served at exactly that path, without aliases. Calls Andes adds beyond the spec have
 * paths of their own and are listed in ANDES_OWN_CALLS, so a typo of a listed path cannot pass for
 * an extra call.
 */
const CALLS_FILE = new URL('../calls.txt', import.meta.url);

/** `{id}` and `:id` are both one path parameter; the name does not matter for the comparison. */
const shape = (path: string) => path.replace(/\{[A-Za-z]+\}|:[A-Za-z]+/g, '{}');

const listed = readFileSync(CALLS_FILE, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** The calls Andes serves that calls.txt does not list (its header says which the spec leaves unnamed). */
const ANDES_OWN_CALLS: readonly string[] = [
  // Sign-out and the permission load (spec §6 names no path).
  '/dashboard/auth/logout',
  '/dashboard/user/current-user/permission',
  // The activity log and the IP restriction switch (screens of the spec without paths).
  '/dashboard/activity/page',
  '/dashboard/activity/export',
  '/dashboard/setting/ip-trustlist/restriction/query',
  '/dashboard/setting/ip-trustlist/restriction/update',
  // MFA management beyond the three listed calls.
  '/dashboard/system/mfa/status',
  '/dashboard/system/mfa/close',
  '/dashboard/system/mfa/recovery-codes/regenerate',
  // An administrator resets another user's MFA; forgotten password and the account application.
  '/dashboard/user/mfa/reset',
  '/dashboard/auth/password/forgot',
  '/dashboard/auth/password/reset-link/verify',
  '/dashboard/auth/register/apply',
  // Transaction attachments and the list of proofs a transaction offers; the payment-link proofs.
  '/dashboard/transaction/attachment/download',
  '/dashboard/transaction/proof/list',
  '/dashboard/payment-link/proof/download',
  '/dashboard/payment-link/proof/gwm/download',
  // Transaction exports through the download center: the pre-flight figures and the task.
  '/dashboard/transaction/file/export/preflight',
  '/dashboard/transaction/file/export/task/create',
  // The dry run of a payout file as JSON (every row's errors inline before anything is created).
  '/dashboard/payment-payout/bath-create/file/check',
  // Statement downloads through the download center, and the finance page's reconciliation panel (decision 0026).
  '/dashboard/fiance/account-details/export/preflight',
  '/dashboard/fiance/account-details/export/task/create',
  '/dashboard/fiance/reconciliation',
  // Accounting (docs/decisions/0027): four eyes on withdrawals above the merchant's threshold.
  '/dashboard/approval/transfer-out/approve',
  '/dashboard/approval/transfer-out/refuse',
  '/dashboard/approval/transfer-out/config/update',
  // The proofs of a request, for the detail's file list with preview; a transfer's balances before it is made.
  '/dashboard/approval/sub-merchant/amount/calculate',
  '/dashboard/approval/file/download',
  // Risk (docs/decisions/0028): a rule's versions, recommendations, retro performance replays,
  // case management (the manual-review queue), and a defence appendix for the file list.
  '/dashboard/risk/rule/history',
  '/dashboard/risk/rules/recommendation/query',
  '/dashboard/risk/rule/replay',
  '/dashboard/risk/rule/replay/query',
  '/dashboard/risk/rule/replay/page',
  '/dashboard/risk/review/page',
  '/dashboard/risk/review/decide',
  '/dashboard/risk/chargeback-represent/appendix/download',
  // The message center (docs/decisions/0030): mark announcements read, mark everything read.
  '/dashboard/message/announcement/read',
  '/dashboard/message/message/read-all',
  // Revenue assurance (docs/decisions/0031): the spec names the charts, not their paths.
  '/dashboard/revenue-assurance/volume-success/curve-chart',
  '/dashboard/revenue-assurance/daily/approval-trend',
  '/dashboard/revenue-assurance/weekly/approval-trend',
  '/dashboard/revenue-assurance/monthly/approval-trend',
  '/dashboard/revenue-assurance/approval-funnel/statistics',
  '/dashboard/revenue-assurance/fail-reason/ranking',
  '/dashboard/revenue-assurance/tokenization/statistics',
  // The history of the balance alarms (docs/decisions/0033).
  '/dashboard/configuration/account/balance/alarm/history/page',
  // Payment links (docs/decisions/0035): the batch template and dry run, the generated links and
  // their cancellation, and the payer's public page.
  '/dashboard/account/payment/payment-link/batch/template',
  '/dashboard/account/payment/payment-link/batch/check',
  '/dashboard/account/payment/payment-link/page',
  '/dashboard/account/payment/payment-link/cancel',
  '/dashboard/public/payment-link/query',
  '/dashboard/public/payment-link/pay',
  '/dashboard/public/payment-link/appendix/download',
  // The payment platform's ingestion API (service token).
  '/internal/v1/events',
  '/internal/v1/payouts/claim',
  '/internal/v1/requests/claim',
  '/internal/v1/risk/decision',
  '/internal/v1/chargebacks/claim',
  '/internal/v1/cases/claim',
  '/internal/v1/messages/publish',
  '/internal/v1/payment-links/claim',
];

/** How many of calls.txt's calls are served at least (raise it with every module). */
const SERVED_AT_LEAST = 120;

describe('calls.txt: the exact paths of the specification', () => {
  const served = [...ALL_ENDPOINTS, ...INTERNAL_ENDPOINTS].map((e) => e.path);
  const servedShapes = new Set(served.map(shape));
  const listedShapes = new Set(listed.map(shape));

  it('lists each call once', () => {
    expect(listed.length).toBeGreaterThan(100);
    expect(listed.filter((path, i) => listed.indexOf(path) !== i)).toEqual([]);
  });

  it('every registered call is served once, at a listed path or as one of Andes’s own calls', () => {
    expect(served.filter((path, i) => served.map(shape).indexOf(shape(path)) !== i)).toEqual([]);
    const own = new Set(ANDES_OWN_CALLS.map(shape));
    const unexplained = served.filter((path) => !listedShapes.has(shape(path)) && !own.has(shape(path)));
    expect(unexplained, 'a served path that is neither in calls.txt nor one of ANDES_OWN_CALLS').toEqual([]);
    const stale = ANDES_OWN_CALLS.filter((path) => !servedShapes.has(shape(path)) || listedShapes.has(shape(path)));
    expect(stale, 'ANDES_OWN_CALLS names a path that is not served or that calls.txt lists').toEqual([]);
  });

  it('reports the listed calls not served yet', () => {
    const missing = listed.filter((path) => !servedShapes.has(shape(path)));
    const servedCount = listed.length - missing.length;
    // biome-ignore lint/suspicious/noConsole: this report (calls not served yet) is the test's output, read in CI logs.
    console.info(
      `calls.txt: ${servedCount} of ${listed.length} calls served; not served yet (${missing.length}):\n  ${missing.join('\n  ')}`,
    );
    // A ratchet: each module raises it when it serves more of the list; serving fewer is a regression.
    expect(servedCount).toBeGreaterThanOrEqual(SERVED_AT_LEAST);
  });
});
