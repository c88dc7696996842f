import { ResultCode } from '@andes/contract/common/envelope';
import { accountApply } from '@andes/contract/onboarding/endpoints';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { onboardingApplications } from '../../src/db/schema/onboarding.ts';
import { createTestApp, envelope, post, type TestApp } from '../helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { mail: { smtpUrl: null, from: 'Andes <no-reply@andes.test>', onboardingTo: 'onboarding@andes.test' } },
  });
});
afterAll(async () => t?.close());

const application = (requestId: string) => ({
  requestId,
  companyName: 'Loja Azul Ltda',
  contactName: 'Marina Souza',
  email: 'marina@lojaazul.com.br',
  countries: ['BR', 'MX'],
  products: ['payin', 'payout'],
  monthlyVolume: 'FROM_10K_TO_100K',
  message: 'We sell =HYPERLINK("x") shoes',
});

describe('account applications', () => {
  test('an application is stored once, answered with its number, and mailed to the applicant and the team', async () => {
    const requestId = '7d0c1a52-4f7e-4c55-9f1e-6a3a5a1b2c3d';
    const first = envelope<{ applicationNumber: string }>(
      await post(t.app, accountApply.path, application(requestId), { ip: '198.51.100.7' }),
    );
    expect(first.code).toBe(ResultCode.OK);
    expect(first.data.applicationNumber).toMatch(/^APP-\d{6}$/);

    // A double click or a retry answers the same application and mails nothing again.
    const again = envelope<{ applicationNumber: string }>(
      await post(t.app, accountApply.path, application(requestId), { ip: '198.51.100.7' }),
    );
    expect(again.data.applicationNumber).toBe(first.data.applicationNumber);
    const rows = await t.db.select().from(onboardingApplications).where(eq(onboardingApplications.requestId, requestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyName: 'Loja Azul Ltda', countries: ['BR', 'MX'], ip: '198.51.100.7', language: 'en' });

    const mails = await t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    const sent = mails.filter((m) => m.text.includes(first.data.applicationNumber));
    expect(sent.map((m) => m.to).sort()).toEqual(['marina@lojaazul.com.br', 'onboarding@andes.test']);
    expect(sent.find((m) => m.to === 'marina@lojaazul.com.br')?.subject).toContain(first.data.applicationNumber);
  });

  test('the confirmation follows the language of the page', async () => {
    const res = await post(t.app, accountApply.path, application('2f1c1a52-4f7e-4c55-9f1e-6a3a5a1b2c3d'), {
      ip: '198.51.100.8',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const number = envelope<{ applicationNumber: string }>(res).data.applicationNumber;
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'marina@lojaazul.com.br'))
      .orderBy(asc(mailOutbox.id))
      .offset(1);
    expect(mail?.subject).toBe(`Andes：我们已收到您的申请 ${number}`);
  });

  test('a bad application names the fields to fix and stores nothing', async () => {
    const before = await t.db.select().from(onboardingApplications);
    const res = await post(t.app, accountApply.path, {
      ...application('3a1c1a52-4f7e-4c55-9f1e-6a3a5a1b2c3d'),
      email: 'marina@',
      countries: [],
    });
    const body = envelope<{ issues: { path: string; message: string }[] }>(res);
    expect(body.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(body.data.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter the correct email' },
        { path: 'countries', message: 'Choose at least one country' },
      ]),
    );
    expect(await t.db.select().from(onboardingApplications)).toHaveLength(before.length);
  });

  test('one address cannot flood the team with applications', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const id = `4b1c1a52-4f7e-4c55-9f1e-6a3a5a1b2c${String(i).padStart(2, '0')}`;
      codes.push(envelope(await post(t.app, accountApply.path, application(id), { ip: '203.0.113.99' })).code);
    }
    expect(codes.slice(0, 5).every((c) => c === ResultCode.OK)).toBe(true);
    expect(codes[5]).toBe(ResultCode.RATE_LIMITED);
  });
});
