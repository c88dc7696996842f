import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import {
  caseClose,
  caseDetail,
  caseEdit,
  caseFileDownload,
  caseFileDownloadUrl,
  casePage,
  caseReopen,
  caseReplyPage,
  caseReplySave,
  caseSave,
  caseStatistics,
} from '@andes/contract/support/endpoints';
import { CASE_FILE_LINK_PATH_PREFIX, CASE_REOPEN_WINDOW_DAYS } from '@andes/contract/support/enums';
import {
  type CaseDetail,
  type CasePage,
  type CaseReplyPage,
  type CaseReplySaved,
  type CaseSaveResult,
  type CaseStatistics,
  CLABE_MESSAGE,
  E2E_ID_MESSAGE,
  SUPPORT_MESSAGES,
} from '@andes/contract/support/schemas';
import { EXPORT_LINK_PATH_PREFIX } from '@andes/contract/transaction/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { messages } from '../../src/db/schema/messages.ts';
import { platformEvents } from '../../src/db/schema/platform.ts';
import { supportCaseReplies, supportCases } from '../../src/db/schema/support.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import { users } from '../../src/db/schema/users.ts';
import { CASE_FILE_LINK_MESSAGES } from '../../src/modules/support/support.routes.ts';
import { PNG } from '../fixtures/accounting.ts';
import { payoutUser } from '../fixtures/payouts.ts';
import { DEMO, envelope, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendEvent } from '../ledger/support.ts';
import {
  applied,
  BAD_CLABE,
  CLABE,
  call,
  caseBody,
  claim,
  E2E_ID,
  key,
  openCase,
  payin,
  repliedEvent,
  statusEvent,
  supportApp,
  upload,
} from './fixtures.ts';

/**
 * Support cases (docs/decisions/0029) through the API: opening (idempotent by key or E2E id, linked
 * to the merchant's transaction, the duplicate guard), the thread, the provider's claim and events
 * (e-mail escaped, the creator's notice, duplicate event ids), close and reopen with their window,
 * editing on a version, lengths and identifiers, scope (sub-merchant, another merchant, countries)
 * and buttons.
 */

const DAY = 86_400_000;
const START = new Date('2026-03-02T16:00:00.000Z');

async function adminToken(t: TestApp): Promise<string> {
  return signIn(t.app, login.path, 'admin');
}

async function adminId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.admin.username));
  return row?.id ?? 0;
}

async function thread(t: TestApp, token: string, id: number, order?: 'OLDEST_FIRST' | 'NEWEST_FIRST') {
  const res = await call<CaseReplyPage>(t, caseReplyPage.path, token, { id, ...(order ? { order } : {}) });
  expect(res.code).toBe(ResultCode.OK);
  return res.data;
}

describe('a case opened, answered by the provider, closed and reopened', () => {
  let t: TestApp;
  let admin: string;
  const f = new EventFactory('sc1', START);

  beforeAll(async () => {
    t = await supportApp(START);
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.app.andes.mailer.idle();
    await t.close();
  });

  it('opens a case linked to the transaction, once per key, and answers the open case for the same transaction', async () => {
    const uniqueId = await payin(t, f);
    const fileId = await upload(t, admin);
    const body = caseBody({ transactionKey: uniqueId, notificationEmail: 'ops@merchant.test', fileIds: [fileId] });
    const opened = await call<CaseSaveResult>(t, caseSave.path, admin, body);
    expect(opened.code).toBe(ResultCode.OK);
    expect(opened.data.outcome).toBe('CREATED');
    expect(opened.data.message).toBeNull();
    const c = opened.data.case;
    expect(c).toMatchObject({
      status: 'PENDING',
      version: 1,
      transactionUniqueId: uniqueId,
      awaitingProvider: true,
      createdByName: 'Ana Admin',
    });
    expect(c.caseNo).toMatch(/^CS20260302[0-9A-Z]{6}$/);

    // The same request again (a double click, a retry): the same case.
    const again = await call<CaseSaveResult>(t, caseSave.path, admin, body);
    expect(again.data).toMatchObject({ outcome: 'SAME_REQUEST', case: { id: c.id } });
    // The key with another case: refused.
    const reused = await call(t, caseSave.path, admin, { ...body, title: 'Another problem' });
    expect(reused.code).toBe(ResultCode.CONFLICT);
    expect(reused.msg).toBe(SUPPORT_MESSAGES.requestReused);
    // The same transaction by its merchant reference, another key: the open case, no second one.
    const dup = await call<CaseSaveResult>(t, caseSave.path, admin, caseBody({ transactionKey: `order-${uniqueId}` }));
    expect(dup.data.outcome).toBe('OPEN_CASE_EXISTS');
    expect(dup.data.case.id).toBe(c.id);
    expect(dup.data.message).toBe(SUPPORT_MESSAGES.duplicateOpenCase(c.caseNo));
    expect(
      await t.db
        .select()
        .from(supportCases)
        .where(eq(supportCases.transactionId, c.transactionId ?? 0)),
    ).toHaveLength(1);

    const detail = await call<CaseDetail>(t, caseDetail.path, admin, { id: c.id });
    expect(detail.data).toMatchObject({
      description: body.description,
      notificationEmail: 'ops@merchant.test',
      secondsSinceMerchantReply: 0,
      secondsSinceProviderReply: null,
      reopenUntil: null,
      actions: ['EDIT', 'REPLY', 'CLOSE'],
      transaction: { uniqueId, status: 'CREATED', merchantReference: `order-${uniqueId}` },
    });
    expect(detail.data.appendices.map((a) => a.fileId)).toEqual([fileId]);
    expect(detail.data.transaction?.history.length).toBeGreaterThan(0);
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.event, 'CASE_CREATED'));
    expect(logged.map((l) => l.objectLabel)).toEqual([c.caseNo]);
  });

  it('lets the provider claim, take up and answer the case: e-mail escaped, the creator told, duplicates ignored', async () => {
    const { case: c } = await openCase(t, admin, { notificationEmail: 'ops@merchant.test', title: 'Refund <b>missing</b>' });
    const first = await claim(t, { leaseSeconds: 60 });
    const offered = first.data.list.find((o) => o.caseNo === c.caseNo);
    expect(offered).toMatchObject({
      merchantCode: 'ANDES-DEMO',
      title: 'Refund <b>missing</b>',
      status: 'PENDING',
      lastMerchantMessage: { kind: 'CREATE' },
      attempts: 0,
    });
    // Leased: not offered again until the lease runs out.
    expect((await claim(t)).data.list.find((o) => o.caseNo === c.caseNo)).toBeUndefined();

    const taken = statusEvent(f, c.caseNo, 'PROCESSING', 'An agent is on it');
    await applied(t, taken);
    const dupAck = await sendEvent(t.app, taken);
    expect(dupAck.data).toMatchObject({ duplicate: true, outcome: 'APPLIED' });

    const html = '<script>alert("x")</script> & <img src=x onerror=1>';
    const reply = repliedEvent(f, c.caseNo, {
      content: html,
      responder: 'Paula <Provider>',
      status: 'SOLVED',
      attachments: [{ name: 'statement.png', contentBase64: PNG.toString('base64') }],
    });
    await applied(t, reply);
    expect((await sendEvent(t.app, reply)).data.duplicate).toBe(true);
    // The event as recorded keeps the file's size, not its bytes (they are in the file store once).
    const [recorded] = await t.db.select().from(platformEvents).where(eq(platformEvents.eventId, reply.eventId));
    expect(JSON.stringify(recorded?.payload)).not.toContain(PNG.toString('base64'));
    expect(recorded?.payload).toMatchObject({ data: { attachments: [{ name: 'statement.png', size: PNG.length }] } });

    const detail = await call<CaseDetail>(t, caseDetail.path, admin, { id: c.id });
    expect(detail.data).toMatchObject({ status: 'SOLVED', awaitingProvider: false, secondsSinceProviderReply: 0 });
    expect(detail.data.lastProviderReplyAt).not.toBeNull();
    const rows = await thread(t, admin, c.id);
    expect(rows.list.map((r) => [r.side, r.kind, r.status])).toEqual([
      ['MERCHANT', 'CREATE', 'PENDING'],
      ['PROVIDER', 'STATUS', 'PROCESSING'],
      ['PROVIDER', 'REPLY', 'SOLVED'],
    ]);
    const providerReply = rows.list[2];
    expect(providerReply?.content).toBe(html);
    expect(providerReply?.authorName).toBe('Paula <Provider>');
    const newest = await thread(t, admin, c.id, 'NEWEST_FIRST');
    expect(newest.list.map((r) => r.id)).toEqual(rows.list.map((r) => r.id).reverse());

    // The notification address: one mail, the provider's text escaped in the HTML.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@merchant.test'));
    const mail = mails.find((m) => m.subject.includes(c.caseNo));
    expect(mail).toBeDefined();
    expect(mails.filter((m) => m.subject.includes(c.caseNo))).toHaveLength(1);
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).not.toContain('<b>missing');
    expect(mail?.html).toContain('&#60;script&#62;');
    expect(mail?.text).toContain(html);
    expect(mail?.text).toContain(`/support-center/case-detail/${c.id}`);

    // The creator's notice, once.
    const notices = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.category, 'CASE_REPLIED'), eq(messages.userId, await adminId(t))));
    const mine = notices.filter((n) => n.link === `/support-center/case-detail/${c.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.params).toEqual({ caseNo: c.caseNo, title: 'Refund <b>missing</b>' });

    // The provider's file: downloaded by the case, and through a one-time link.
    const fileId = providerReply?.appendices[0]?.fileId as string;
    const file = await post(t.app, caseFileDownload.path, { id: c.id, fileId }, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const link = await call<{ url: string; expiresAt: string }>(t, caseFileDownloadUrl.path, admin, { id: c.id, fileId });
    expect(link.code).toBe(ResultCode.OK);
    expect(new Date(link.data.expiresAt).getTime() - START.getTime()).toBeLessThanOrEqual(5 * 60_000 + 60 * 60_000);
    // The token is a case file's only: the transaction export links' path does not take it (nor use it up).
    const token = link.data.url.slice(CASE_FILE_LINK_PATH_PREFIX.length);
    expect((await t.app.inject({ method: 'GET', url: `${EXPORT_LINK_PATH_PREFIX}${token}` })).statusCode).toBe(410);
    const got = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const used = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(used.statusCode).toBe(410);
    expect(used.body).toBe(CASE_FILE_LINK_MESSAGES.gone);
    const missing = await call(t, caseFileDownloadUrl.path, admin, { id: c.id, fileId: 'f_AAAAAAAAAAAAAAAAAAAAAA' });
    expect(missing.code).toBe(ResultCode.NOT_FOUND);
  });

  it('replies (idempotent by request id; SOLVED goes back to PROCESSING), closes, refuses replies while closed, reopens', async () => {
    const { case: c } = await openCase(t, admin);
    await applied(t, repliedEvent(f, c.caseNo, { status: 'SOLVED' }));
    const requestId = key('reply');
    const reply = await call<CaseReplySaved>(t, caseReplySave.path, admin, { id: c.id, requestId, content: 'Still not credited' });
    expect(reply.code).toBe(ResultCode.OK);
    expect(reply.data.case).toMatchObject({ status: 'PROCESSING', awaitingProvider: true });
    expect(reply.data.reply).toMatchObject({ side: 'MERCHANT', kind: 'REPLY', content: 'Still not credited', authorName: 'Ana Admin' });
    const retry = await call<CaseReplySaved>(t, caseReplySave.path, admin, { id: c.id, requestId, content: 'Still not credited' });
    expect(retry.data.reply.id).toBe(reply.data.reply.id);
    const replies = await t.db
      .select()
      .from(supportCaseReplies)
      .where(and(eq(supportCaseReplies.caseId, c.id), eq(supportCaseReplies.kind, 'REPLY'), eq(supportCaseReplies.side, 'MERCHANT')));
    expect(replies).toHaveLength(1);
    // The provider owes an answer again: offered by the claim.
    expect((await claim(t)).data.list.find((o) => o.caseNo === c.caseNo)?.lastMerchantMessage).toMatchObject({
      kind: 'REPLY',
      content: 'Still not credited',
    });

    const version = reply.data.case.version;
    const closeId = key('close');
    const closed = await call<CaseDetail>(t, caseClose.path, admin, {
      id: c.id,
      version,
      requestId: closeId,
      instructions: 'Credited now',
    });
    expect(closed.code).toBe(ResultCode.OK);
    expect(closed.data).toMatchObject({ status: 'CLOSED', awaitingProvider: false, actions: ['REOPEN'] });
    expect(new Date(closed.data.reopenUntil ?? 0).getTime()).toBe(
      new Date(closed.data.closedAt ?? 0).getTime() + CASE_REOPEN_WINDOW_DAYS * DAY,
    );
    // The same close again: nothing more; another close: refused.
    const closedAgain = await call<CaseDetail>(t, caseClose.path, admin, {
      id: c.id,
      version,
      requestId: closeId,
      instructions: 'Credited now',
    });
    expect(closedAgain.data.version).toBe(closed.data.version);
    const otherClose = await call(t, caseClose.path, admin, {
      id: c.id,
      version: closed.data.version,
      requestId: key('c'),
      instructions: 'x',
    });
    expect(otherClose.code).toBe(ResultCode.CONFLICT);
    expect(otherClose.msg).toBe(SUPPORT_MESSAGES.notClosable('CLOSED'));

    const refused = await call(t, caseReplySave.path, admin, { id: c.id, requestId: key('r'), content: 'Hello?' });
    expect(refused.code).toBe(ResultCode.CONFLICT);
    expect(refused.msg).toBe(SUPPORT_MESSAGES.closedNoReply);
    const notEditable = await call(t, caseEdit.path, admin, { ...caseBody(), id: c.id, version: closed.data.version });
    expect(notEditable.code).toBe(ResultCode.CONFLICT);
    expect(notEditable.msg).toBe(SUPPORT_MESSAGES.notEditable('CLOSED'));
    expect((await claim(t)).data.list.find((o) => o.caseNo === c.caseNo)).toBeUndefined();
    // The provider cannot reply to a closed case either.
    const late = await sendEvent(t.app, repliedEvent(f, c.caseNo));
    expect(late.code).toBe(ResultCode.CONFLICT);

    // A stale version is refused; the current one reopens it, waiting for the provider.
    const stale = await call(t, caseReopen.path, admin, { id: c.id, version, requestId: key('o'), instructions: 'Came back' });
    expect(stale.code).toBe(ResultCode.CONFLICT);
    expect(stale.msg).toBe(SUPPORT_MESSAGES.changed);
    const reopened = await call<CaseDetail>(t, caseReopen.path, admin, {
      id: c.id,
      version: closed.data.version,
      requestId: key('o'),
      instructions: 'It happened again',
    });
    expect(reopened.data).toMatchObject({ status: 'PROCESSING', awaitingProvider: true, closedAt: null, reopenUntil: null });
    const rows = await thread(t, admin, c.id);
    expect(rows.list.map((r) => r.kind)).toEqual(['CREATE', 'REPLY', 'REPLY', 'CLOSE', 'REOPEN']);
    expect(rows.list.at(-2)?.content).toBe('Credited now');
    expect(rows.list.at(-1)?.content).toBe('It happened again');
    const events = await t.db
      .select({ event: activityLog.event })
      .from(activityLog)
      .where(eq(activityLog.objectId, String(c.id)));
    expect(events.map((e) => e.event).sort()).toEqual(['CASE_CLOSED', 'CASE_CREATED', 'CASE_REOPENED']);
  });

  it('refuses a reopen after the window: open a new case', async () => {
    const { case: c } = await openCase(t, admin);
    const closed = await call<CaseDetail>(t, caseClose.path, admin, {
      id: c.id,
      version: c.version,
      requestId: key('c'),
      instructions: 'Done',
    });
    t.clock.advance((CASE_REOPEN_WINDOW_DAYS + 1) * DAY);
    const detail = await call<CaseDetail>(t, caseDetail.path, admin, { id: c.id });
    expect(detail.data.actions).toEqual([]);
    const late = await call(t, caseReopen.path, admin, {
      id: c.id,
      version: closed.data.version,
      requestId: key('o'),
      instructions: 'Again',
    });
    expect(late.code).toBe(ResultCode.CONFLICT);
    expect(late.msg).toBe(SUPPORT_MESSAGES.reopenWindowPassed(CASE_REOPEN_WINDOW_DAYS));
    expect(late.msg).toContain('open a new case');
  });

  it('edits a PENDING case on its version, keeping and adding appendices', async () => {
    const kept = await upload(t, admin, 'kept.png');
    const { case: c } = await openCase(t, admin, { fileIds: [kept] });
    const added = await upload(t, admin, 'added.png');
    const body = { ...caseBody({ title: 'Pix not credited (order 42)', fileIds: [kept, added] }), id: c.id, version: c.version };
    const edited = await call<CaseDetail>(t, caseEdit.path, admin, body);
    expect(edited.code).toBe(ResultCode.OK);
    expect(edited.data).toMatchObject({ title: 'Pix not credited (order 42)', version: 2, status: 'PENDING' });
    expect(edited.data.appendices.map((a) => a.name)).toEqual(['kept.png', 'added.png']);
    const rows = await thread(t, admin, c.id);
    expect(rows.list.at(-1)).toMatchObject({ kind: 'EDIT', content: 'Changed: title, appendices' });
    // The version the editor loaded is gone now.
    const stale = await call(t, caseEdit.path, admin, body);
    expect(stale.code).toBe(ResultCode.CONFLICT);
    expect(stale.msg).toBe(SUPPORT_MESSAGES.changed);
    // A file nobody uploaded.
    const unknown = await call(t, caseEdit.path, admin, { ...body, version: 2, fileIds: ['f_AAAAAAAAAAAAAAAAAAAAAA'] });
    expect(unknown.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(unknown.msg).toContain(SUPPORT_MESSAGES.appendixUnknown);
    // A SOLVED case is not edited.
    await applied(t, statusEvent(f, c.caseNo, 'SOLVED', 'Fixed'));
    const solved = await call(t, caseEdit.path, admin, { ...body, version: 3 });
    expect(solved.code).toBe(ResultCode.CONFLICT);
    expect(solved.msg).toBe(SUPPORT_MESSAGES.notEditable('SOLVED'));
  });

  it('lists newest first with status counts, filters and a keyset cursor; pages the thread', async () => {
    const made: number[] = [];
    for (let i = 0; i < 11; i += 1)
      made.push((await openCase(t, admin, { country: 'CO', caseType: i < 3 ? 'FINANCE' : 'OTHERS', title: `Case ${i}` })).case.id);
    const first = await call<CasePage>(t, casePage.path, admin, { country: 'CO', pageSize: 10 });
    expect(first.data.total).toBe(11);
    expect(first.data.list.map((c) => c.id)).toEqual(made.slice(1).reverse());
    const next = await call<CasePage>(t, casePage.path, admin, { country: 'CO', pageSize: 10, cursor: first.data.nextCursor });
    expect(next.data.list.map((c) => c.id)).toEqual([made[0]]);
    expect(next.data.nextCursor).toBeNull();
    const finance = await call<CasePage>(t, casePage.path, admin, { country: 'CO', caseType: 'FINANCE' });
    expect(finance.data.total).toBe(3);
    const byTitle = await call<CasePage>(t, casePage.path, admin, { country: 'CO', keyword: 'case 10' });
    expect(byTitle.data.list.map((c) => c.id)).toEqual([made[10]]);
    const caseNo = first.data.list[0]?.caseNo as string;
    const byNo = await call<CasePage>(t, casePage.path, admin, { country: 'CO', keyword: caseNo });
    expect(byNo.data.list.map((c) => c.caseNo)).toEqual([caseNo]);
    const closed = await call<CaseDetail>(t, caseClose.path, admin, {
      id: made[0],
      version: 1,
      requestId: key('c'),
      instructions: 'Not needed',
    });
    expect(closed.code).toBe(ResultCode.OK);
    const stats = await call<CaseStatistics>(t, caseStatistics.path, admin, { country: 'CO' });
    expect(stats.data).toEqual({
      statuses: [
        { status: 'PENDING', count: 10 },
        { status: 'PROCESSING', count: 0 },
        { status: 'SOLVED', count: 0 },
        { status: 'CLOSED', count: 1 },
      ],
      total: 11,
      awaitingProvider: 10,
    });
    const pending = await call<CasePage>(t, casePage.path, admin, { country: 'CO', status: 'CLOSED' });
    expect(pending.data.list.map((c) => c.id)).toEqual([made[0]]);
    const none = await call<CasePage>(t, casePage.path, admin, { country: 'CO', range: { from: '2026-01-01', to: '2026-01-31' } });
    expect(none.data.total).toBe(0);
    const bad = await call(t, casePage.path, admin, { country: 'CO', cursor: 'nonsense' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);

    // The thread, 10 rows a page.
    const id = made[1] as number;
    for (let i = 0; i < 10; i += 1) await call(t, caseReplySave.path, admin, { id, requestId: key('r'), content: `Reply ${i}` });
    const page1 = await thread(t, admin, id);
    expect(page1.total).toBe(11);
    const page1b = await call<CaseReplyPage>(t, caseReplyPage.path, admin, { id, pageSize: 10 });
    expect(page1b.data.list[0]?.kind).toBe('CREATE');
    const page2 = await call<CaseReplyPage>(t, caseReplyPage.path, admin, { id, pageSize: 10, cursor: page1b.data.nextCursor });
    expect(page2.data.list.map((r) => r.content)).toEqual(['Reply 9']);
    const mixed = await call(t, caseReplyPage.path, admin, { id, pageSize: 10, order: 'NEWEST_FIRST', cursor: page1b.data.nextCursor });
    expect(mixed.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('what a case takes', () => {
  let t: TestApp;
  let admin: string;
  const f = new EventFactory('sc2', START);

  beforeAll(async () => {
    t = await supportApp(START);
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses texts over their maximum length, each with its message', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const title = await call(t, caseSave.path, admin, caseBody({ title: long(101) }));
    expect(title.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(title.msg).toContain('At most 100 characters');
    const description = await call(t, caseSave.path, admin, caseBody({ description: long(2001) }));
    expect(description.msg).toContain('A description has at most 2000 characters');
    expect((await call(t, caseSave.path, admin, caseBody({ title: long(100), description: long(2000) }))).code).toBe(ResultCode.OK);
    const { case: c } = await openCase(t, admin);
    const reply = await call(t, caseReplySave.path, admin, { id: c.id, requestId: key('r'), content: long(2001) });
    expect(reply.msg).toContain('A reply has at most 2000 characters');
    const close = await call(t, caseClose.path, admin, { id: c.id, version: 1, requestId: key('c'), instructions: long(501) });
    expect(close.msg).toContain('Instructions have at most 500 characters');
    const empty = await call(t, caseClose.path, admin, { id: c.id, version: 1, requestId: key('c'), instructions: '   ' });
    expect(empty.msg).toContain(SUPPORT_MESSAGES.instructionsRequired);
  });

  it('needs an idempotency key or an E2E id; an E2E id alone makes the case idempotent and links its transaction', async () => {
    const { idempotencyKey: _omit, ...noKey } = caseBody();
    const refused = await call(t, caseSave.path, admin, noKey);
    expect(refused.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(refused.msg).toContain(SUPPORT_MESSAGES.keyOrE2eRequired);
    const badE2e = await call(t, caseSave.path, admin, { ...noKey, e2eId: 'E123' });
    expect(badE2e.msg).toContain(E2E_ID_MESSAGE);

    const uniqueId = await payin(t, f);
    await t.db.update(transactions).set({ e2eId: E2E_ID }).where(eq(transactions.uniqueId, uniqueId));
    const first = await call<CaseSaveResult>(t, caseSave.path, admin, { ...noKey, e2eId: E2E_ID });
    expect(first.data).toMatchObject({ outcome: 'CREATED', case: { e2eId: E2E_ID, transactionUniqueId: uniqueId } });
    const second = await call<CaseSaveResult>(t, caseSave.path, admin, { ...noKey, e2eId: E2E_ID });
    expect(second.data).toMatchObject({ outcome: 'SAME_REQUEST', case: { id: first.data.case.id } });
    // A key that names no transaction: a case without one.
    const unlinked = await openCase(t, admin, { transactionKey: 'no-such-order' });
    expect(unlinked.case).toMatchObject({ transactionId: null, transactionKey: 'no-such-order' });
  });

  it('takes a CLABE with a valid check digit, in Mexico only', async () => {
    const bad = await call(t, caseSave.path, admin, caseBody({ country: 'MX', clabe: BAD_CLABE }));
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(bad.msg).toContain(CLABE_MESSAGE);
    const br = await call(t, caseSave.path, admin, caseBody({ clabe: CLABE }));
    expect(br.msg).toContain(SUPPORT_MESSAGES.clabeCountry);
    const ok = await openCase(t, admin, { country: 'MX', clabe: CLABE, caseType: 'FINANCE' });
    expect(ok.case.clabe).toBe(CLABE);
    const badEmail = await call(t, caseSave.path, admin, caseBody({ notificationEmail: 'not-an-email' }));
    expect(badEmail.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('answers the provider NOT_FOUND for an unknown case, CONFLICT for another merchant or a status it cannot set', async () => {
    const { case: c } = await openCase(t, admin);
    expect((await sendEvent(t.app, repliedEvent(f, 'CS20260302ZZZZZZ'))).code).toBe(ResultCode.NOT_FOUND);
    expect((await sendEvent(t.app, repliedEvent(f, c.caseNo, {}, 'CONDOR'))).code).toBe(ResultCode.CONFLICT);
    await applied(t, statusEvent(f, c.caseNo, 'SOLVED', 'Fixed'));
    const twice = await sendEvent(t.app, statusEvent(f, c.caseNo, 'SOLVED', 'Fixed again'));
    expect(twice.code).toBe(ResultCode.CONFLICT);
    await applied(t, statusEvent(f, c.caseNo, 'CLOSED', 'No answer from the merchant'));
    const detail = await call<CaseDetail>(t, caseDetail.path, admin, { id: c.id });
    expect(detail.data).toMatchObject({ status: 'CLOSED', actions: ['REOPEN'] });
    const rows = await thread(t, admin, c.id);
    expect(rows.list.map((r) => [r.side, r.kind, r.authorName === 'Support team'])).toEqual([
      ['MERCHANT', 'CREATE', false],
      ['PROVIDER', 'STATUS', true],
      ['PROVIDER', 'CLOSE', true],
    ]);
  });
});

describe('who sees and changes a case', () => {
  let t: TestApp;
  let admin: string;
  const f = new EventFactory('sc3', START);

  beforeAll(async () => {
    t = await supportApp(START);
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a sub-merchant user to their sub-merchant, another merchant and other countries out', async () => {
    const merchantFile = await upload(t, admin);
    const own = await openCase(t, admin, { fileIds: [merchantFile] });
    const subPayin = await payin(t, f, { subMerchantCode: 'ANDES-DEMO-BR' });
    const merchantPayin = await payin(t, f);
    const sub = await payoutUser(
      t,
      'case.sub',
      ['support:case', 'support:case-detail', 'support:case:create', 'support:case:edit', 'support:case:close', 'support:case:reopen'],
      { subMerchant: 'ANDES-DEMO-BR' },
    );
    // The sub-merchant's case: linked to its own transaction only.
    const subCase = await openCase(t, sub.token, { transactionKey: subPayin });
    expect(subCase.case).toMatchObject({ subMerchantName: 'Andes Demo Marketplace', transactionUniqueId: subPayin });
    const notTheirs = await openCase(t, sub.token, { transactionKey: merchantPayin });
    expect(notTheirs.case.transactionId).toBeNull();
    // The merchant's key is not theirs either: the same key from a sub-merchant user is another request.
    const reused = await call(t, caseSave.path, sub.token, caseBody({ idempotencyKey: 'shared-key-1' }));
    expect(reused.code).toBe(ResultCode.OK);
    const merchantSame = await call(t, caseSave.path, admin, caseBody({ idempotencyKey: 'shared-key-1' }));
    expect(merchantSame.code).toBe(ResultCode.CONFLICT);

    const page = await call<CasePage>(t, casePage.path, sub.token, { country: 'BR' });
    expect(page.data.list.map((c) => c.id)).not.toContain(own.case.id);
    expect(page.data.list.map((c) => c.id)).toContain(subCase.case.id);
    const stats = await call<CaseStatistics>(t, caseStatistics.path, sub.token, { country: 'BR' });
    expect(stats.data.total).toBe(page.data.total);
    const merchantPage = await call<CasePage>(t, casePage.path, admin, { country: 'BR' });
    expect(merchantPage.data.list.map((c) => c.id)).toEqual(expect.arrayContaining([own.case.id, subCase.case.id]));

    const id = own.case.id;
    const v = own.case.version;
    const refusals: [string, unknown][] = [
      [caseDetail.path, { id }],
      [caseReplyPage.path, { id }],
      [caseReplySave.path, { id, requestId: key('r'), content: 'Hi' }],
      [caseFileDownloadUrl.path, { id, fileId: merchantFile }],
      [caseEdit.path, { ...caseBody(), id, version: v }],
      [caseClose.path, { id, version: v, requestId: key('c'), instructions: 'x' }],
      [caseReopen.path, { id, version: v, requestId: key('o'), instructions: 'x' }],
    ];
    const condor = await signIn(t.app, login.path, 'condor');
    for (const token of [sub.token, condor]) {
      for (const [path, body] of refusals) {
        const res = await call(t, path, token, body);
        expect(res.code, `${path}`).toBe(ResultCode.NOT_FOUND);
      }
      const file = envelope(await post(t.app, caseFileDownload.path, { id, fileId: merchantFile }, { token }));
      expect(file.code).toBe(ResultCode.NOT_FOUND);
    }
    // CONDOR has no BR: its list is refused for the country.
    expect((await call(t, casePage.path, condor, { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);
    // Nothing changed on the merchant's case.
    const after = await call<CaseDetail>(t, caseDetail.path, admin, { id });
    expect(after.data.version).toBe(v);
    expect((await thread(t, admin, id)).total).toBe(1);

    // A link checks its user again when used: disabled meanwhile, refused.
    const linker = await payoutUser(t, 'case.linker', ['support:case-detail']);
    const link = await call<{ url: string }>(t, caseFileDownloadUrl.path, linker.token, { id, fileId: merchantFile });
    expect(link.code).toBe(ResultCode.OK);
    await t.db.update(users).set({ state: 0 }).where(eq(users.id, linker.id));
    const refused = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(CASE_FILE_LINK_MESSAGES.forbidden);

    // A user whose countries leave BR out.
    const mx = await payoutUser(t, 'case.mx', ['support:case-detail'], { countries: ['MX'] });
    expect((await call(t, caseDetail.path, mx.token, { id })).code).toBe(ResultCode.NOT_FOUND);
  });

  it('shows only the actions the buttons allow, and refuses the calls without them', async () => {
    const { case: c } = await openCase(t, admin);
    const viewer = await payoutUser(t, 'case.viewer', ['support:case', 'support:case-detail']);
    const seen = await call<CaseDetail>(t, caseDetail.path, viewer.token, { id: c.id });
    expect(seen.data.actions).toEqual([]);
    expect((await call(t, caseReplySave.path, viewer.token, { id: c.id, requestId: key('r'), content: 'Hi' })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await call(t, caseClose.path, viewer.token, { id: c.id, version: 1, requestId: key('c'), instructions: 'x' })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await call(t, caseSave.path, viewer.token, caseBody())).code).toBe(ResultCode.FORBIDDEN);
    const closer = await payoutUser(t, 'case.closer', ['support:case:close']);
    expect((await call<CaseDetail>(t, caseDetail.path, closer.token, { id: c.id })).data.actions).toEqual(['CLOSE']);
    const finance = await signIn(t.app, login.path, 'finance');
    expect((await call(t, casePage.path, finance, { country: 'BR' })).code).toBe(ResultCode.FORBIDDEN);
  });
});
