import { randomUUID } from 'node:crypto';
import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { downloadRecordPage, transactionExportTaskCreate } from '@andes/contract/download-center/endpoints';
import type { DownloadRecord, DownloadRecordPage } from '@andes/contract/download-center/schemas';
import { messageList } from '@andes/contract/message/endpoints';
import type { MessagePage } from '@andes/contract/message/schemas';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { messages } from '../../src/db/schema/messages.ts';
import { users } from '../../src/db/schema/users.ts';
import { createPayout, demoActor, fundPayoutAccount, LONG_SESSIONS, type PayoutActor, payoutUser, pixPayout } from '../fixtures/payouts.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendAll, withPlatformToken } from '../ledger/support.ts';

/**
 * The notices Andes posts itself (docs/decisions/0030), each once, in the transaction of the change:
 * "report ready" to the creator of a download task when its file is written, "payouts awaiting your
 * approval" to the merchant's other users who may approve them.
 */

const NOW = new Date('2026-05-04T15:00:00.000Z');
let t: TestApp;
const f = new EventFactory('msg-notice', new Date('2026-05-03T12:00:00.000Z'));

async function call<T>(path: string, token: string, body: unknown = {}) {
  return envelope<T>(await post(t.app, path, body, { token }));
}
const notices = async (token: string, category: string) =>
  (await call<MessagePage>(messageList.path, token, { pageSize: 100, category })).data.list;

async function userId(username: string): Promise<number> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW), config: { ...LONG_SESSIONS, downloads: { directExportMaxRows: 3 } }, workJobs: true });
  await withPlatformToken(t.db);
});
afterAll(async () => t?.close());

describe('report ready', () => {
  test('the creator of a download task gets one notice when its file is written, nobody else', async () => {
    const events: PlatformEventInput[] = [];
    for (let i = 0; i < 5; i += 1)
      events.push(f.created({ uniqueId: f.uniqueId(`r${i}`), merchantReference: `R-${i}`, amount: 1_000 + i }));
    await sendAll(t.app, events);
    const admin = await signIn(t.app, login.path, 'admin');
    const created = await call<DownloadRecord>(transactionExportTaskCreate.path, admin, {
      list: 'payin',
      country: 'BR',
      format: 'csv',
      language: 'en',
      idempotencyKey: randomUUID(),
    });
    expect(created.code).toBe(ResultCode.OK);
    await vi.waitFor(
      async () => {
        const page = await call<DownloadRecordPage>(downloadRecordPage.path, admin, { pageSize: 100 });
        expect(page.data.list.find((r) => r.id === created.data.id)?.state).toBe('COMPLETE');
      },
      { timeout: 20_000, interval: 200 },
    );
    const mine = await notices(admin, 'REPORT_READY');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'MESSAGE',
      link: '/download-center',
      read: false,
      params: { fileName: created.data.fileName, rows: 5 },
    });
    expect(mine[0]?.title).toContain(created.data.fileName);
    const rows = await t.db.select().from(messages).where(like(messages.messageKey, 'report-ready:%'));
    expect(rows.map((r) => r.userId)).toEqual([await userId('demo.admin')]);
    const condor = await signIn(t.app, login.path, 'condor');
    expect(await notices(condor, 'REPORT_READY')).toEqual([]);
  });
});

describe('payouts awaiting approval', () => {
  let creator: PayoutActor;
  let approverBr: PayoutActor;
  let approverMx: PayoutActor;
  let subApprover: PayoutActor;
  let operator: PayoutActor;

  beforeAll(async () => {
    await fundPayoutAccount(t, f, 'BR', 5_000_000);
    const codes = ['payment:payout', 'payment:payout:create', 'payment:payout:approve', 'message-center'] as const;
    creator = await payoutUser(t, 'notice.creator', codes);
    approverBr = await payoutUser(t, 'notice.approver.br', codes, { countries: ['BR'] });
    approverMx = await payoutUser(t, 'notice.approver.mx', codes, { countries: ['MX'] });
    subApprover = await payoutUser(t, 'notice.sub.approver', codes, { subMerchant: 'ANDES-DEMO-BR' });
    operator = await payoutUser(t, 'notice.operator', ['payment:payout', 'payment:payout:create', 'message-center']);
  });

  test('go to the users who may approve the payout (super admin included), never the creator, once per creation', async () => {
    const answer = await createPayout(t, creator, pixPayout(12_345));
    expect(answer.code).toBe(ResultCode.OK);
    const rows = await t.db.select().from(messages).where(like(messages.messageKey, 'payout-approval:%'));
    const to = rows.map((r) => r.userId).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(to).toEqual([await userId('demo.admin'), approverBr.id].sort((a, b) => a - b));
    for (const r of rows) expect(r).toMatchObject({ category: 'PAYOUT_APPROVAL', kind: 'MESSAGE', link: '/payment/payout' });
    expect(rows[0]?.params).toMatchObject({ count: 1, total: '123.45 BRL', country: 'BR', creator: 'Fixture notice.creator' });

    const seen = await notices(approverBr.token, 'PAYOUT_APPROVAL');
    expect(seen).toHaveLength(1);
    for (const who of [creator, approverMx, subApprover, operator]) expect(await notices(who.token, 'PAYOUT_APPROVAL')).toEqual([]);
  });

  test('a second creation posts its own notice; the admin creating one is not told about it', async () => {
    const admin = await demoActor(t, 'admin', 'ana.admin@andes-demo.test');
    const before = (await notices(admin.token, 'PAYOUT_APPROVAL')).length;
    const answer = await createPayout(t, admin, pixPayout(2_000, {}, 'joao@example.com'));
    expect(answer.code).toBe(ResultCode.OK);
    expect(await notices(admin.token, 'PAYOUT_APPROVAL')).toHaveLength(before);
    expect(await notices(approverBr.token, 'PAYOUT_APPROVAL')).toHaveLength(2);
    expect(await notices(creator.token, 'PAYOUT_APPROVAL')).toHaveLength(1);
  });
});
