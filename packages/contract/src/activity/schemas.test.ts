import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATEGORIES, ACTIVITY_EVENTS, ACTIVITY_EVENTS_BY_CATEGORY, ACTIVITY_OUTCOMES, activityCategoryOf } from './enums.ts';
import {
  ACTIVITY_EXPORT_RANGE_REQUIRED_MESSAGE,
  ACTIVITY_EXPORT_SPAN_MESSAGE,
  ACTIVITY_IP_MESSAGE,
  ACTIVITY_MESSAGES,
  ActivityDetailsSchema,
  ActivityEntry,
  ActivityExportRequest,
  ActivityPageRequest,
  DETAILS_TOO_MANY_MESSAGE,
  isSecretDetailKey,
} from './schemas.ts';

function issues(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('events', () => {
  it('lists each event once, in one category', () => {
    expect(new Set(ACTIVITY_EVENTS).size).toBe(ACTIVITY_EVENTS.length);
    for (const c of ACTIVITY_CATEGORIES) for (const e of ACTIVITY_EVENTS_BY_CATEGORY[c]) expect(activityCategoryOf(e)).toBe(c);
  });

  it('covers the security events the issue names', () => {
    for (const e of [
      'SIGN_IN_SUCCEEDED',
      'SIGN_IN_FAILED',
      'ACCOUNT_LOCKED',
      'SIGNED_OUT',
      'MFA_BOUND',
      'MFA_DISABLED',
      'MFA_VALIDATED',
      'MFA_FAILED',
      'MFA_RECOVERY_CODE_USED',
      'PASSWORD_CHANGED',
      'PASSWORD_RESET',
      'PASSWORD_RESET_LINK_ISSUED',
      'PASSWORD_FORGOT_REQUESTED',
      'USER_CREATED',
      'USER_MODIFIED',
      'USER_STATE_CHANGED',
      'USER_REMOVED',
      'ROLE_CREATED',
      'ROLE_MODIFIED',
      'ROLE_STATE_CHANGED',
      'ROLE_REMOVED',
      'IP_TRUSTLIST_ENTRY_ADDED',
      'IP_RESTRICTION_CHANGED',
      'PAYOUT_APPROVED',
      'REPORT_EXPORTED',
    ]) {
      expect(ACTIVITY_EVENTS).toContain(e);
    }
    expect(ACTIVITY_OUTCOMES).toEqual(['SUCCESS', 'FAILURE', 'DENIED']);
  });
});

describe('details never hold a secret', () => {
  it.each([
    'password',
    'newPassword',
    'PASSWORD',
    'password_hash',
    'token',
    'refreshToken',
    'resetToken',
    'authCode',
    'mfa_code',
    'verificationCode',
    'recoveryCode',
    'otp',
    'secret',
    'totpSecret',
    'sessionId',
    'cookie',
    'API_KEY',
    'apikey',
    'privateKey',
    'resetLink',
    'pin',
    'authorization',
  ])('refuses the key %j', (key) => {
    expect(isSecretDetailKey(key)).toBe(true);
    expect(issues(ActivityDetailsSchema.safeParse({ [key]: 'x' }))).toEqual([
      { path: key, message: `Activity details never hold secrets: "${key}" is not allowed` },
    ]);
  });

  it.each(['field', 'from', 'to', 'roleName', 'merchantCode', 'country', 'countries', 'value', 'code', 'path', 'tokenization', 'reason'])(
    'accepts the key %j',
    (key) => {
      expect(isSecretDetailKey(key)).toBe(false);
      expect(ActivityDetailsSchema.safeParse({ [key]: 'x' }).success).toBe(true);
    },
  );

  it('keeps details small', () => {
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']));
    expect(issues(ActivityDetailsSchema.safeParse(many))).toEqual([{ path: '', message: DETAILS_TOO_MANY_MESSAGE }]);
    expect(issues(ActivityDetailsSchema.safeParse({ note: 'x'.repeat(257) }))).toEqual([
      { path: 'note', message: 'A detail holds at most 256 characters' },
    ]);
    expect(ActivityDetailsSchema.safeParse({ '1st': 'x' }).success).toBe(false);
    expect(ActivityDetailsSchema.safeParse({ count: 3 }).success).toBe(false);
  });
});

describe('entries', () => {
  it('describes who, when, from where, what, on which object and the outcome', () => {
    const entry = {
      id: '9007199254740993',
      time: '2026-03-01T12:00:00.000Z',
      actorUserId: 7,
      actorUsername: 'ana',
      event: 'USER_STATE_CHANGED',
      outcome: 'SUCCESS',
      objectType: 'USER',
      objectId: '12',
      objectLabel: 'bruno',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      details: { from: '1', to: '0' },
    };
    expect(ActivityEntry.parse(entry)).toEqual(entry);
    expect(
      ActivityEntry.parse({ ...entry, actorUserId: null, actorUsername: null, objectType: null, objectId: null, objectLabel: null }),
    ).toBeTruthy();
    expect(ActivityEntry.safeParse({ ...entry, event: 'SOMETHING' }).success).toBe(false);
    expect(ActivityEntry.safeParse({ ...entry, details: { token: 'abc' } }).success).toBe(false);
  });
});

describe('filters', () => {
  const zone = 'America/Sao_Paulo';

  it('filters by dates in the merchant’s zone, actor, events, outcome, object and address', () => {
    expect(
      ActivityPageRequest.parse({
        timeZone: zone,
        range: { from: '2026-03-01', to: '2026-03-31' },
        actor: ' ana ',
        events: ['SIGN_IN_FAILED', 'ACCOUNT_LOCKED'],
        outcome: 'FAILURE',
        ip: ' 2001:DB8::1 ',
      }),
    ).toEqual({
      pageSize: 20,
      timeZone: zone,
      range: { from: '2026-03-01', to: '2026-03-31' },
      actor: 'ana',
      events: ['SIGN_IN_FAILED', 'ACCOUNT_LOCKED'],
      outcome: 'FAILURE',
      ip: '2001:DB8::1',
    });
    expect(ActivityPageRequest.parse({ timeZone: zone }).events).toEqual([]);
  });

  it('says what is wrong with a filter', () => {
    expect(issues(ActivityPageRequest.safeParse({ timeZone: zone, ip: '10.0.0.0/8' }))).toEqual([
      { path: 'ip', message: ACTIVITY_IP_MESSAGE },
    ]);
    expect(issues(ActivityPageRequest.safeParse({ timeZone: zone, range: { from: '2026-03-02', to: '2026-03-01' } }))).toEqual([
      { path: 'range.to', message: 'The end date must not be before the start date' },
    ]);
    expect(issues(ActivityPageRequest.safeParse({ timeZone: 'Mars/Base' }))).toEqual([{ path: 'timeZone', message: 'Unknown time zone' }]);
    expect(issues(ActivityPageRequest.safeParse({ timeZone: zone, events: ['MFA_BOUND', 'MFA_BOUND'] }))).toEqual([
      { path: 'events', message: 'Each event can be chosen once' },
    ]);
  });

  it('exports at most 93 days, and needs the dates', () => {
    expect(ActivityExportRequest.safeParse({ timeZone: zone, range: { from: '2026-01-01', to: '2026-04-03' } }).success).toBe(true);
    expect(issues(ActivityExportRequest.safeParse({ timeZone: zone, range: { from: '2026-01-01', to: '2026-04-04' } }))).toEqual([
      { path: 'range', message: ACTIVITY_EXPORT_SPAN_MESSAGE },
    ]);
    expect(issues(ActivityExportRequest.safeParse({ timeZone: zone }))).toEqual([
      { path: 'range', message: ACTIVITY_EXPORT_RANGE_REQUIRED_MESSAGE },
    ]);
    expect(ACTIVITY_EXPORT_SPAN_MESSAGE).toBe('An export covers at most 93 days');
    expect(ACTIVITY_MESSAGES.exportTooLarge).toBe('More than 100,000 entries match: narrow the dates or filters');
  });
});
