import { ACTIVITY_EVENTS, type ActivityEvent, type ActivityObjectType, type ActivityOutcome } from '@andes/contract/activity/enums';

/**
 * Names of what the activity log records, taken from the contract (activity/enums.ts): the API
 * writes `ActivityEvents.SIGN_IN_SUCCEEDED`, the page and the export read the same names.
 */
export const ActivityEvents = Object.fromEntries(ACTIVITY_EVENTS.map((e) => [e, e])) as { readonly [E in ActivityEvent]: E };
export type ActivityEventName = ActivityEvent;

/** SUCCESS: done; FAILURE: tried and failed (wrong password or code); DENIED: refused by a rule (a lock, an untrusted address). */
export type ActivityOutcomeName = ActivityOutcome;

/** What an entry acted on (SESSION for sign-in and sign-out, USER for the account, MFA for its second factor…). */
export type ActivityObjectTypeName = ActivityObjectType;
