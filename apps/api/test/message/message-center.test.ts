import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { unreadMessageCount } from '@andes/contract/home/endpoints';
import { announcementList, markAllRead, markAnnouncementsRead, messageDetail, messageList } from '@andes/contract/message/endpoints';
import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_MESSAGES,
  type MessageDetail,
  type MessagePage,
  type PublishedMessage,
} from '@andes/contract/message/schemas';
import { publishMessage } from '@andes/contract/platform/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { merchants } from '../../src/db/schema/merchants.ts';
import { messages } from '../../src/db/schema/messages.ts';
import { postNotice } from '../../src/modules/message/notices.ts';
import { LONG_SESSIONS, type PayoutActor, payoutUser } from '../fixtures/payouts.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { callInternal, withPlatformToken } from '../ledger/support.ts';

/**
 * The message center (docs/decisions/0030): who sees what (every merchant, one merchant, one user;
 * published already), read state per user, Home's unread count equal to the unread rows, and the
 * provider's publishing call (idempotent, validated, scheduled).
 */

const NOW = new Date('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
let t: TestApp;
let admin: string;
let condor: string;
let finance: string;
let market: PayoutActor;
let colleague: PayoutActor;

async function call<T>(path: string, token: string, body: unknown = {}) {
  return envelope<T>(await post(t.app, path, body, { token }));
}
const publish = (body: Record<string, unknown>) => callInternal<PublishedMessage>(t.app, publishMessage.path, body);
const list = (token: string, body: Record<string, unknown> = {}) => call<MessagePage>(messageList.path, token, { pageSize: 100, ...body });
const announcements = (token: string, body: Record<string, unknown> = {}) =>
  call<MessagePage>(announcementList.path, token, { pageSize: 100, ...body });
const unread = async (token: string) => (await call<{ count: number }>(unreadMessageCount.path, token)).data.count;
const titles = (p: { data: MessagePage }) => p.data.list.map((r) => r.title);

async function merchantIdOf(code: string): Promise<number> {
  const [m] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code));
  if (!m) throw new Error(`no merchant ${code}`);
  return m.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW), config: LONG_SESSIONS });
  await withPlatformToken(t.db);
  admin = await signIn(t.app, login.path, 'admin');
  condor = await signIn(t.app, login.path, 'condor');
  finance = await signIn(t.app, login.path, 'finance');
  market = await payoutUser(t, 'msg.market', ['message-center', 'message-center:detail'], { subMerchant: 'ANDES-DEMO-BR' });
  colleague = await payoutUser(t, 'msg.colleague', ['message-center', 'message-center:detail']);
});
afterAll(async () => t?.close());

describe('publishing (the provider)', () => {
  test('publishes to every merchant or one; a retry of the key answers the first message and changes nothing', async () => {
    const first = await publish({ messageKey: 'mc-all-1', kind: 'ANNOUNCEMENT', title: 'To everybody', content: 'Line one\nLine two' });
    expect(first.code).toBe(ResultCode.OK);
    expect(first.data).toEqual({ id: expect.any(Number), duplicate: false, publishedAt: NOW.toISOString() });
    const again = await publish({ messageKey: 'mc-all-1', kind: 'ANNOUNCEMENT', title: 'Changed', content: 'Other' });
    expect(again.data).toEqual({ ...first.data, duplicate: true });
    const stored = await t.db.select().from(messages).where(eq(messages.id, first.data.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ title: 'To everybody', content: 'Line one\nLine two', merchantId: null, category: 'PROVIDER' });

    expect(titles(await announcements(admin))).toContain('To everybody');
    expect(titles(await announcements(condor))).toContain('To everybody');
    expect(titles(await announcements(market.token))).toContain('To everybody');
  });

  test('refuses what it cannot publish, each with its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ messageKey: 'mc-bad-1', kind: 'MESSAGE', title: '  ', content: 'x' }, MESSAGE_MESSAGES.titleRequired],
      [
        { messageKey: 'mc-bad-2', kind: 'MESSAGE', title: 'T', content: 'x'.repeat(MESSAGE_CONTENT_MAX + 1) },
        `At most ${MESSAGE_CONTENT_MAX} characters`,
      ],
      [{ messageKey: 'has space', kind: 'MESSAGE', title: 'T', content: 'x' }, MESSAGE_MESSAGES.messageKeyFormat],
      [{ messageKey: 'mc-bad-3', kind: 'MESSAGE', title: 'T', content: 'x', merchantCode: 'NOBODY' }, MESSAGE_MESSAGES.merchantUnknown],
      // A sub-merchant is not a publishing target: its merchant is.
      [
        { messageKey: 'mc-bad-4', kind: 'MESSAGE', title: 'T', content: 'x', merchantCode: 'ANDES-DEMO-BR' },
        MESSAGE_MESSAGES.merchantUnknown,
      ],
      [
        {
          messageKey: 'mc-bad-5',
          kind: 'MESSAGE',
          title: 'T',
          content: 'x',
          publishAt: new Date(NOW.getTime() + 400 * 24 * HOUR).toISOString(),
        },
        MESSAGE_MESSAGES.scheduleTooFar,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await publish(body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(ResultCode.VALIDATION_FAILED);
      expect(answer.msg).toContain(message);
    }
    const unauthorised = await callInternal(
      t.app,
      publishMessage.path,
      { messageKey: 'mc-x', kind: 'MESSAGE', title: 'T', content: 'x' },
      'wrong',
    );
    expect(unauthorised.code).toBe(ResultCode.SERVICE_UNAUTHORIZED);
    // A session token of the dashboard is no service token.
    const asUser = await post(
      t.app,
      publishMessage.path,
      { messageKey: 'mc-y', kind: 'MESSAGE', title: 'T', content: 'x' },
      { token: admin },
    );
    expect(envelope(asUser).code).not.toBe(ResultCode.OK);
    expect(await t.db.select().from(messages).where(eq(messages.messageKey, 'provider:mc-bad-3'))).toEqual([]);
  });

  test('a scheduled message appears at its time; a past publishAt publishes now', async () => {
    const at = new Date(NOW.getTime() + 2 * HOUR);
    const scheduled = await publish({
      messageKey: 'mc-later',
      kind: 'MESSAGE',
      merchantCode: 'ANDES-DEMO',
      title: 'Later',
      content: 'x',
      publishAt: at.toISOString(),
    });
    expect(scheduled.data.publishedAt).toBe(at.toISOString());
    const past = await publish({
      messageKey: 'mc-past',
      kind: 'MESSAGE',
      merchantCode: 'CONDOR',
      title: 'Backdated',
      content: 'x',
      publishAt: '2020-01-01T00:00:00.000Z',
    });
    expect(past.data.publishedAt).toBe(NOW.toISOString());

    expect(titles(await list(admin))).not.toContain('Later');
    const hidden = await call(messageDetail.path, admin, { id: scheduled.data.id });
    expect(hidden.code).toBe(ResultCode.NOT_FOUND);
    t.clock.advance(2 * HOUR);
    expect(titles(await list(admin))).toContain('Later');
  });
});

describe('who sees a message', () => {
  let condorOnly: number;
  let toColleague: number;

  beforeAll(async () => {
    condorOnly = (
      await publish({ messageKey: 'mc-condor', kind: 'MESSAGE', merchantCode: 'CONDOR', title: 'Only Condor', content: 'secret' })
    ).data.id;
    await postNotice(t.db, {
      merchantId: await merchantIdOf('ANDES-DEMO'),
      userIds: [colleague.id, market.id],
      category: 'REPORT_READY',
      key: 'mc-notice',
      title: 'Your report x.csv is ready',
      content: 'Download it',
      link: '/download-center',
      params: { fileName: 'x.csv', rows: 3, days: 7 },
      at: t.clock(),
    });
    const [row] = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.messageKey, `mc-notice:${colleague.id}`));
    toColleague = row?.id ?? 0;
  });

  test("another merchant's message answers NOT_FOUND, never its content, and is in no list of theirs", async () => {
    const detail = await call<MessageDetail>(messageDetail.path, admin, { id: condorOnly });
    expect(detail.code).toBe(ResultCode.NOT_FOUND);
    expect(JSON.stringify(detail)).not.toContain('secret');
    expect(titles(await list(admin))).not.toContain('Only Condor');
    expect((await call<MessageDetail>(messageDetail.path, condor, { id: condorOnly })).data.content).toBe('secret');
  });

  test('a notice addressed to a user is theirs only: a colleague and the super admin do not see it', async () => {
    expect((await list(colleague.token, { category: 'REPORT_READY' })).data.list).toMatchObject([
      { id: toColleague, category: 'REPORT_READY', link: '/download-center', params: { fileName: 'x.csv', rows: 3, days: 7 }, read: false },
    ]);
    expect((await list(admin, { category: 'REPORT_READY' })).data.list).toEqual([]);
    expect((await call(messageDetail.path, admin, { id: toColleague })).code).toBe(ResultCode.NOT_FOUND);
    expect((await call(messageDetail.path, market.token, { id: toColleague })).code).toBe(ResultCode.NOT_FOUND);
  });

  test("a sub-merchant user sees the provider's messages to their merchant and their own notices", async () => {
    const mine = titles(await list(market.token));
    expect(mine).toContain('Your rolling reserve for cards was reviewed');
    expect(mine).toContain('Your report x.csv is ready');
    expect(mine).not.toContain('Only Condor');
  });

  test('posting the same notice again adds nothing', async () => {
    const n = {
      merchantId: await merchantIdOf('ANDES-DEMO'),
      userIds: [colleague.id],
      category: 'REPORT_READY' as const,
      key: 'mc-notice',
      title: 'Again',
      content: 'Again',
      link: null,
      at: t.clock(),
    };
    await postNotice(t.db, n);
    await postNotice(t.db, n);
    expect(
      await t.db
        .select()
        .from(messages)
        .where(eq(messages.messageKey, `mc-notice:${colleague.id}`)),
    ).toHaveLength(1);
  });

  test('the lists need the message-center permission', async () => {
    expect((await list(finance)).code).toBe(ResultCode.FORBIDDEN);
    expect((await call(messageDetail.path, finance, { id: toColleague })).code).toBe(ResultCode.FORBIDDEN);
  });
});

describe('read state and the unread count', () => {
  test('opening a message marks it read for the caller only, and Home counts one fewer', async () => {
    const published = await publish({
      messageKey: 'mc-read-1',
      kind: 'MESSAGE',
      merchantCode: 'ANDES-DEMO',
      title: 'Read me',
      content: '<b>bold</b>',
    });
    const before = await unread(admin);
    const colleagueBefore = await unread(colleague.token);
    const detail = await call<MessageDetail>(messageDetail.path, admin, { id: published.data.id });
    expect(detail.data).toMatchObject({ title: 'Read me', content: '<b>bold</b>', read: true, kind: 'MESSAGE', category: 'PROVIDER' });
    expect(await unread(admin)).toBe(before - 1);
    // Opening it again changes nothing.
    await call(messageDetail.path, admin, { id: published.data.id });
    expect(await unread(admin)).toBe(before - 1);
    expect(await unread(colleague.token)).toBe(colleagueBefore);
    expect((await list(admin, { read: 'READ' })).data.list.map((r) => r.id)).toContain(published.data.id);
    expect((await list(admin, { read: 'UNREAD' })).data.list.map((r) => r.id)).not.toContain(published.data.id);
  });

  test('the unread count equals the unread rows of both lists', async () => {
    for (const token of [admin, condor, market.token, colleague.token]) {
      const rows = (await list(token, { read: 'UNREAD' })).data.total + (await announcements(token, { read: 'UNREAD' })).data.total;
      expect(await unread(token)).toBe(rows);
    }
  });

  test('announcements are marked read by id (only visible ones count), then mark all read empties the count', async () => {
    const unreadAnnouncements = (await announcements(admin, { read: 'UNREAD' })).data.list;
    expect(unreadAnnouncements.length).toBeGreaterThan(1);
    const first = unreadAnnouncements[0]?.id as number;
    const condorOnly = (
      await publish({ messageKey: 'mc-ann-condor', kind: 'ANNOUNCEMENT', merchantCode: 'CONDOR', title: 'C', content: 'c' })
    ).data.id;
    const marked = await call<{ marked: number }>(markAnnouncementsRead.path, admin, { ids: [first, condorOnly] });
    expect(marked.data).toEqual({ marked: 1 });
    expect((await call<{ marked: number }>(markAnnouncementsRead.path, admin, { ids: [first] })).data).toEqual({ marked: 0 });
    expect((await announcements(admin, { read: 'UNREAD' })).data.list.map((r) => r.id)).not.toContain(first);
    // Condor's announcement stays unread for Condor.
    expect((await announcements(condor, { read: 'UNREAD' })).data.list.map((r) => r.id)).toContain(condorOnly);

    const bad = await call(markAnnouncementsRead.path, admin, { ids: [first, first] });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);

    const all = await call<{ marked: number }>(markAllRead.path, admin, {});
    expect(all.data.marked).toBeGreaterThan(0);
    expect(await unread(admin)).toBe(0);
    expect((await call<{ marked: number }>(markAllRead.path, admin, {})).data).toEqual({ marked: 0 });
    expect(await unread(condor)).toBeGreaterThan(0);
  });

  test('pages newest first by cursor without repeating a row', async () => {
    for (let i = 0; i < 5; i += 1) {
      await publish({ messageKey: `mc-page-${i}`, kind: 'MESSAGE', merchantCode: 'CONDOR', title: `Page ${i}`, content: 'x' });
      t.clock.advance(1_000);
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await call<MessagePage>(messageList.path, condor, { pageSize: 10, ...(cursor ? { cursor } : {}) });
      expect(page.code).toBe(ResultCode.OK);
      seen.push(...page.data.list.map((r) => r.id));
      cursor = page.data.nextCursor ?? undefined;
      if (seen.length === 0) break;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const all = (await list(condor)).data;
    expect(seen).toEqual(all.list.map((r) => r.id));
    expect(all.list.slice(0, 5).map((r) => r.title)).toEqual(['Page 4', 'Page 3', 'Page 2', 'Page 1', 'Page 0']);
    expect((await call(messageList.path, condor, { pageSize: 10, cursor: 'bm9wZQ' })).code).toBe(ResultCode.VALIDATION_FAILED);
  });
});
