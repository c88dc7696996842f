import { randomBytes } from 'node:crypto';
import { type Access, type Endpoint, endpointUrl, SIGNED_IN } from '@andes/contract/common/define-endpoint';
import { ResultCode, TOKEN_HEADER, ValidationErrorData } from '@andes/contract/common/envelope';
import { acceptsResetLinkToken } from '@andes/contract/password/reset-link';
import { PASSWORD_MESSAGES } from '@andes/contract/password/schemas';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import { ALL_ENDPOINTS } from '@andes/contract/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartBody } from '../multipart.ts';
import { type Call, COVERAGE_TABLE, type Entry, type ObjectRef, type SubMerchantRule } from './coverage-table.ts';
import { type Actor, everyCodeBut, MISSING_ID, unrelatedPermission, World } from './world.ts';

/**
 * Authorization proven for every endpoint (issue 3, item 7). The cases are generated from the
 * contract's ALL_ENDPOINTS and the coverage table, one named test each:
 *   1 anonymous → 401
 *   2 a session past its idle timeout, and one past its absolute lifetime → 200030
 *   3 a user disabled after signing in → 200030, and the session ends
 *   4 a role without the permission (only `home`, or for Home's calls another page; and every code that implies
 *     none of the endpoint's, e.g. a button's menu with its sibling buttons) → 200003; SIGNED_IN calls: allowed
 *   5 CONDOR's admin naming an object of ANDES-DEMO that exists → the answer of a missing id
 *   6 a holder of the permission (ANDES-DEMO's super admin, and a role granting exactly it) → 200
 *   7 where the entry says so, a user of the sub-merchant ANDES-DEMO-BR holding the permission → 200003
 *     (the merchant's own calls), or 200 within the sub-merchant, the merchant's own objects answered as missing ones
 * Public calls answer without a token; the reset-link calls take only a reset link's token.
 * Every test name starts with its case number; the coverage test's name states the count.
 */

let w: World;
beforeAll(async () => {
  w = await World.create();
});
afterAll(async () => w?.close());

/** The codes of a refusal by authorization. */
const AUTHORIZATION_REFUSALS: readonly number[] = [
  ResultCode.UNAUTHORIZED,
  ResultCode.SESSION_EXPIRED,
  ResultCode.FORBIDDEN,
  ResultCode.NOT_FOUND,
];

// ---------------------------------------------------------------------------------------------
// Calls and answers
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  contentType: string;
  disposition: string | null;
  /** Envelope fields of a JSON answer; null for a file. */
  code: number | null;
  msg: string | null;
  data: unknown;
  /** The raw body of a file answer (empty for JSON). */
  file: string;
}

async function send(endpoint: Endpoint, call: Call, token: string | null): Promise<Answer> {
  const form = call.form ? multipartBody(call.form) : null;
  const res = await w.t.app.inject({
    method: 'POST',
    url: endpointUrl(endpoint, call.params),
    payload: form ? form.payload : call.body,
    remoteAddress: '127.0.0.1',
    headers: { ...(token === null ? {} : { [TOKEN_HEADER]: token }), ...(form ? { 'content-type': form.contentType } : {}) },
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const disposition = res.headers['content-disposition'];
  const json = contentType.startsWith('application/json') ? (res.json() as { code: number; msg: string; data: unknown }) : null;
  return {
    status: res.statusCode,
    contentType,
    disposition: typeof disposition === 'string' ? disposition : null,
    code: json?.code ?? null,
    msg: json?.msg ?? null,
    data: json?.data ?? null,
    file: json === null ? res.body : '',
  };
}

/** What a caller learns from an answer: everything but the request id. */
const seen = (a: Answer) => ({
  status: a.status,
  contentType: a.contentType,
  disposition: a.disposition,
  code: a.code,
  msg: a.msg,
  data: a.data,
  file: a.file,
});

function expectRefused(a: Answer, code: number): void {
  expect({ code: a.code, msg: a.msg }).toMatchObject({ code });
}

/** Not refused by authorization, and a success: code 200, or a file (non-JSON, status 200) for binary calls. */
function expectAllowed(endpoint: Endpoint, entry: Entry, a: Answer): void {
  expect(AUTHORIZATION_REFUSALS).not.toContain(a.code);
  if (endpoint.kind === 'binary' || endpoint.answersFile) {
    expect(a.status).toBe(200);
    expect(a.contentType).not.toMatch(/^application\/json/);
    expect(a.file.length).toBeGreaterThan(0);
    return;
  }
  expect({ code: a.code, msg: a.msg }).toMatchObject({ code: ResultCode.OK });
  if (entry.succeeded) expect(a.data).toSatisfy(entry.succeeded);
}

// ---------------------------------------------------------------------------------------------
// Case generation
// ---------------------------------------------------------------------------------------------

interface Case {
  name: string;
  run: () => Promise<void>;
}

type Kind = 'public' | 'reset-link' | 'signed-in' | 'permission';

function kindOf(endpoint: Endpoint): Kind {
  if (endpoint.public) return 'public';
  if (acceptsResetLinkToken(endpoint.path)) return 'reset-link';
  return endpoint.permissions.includes(SIGNED_IN) ? 'signed-in' : 'permission';
}

const happyCall = (entry: Entry, actor: Actor, grant: Access): Promise<Call> =>
  entry.happy ? entry.happy(w, actor, grant) : Promise.resolve(entry.sample(w));

function publicCases(endpoint: Endpoint, entry: Entry): Case[] {
  return [
    {
      name: 'public · without a token → 200',
      run: async () => expectAllowed(endpoint, entry, await send(endpoint, entry.sample(w), null)),
    },
    {
      name: 'public · with an expired session token → 200 (no session is read)',
      run: async () => expectAllowed(endpoint, entry, await send(endpoint, entry.sample(w), w.expired.idle)),
    },
  ];
}

/** The reset-link calls: the token header carries a reset link's token, never a session's. */
function resetLinkCases(endpoint: Endpoint, entry: Entry): Case[] {
  /** Refused as an unknown link is: NOT_FOUND with the contract's message, and the very answer of a random token. */
  const expectLinkRefused = async (a: Answer) => {
    const unknown = await send(endpoint, entry.sample(w), randomBytes(32).toString('base64url'));
    expect({ code: a.code, msg: a.msg }).toEqual({ code: ResultCode.NOT_FOUND, msg: PASSWORD_MESSAGES.linkInvalid });
    expect(seen(a)).toEqual(seen(unknown));
  };
  return [
    {
      name: '1 · anonymous → 401',
      run: async () => expectRefused(await send(endpoint, entry.sample(w), null), ResultCode.UNAUTHORIZED),
    },
    {
      name: '2 · an expired session token → 200004, as an unknown link',
      run: async () => expectLinkRefused(await send(endpoint, entry.sample(w), w.expired.absolute)),
    },
    {
      name: '2 · an expired reset link → 200004, as an unknown link',
      run: async () => {
        const token = await w.resetLinkToken(await w.newTargetUser());
        await w.expireResetLink(token);
        await expectLinkRefused(await send(endpoint, entry.sample(w), token));
      },
    },
    {
      name: '3 · the link of a user disabled after it was issued → 200004, as an unknown link',
      run: async () => {
        const user = await w.newTargetUser();
        const token = await w.resetLinkToken(user);
        await w.setUserState(user.id, 0);
        await expectLinkRefused(await send(endpoint, entry.sample(w), token));
      },
    },
    {
      name: '4 · a valid session of the ANDES-DEMO super admin → 200004, as an unknown link (only reset links are taken)',
      run: async () => expectLinkRefused(await send(endpoint, entry.sample(w), w.admin.token)),
    },
    {
      name: '6 · an open reset link → 200',
      run: async () => {
        const call = await happyCall(entry, w.admin, SIGNED_IN);
        if (call.token === undefined) throw new Error(`${endpoint.path}: the happy path of a reset-link call must give the link's token`);
        expectAllowed(endpoint, entry, await send(endpoint, call, call.token));
      },
    },
  ];
}

/** Cases 1–3: no session, an expired one, a disabled user's. */
function sessionCases(endpoint: Endpoint, entry: Entry): Case[] {
  return [
    {
      name: '1 · anonymous → 401',
      run: async () => expectRefused(await send(endpoint, entry.sample(w), null), ResultCode.UNAUTHORIZED),
    },
    {
      name: '2 · a session idle past the timeout → 200030',
      run: async () => expectRefused(await send(endpoint, entry.sample(w), w.expired.idle), ResultCode.SESSION_EXPIRED),
    },
    {
      name: '2 · a session past its absolute lifetime → 200030',
      run: async () => expectRefused(await send(endpoint, entry.sample(w), w.expired.absolute), ResultCode.SESSION_EXPIRED),
    },
    {
      name: '3 · a super admin disabled after signing in → 200030, and the session ends',
      run: async () => {
        const session = await w.disabledSession();
        expectRefused(await send(endpoint, entry.sample(w), session.token), ResultCode.SESSION_EXPIRED);
        expect(await w.sessionEnded(session.sessionId)).toBe(true);
      },
    },
  ];
}

function objectCase(endpoint: Endpoint, ref: ObjectRef): Case {
  if (ref.answer === 'filter') {
    return {
      name: ref.inert
        ? `5 · CONDOR admin filtering by an existing ANDES-DEMO ${ref.field} → the answer of a missing one (a filter that picks nothing out here)`
        : `5 · CONDOR admin filtering by an existing ANDES-DEMO ${ref.field} → the answer of a missing one`,
      run: async () => {
        const existing = ref.existing(w);
        // A call answering a one-time download URL is judged by the file the URL gives.
        const answer = async (call: Call, token: string): Promise<Answer> => {
          const a = await send(endpoint, call, token);
          if (ref.judgedBy) return { ...a, data: ref.judgedBy(a.data) };
          if (!ref.followUrl) return a;
          expect(a.code).toBe(ResultCode.OK);
          const res = await w.t.app.inject({ method: 'GET', url: String(Reflect.get(a.data as object, 'url')) });
          const disposition = res.headers['content-disposition'];
          return { ...a, data: null, file: res.body, disposition: typeof disposition === 'string' ? disposition : null };
        };
        // The id does pick something out in ANDES-DEMO (an inert filter: nothing, for anyone)…
        const mine = await answer(ref.call(w, existing), w.admin.token);
        const mineMissing = await answer(ref.call(w, ref.missing ?? MISSING_ID), w.admin.token);
        expect(mine.status).toBe(200);
        expect(AUTHORIZATION_REFUSALS).not.toContain(mine.code);
        if (ref.inert) expect(seen(mine)).toEqual(seen(mineMissing));
        else expect(seen(mine)).not.toEqual(seen(mineMissing));
        // …but CONDOR's admin gets what a missing id gets.
        const foreign = await answer(ref.call(w, existing), w.condor.token);
        const missing = await answer(ref.call(w, ref.missing ?? MISSING_ID), w.condor.token);
        expect(foreign.status).toBe(200);
        expect(AUTHORIZATION_REFUSALS).not.toContain(foreign.code);
        expect(seen(foreign)).toEqual(seen(missing));
      },
    };
  }
  const code = ref.answer.refused;
  return {
    name: ref.namesTheId
      ? `5 · CONDOR admin naming an existing ANDES-DEMO ${ref.field} → ${code}, exactly as a missing one but for the id named`
      : `5 · CONDOR admin naming an existing ANDES-DEMO ${ref.field} → ${code}, exactly as a missing one`,
    run: async () => {
      const existing = ref.existing(w);
      const missingId = ref.missing ?? MISSING_ID;
      const foreign = await send(endpoint, ref.call(w, existing), w.condor.token);
      const missing = await send(endpoint, ref.call(w, missingId), w.condor.token);
      expectRefused(foreign, code);
      expectRefused(missing, code);
      if (ref.namesTheId) {
        // The message names the id sent, and nothing else tells the two apart.
        expect(foreign.msg).toContain(String(existing));
        const masked = (a: Answer, id: number | string) => ({ ...seen(a), msg: a.msg?.replaceAll(String(id), '{id}') ?? null });
        expect(masked(foreign, existing)).toEqual(masked(missing, missingId));
      } else {
        expect(seen(foreign)).toEqual(seen(missing));
      }
      // A validation refusal must be about the id itself, not about something else in the request.
      if (code === ResultCode.VALIDATION_FAILED) {
        expect(ValidationErrorData.parse(foreign.data).issues.map((i) => i.path)).toEqual([ref.field]);
      }
    },
  };
}

/** Case 7: a user of ANDES-DEMO-BR holding exactly `grant` (the merchant's own objects answered as missing ones). */
function subMerchantCases(endpoint: Endpoint, entry: Entry, rule: SubMerchantRule, grants: readonly PermissionCode[]): Case[] {
  const subUser = (grant: PermissionCode) => w.subMerchantExactly([grant]);
  if ('refused' in rule) {
    return grants.map(
      (grant): Case => ({
        name: `7 · a sub-merchant user holding ${grant} → 200003 (the merchant's own call)`,
        run: async () => {
          const caller = await subUser(grant);
          expectRefused(await send(endpoint, await rule.refused(w), caller.token), ResultCode.FORBIDDEN);
        },
      }),
    );
  }
  const cases = grants.map(
    (grant): Case => ({
      name: `7 · a sub-merchant user holding ${grant} → 200 (within the sub-merchant)`,
      run: async () => {
        const caller = await subUser(grant);
        expectAllowed(endpoint, entry, await send(endpoint, await rule.allowed(w), caller.token));
      },
    }),
  );
  const ref = rule.merchantOnly;
  const [first] = grants;
  if (!ref || first === undefined) return cases;
  if (ref.answer === 'filter') throw new Error(`${endpoint.path}: a sub-merchant user's merchantOnly object is named, not filtered by`);
  const code = ref.answer.refused;
  return [
    ...cases,
    {
      name: `7 · a sub-merchant user naming the merchant's own ${ref.field} → ${code}, exactly as a missing one`,
      run: async () => {
        const existing = ref.existing(w);
        // The merchant's users do get it…
        expectAllowed(endpoint, entry, await send(endpoint, ref.call(w, existing), w.admin.token));
        // …the sub-merchant's user gets what a missing id gets.
        const caller = await subUser(first);
        const foreign = await send(endpoint, ref.call(w, existing), caller.token);
        const missing = await send(endpoint, ref.call(w, ref.missing ?? MISSING_ID), caller.token);
        expectRefused(foreign, code);
        expectRefused(missing, code);
        expect(seen(foreign)).toEqual(seen(missing));
      },
    },
  ];
}

function signedInCases(endpoint: Endpoint, entry: Entry): Case[] {
  const actor = (shared: Actor, fresh: () => Promise<Actor>) => (entry.freshActor ? fresh() : Promise.resolve(shared));
  return [
    ...sessionCases(endpoint, entry),
    {
      name: '4 · a role holding only home → 200 (SIGNED_IN: any session may call)',
      run: async () => {
        const caller = await actor(w.homeOnly, () => w.newHomeOnly());
        expectAllowed(endpoint, entry, await send(endpoint, await happyCall(entry, caller, SIGNED_IN), caller.token));
      },
    },
    ...(entry.objects ?? []).map((ref) => objectCase(endpoint, ref)),
    {
      name: '6 · the ANDES-DEMO super admin → 200',
      run: async () => {
        const caller = await actor(w.admin, () => w.newSuperAdmin());
        expectAllowed(endpoint, entry, await send(endpoint, await happyCall(entry, caller, SIGNED_IN), caller.token));
      },
    },
  ];
}

function permissionCases(endpoint: Endpoint, entry: Entry): Case[] {
  const grants = endpoint.permissions as readonly PermissionCode[];
  const [first] = grants;
  if (first === undefined) throw new Error(`${endpoint.path} names no permission`);
  const holder = (codes: readonly PermissionCode[]) => (entry.freshActor ? w.newExactly(codes) : w.exactly(codes));
  return [
    ...sessionCases(endpoint, entry),
    {
      name: `4 · a role holding only ${unrelatedPermission(grants)} → 200003`,
      run: async () => expectRefused(await send(endpoint, entry.sample(w), (await w.unrelatedTo(grants)).token), ResultCode.FORBIDDEN),
    },
    {
      name: `4 · a role holding every code that implies none of ${grants.join(', ')} → 200003`,
      run: async () => {
        expectRefused(await send(endpoint, entry.sample(w), (await w.exactly(everyCodeBut(grants))).token), ResultCode.FORBIDDEN);
      },
    },
    // Several codes admit the route; the request then needs one of them: holding another is not enough
    // (unless any one of them admits every request of the endpoint).
    ...(grants.length > 1 && !entry.anyGrantAdmitsEveryRequest
      ? grants.map(
          (needed): Case => ({
            name: `4 · a role holding only ${grants.filter((g) => g !== needed).join(', ')}, on a request needing ${needed} → 200003`,
            run: async () => {
              const caller = await holder(grants.filter((g) => g !== needed));
              expectRefused(await send(endpoint, await happyCall(entry, caller, needed), caller.token), ResultCode.FORBIDDEN);
            },
          }),
        )
      : []),
    ...(entry.objects ?? []).map((ref) => objectCase(endpoint, ref)),
    {
      name: '6 · the ANDES-DEMO super admin → 200',
      run: async () => {
        const caller = entry.freshActor ? await w.newSuperAdmin() : w.admin;
        expectAllowed(endpoint, entry, await send(endpoint, await happyCall(entry, caller, first), caller.token));
      },
    },
    ...grants.map(
      (grant): Case => ({
        name: `6 · a role holding exactly ${grant} → 200`,
        run: async () => {
          const caller = await holder([grant]);
          expectAllowed(endpoint, entry, await send(endpoint, await happyCall(entry, caller, grant), caller.token));
        },
      }),
    ),
    ...(entry.subMerchantUser ? subMerchantCases(endpoint, entry, entry.subMerchantUser, grants) : []),
  ];
}

function casesOf(endpoint: Endpoint, entry: Entry): Case[] {
  switch (kindOf(endpoint)) {
    case 'public':
      return publicCases(endpoint, entry);
    case 'reset-link':
      return resetLinkCases(endpoint, entry);
    case 'signed-in':
      return signedInCases(endpoint, entry);
    case 'permission':
      return permissionCases(endpoint, entry);
  }
}

function accessLabel(endpoint: Endpoint): string {
  switch (kindOf(endpoint)) {
    case 'public':
      return 'public';
    case 'reset-link':
      return 'reset-link token';
    case 'signed-in':
      return 'SIGNED_IN';
    case 'permission':
      return endpoint.permissions.join(' or ');
  }
}

const plans = ALL_ENDPOINTS.flatMap((endpoint) => {
  const entry = COVERAGE_TABLE[endpoint.path];
  return entry ? [{ title: `POST ${endpoint.path} (${accessLabel(endpoint)})`, cases: casesOf(endpoint, entry) }] : [];
});
const CASE_COUNT = plans.reduce((n, p) => n + p.cases.length, 0);

// ---------------------------------------------------------------------------------------------
// Coverage of the table
// ---------------------------------------------------------------------------------------------

/** The fields of a request schema (an object, or an object piped into a transform). */
function fieldsOf(schema: z.core.$ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in);
  if (schema instanceof z.ZodIntersection) return [...fieldsOf(schema.def.left), ...fieldsOf(schema.def.right)];
  throw new Error(`cannot list the fields of a ${schema.constructor.name}`);
}

/**
 * Fields named like ids that name no object: a caller's own idempotency key (`requestId`, looked up
 * within the caller's merchant only, so another merchant's key is just a new key).
 */
const NOT_OBJECT_IDS: ReadonlySet<string> = new Set(['requestId']);

/** Path parameters and body fields that hold ids: `id`, `…Id`, `…Ids`. */
function idFieldsOf(endpoint: Endpoint): string[] {
  const fields = [...(endpoint.params ? fieldsOf(endpoint.params) : []), ...fieldsOf(endpoint.request)];
  return fields.filter((f) => /^(id|.+Ids?)$/.test(f) && !NOT_OBJECT_IDS.has(f));
}

describe('coverage table', () => {
  it(`has an entry for each of the ${ALL_ENDPOINTS.length} endpoints of ALL_ENDPOINTS (${CASE_COUNT} generated cases)`, () => {
    const missing = ALL_ENDPOINTS.map((e) => e.path).filter((path) => COVERAGE_TABLE[path] === undefined);
    expect(missing).toEqual([]);
  });

  it('names no endpoint that ALL_ENDPOINTS lacks', () => {
    const registered = new Set(ALL_ENDPOINTS.map((e) => e.path));
    expect(Object.keys(COVERAGE_TABLE).filter((path) => !registered.has(path))).toEqual([]);
  });

  it('names, for each endpoint that needs a session, every id its request carries (path parameters and fields id, …Id, …Ids)', () => {
    const sessionCalls = ALL_ENDPOINTS.filter((e) => kindOf(e) === 'signed-in' || kindOf(e) === 'permission');
    const uncovered = sessionCalls.flatMap((endpoint) => {
      const named = new Set((COVERAGE_TABLE[endpoint.path]?.objects ?? []).map((o) => o.field));
      return idFieldsOf(endpoint)
        .filter((field) => !named.has(field))
        .map((field) => `${endpoint.path} ${field}`);
    });
    expect(uncovered).toEqual([]);
  });
});

// Tuples with %s keep the names whole (object interpolation would cut them at 40 characters).
describe.each(plans.map((p) => [p.title, p.cases] as const))('%s', (_title, cases) => {
  it.each(cases.map((c) => [c.name, c.run] as const))('%s', async (_name, run) => run());
});
