import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sqlExecutorOf } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema/mail.ts';
import { mailDeliveryJob } from '../../src/jobs/mail-delivery.job.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { createMailer, smtpTransport } from '../../src/plugins/mail.ts';
import { renderMail } from '../../src/plugins/mail-templates.ts';
import { createTestApp, type TestApp } from '../helper.ts';

const SMTP = { smtpUrl: 'smtp://mailer:s3cret-pass@mail.example.com:587', from: 'Andes <no-reply@example.com>' };
/** nodemailer's JSON transport: builds the message, sends nothing. */
const jsonTransport = nodemailer.createTransport({ jsonTransport: true });
const sendSpy = vi.spyOn(jsonTransport, 'sendMail');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { mail: SMTP }, mailTransport: jsonTransport, captureLogs: 'info' });
});
afterAll(async () => t?.close());

const reset = renderMail(
  { kind: 'passwordReset', username: 'demo.admin', link: 'http://localhost:8080/login/reset-password?token=tok-123', expiresMinutes: 30 },
  'en',
);

/** A pino logger into an array of parsed lines. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      cb();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('SMTP mode (SMTP_URL set)', () => {
  test('the app sends through the SMTP transport from MAIL_FROM, stores the message and logs no body', async () => {
    const mailer = t.app.andes.mailer;
    expect(mailer.mode).toBe('smtp');
    const id = await mailer.send({ to: 'ana.admin@andes-demo.example', ...reset });

    expect(sendSpy).toHaveBeenCalledTimes(1);
    const info = (await sendSpy.mock.results[0]?.value) as { message: string };
    const sent = JSON.parse(info.message) as {
      from: { address: string; name: string };
      to: { address: string }[];
      subject: string;
      text: string;
      html: string;
    };
    expect(sent.from).toEqual({ address: 'no-reply@example.com', name: 'Andes' });
    expect(sent.to).toEqual([{ address: 'ana.admin@andes-demo.example', name: '' }]);
    expect(sent.subject).toBe('Reset your Andes password');
    expect(sent.text).toContain('token=tok-123');
    expect(sent.html).toContain('<a href="http://localhost:8080/login/reset-password?token=tok-123">');

    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ to: 'ana.admin@andes-demo.example', subject: 'Reset your Andes password', transport: 'smtp', error: null });
    expect(row?.sentAt).toEqual(t.clock());

    const logged = t.logs.join('');
    expect(logged).toContain('"msg":"mail sent"');
    expect(logged).not.toContain('tok-123');
    expect(logged).not.toContain('s3cret-pass');
  });

  test('a refused message keeps the error on its row and does not throw', async () => {
    const failing = nodemailer.createTransport({
      name: 'failing',
      version: '1',
      send: (_mail, callback) => callback(new Error('454 4.7.0 Temporary authentication failure'), undefined),
    });
    const { log, lines } = capturingLogger();
    const mailer = createMailer(SMTP, { db: t.db, clock: t.clock, log }, failing);
    const id = await mailer.send({ to: 'x@example.com', ...reset });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ transport: 'smtp', sentAt: null, error: '454 4.7.0 Temporary authentication failure' });
    expect(lines.find((l) => l.msg === 'mail not sent')).toMatchObject({ mailId: id, error: '454 4.7.0 Temporary authentication failure' });
  });

  test('a refused message is tried again by the job queue, with backoff, until the server takes it', async () => {
    let refusals = 2;
    const delivered: string[] = [];
    const flaky = nodemailer.createTransport({
      name: 'flaky',
      version: '1',
      send: (mail, callback) => {
        if (refusals > 0) {
          refusals -= 1;
          callback(new Error('421 4.3.2 Service not available'), undefined);
          return;
        }
        delivered.push(String(mail.data.subject));
        callback(null, { envelope: { from: '', to: [] }, messageId: 'ok' } as never);
      },
    });
    const log = pino({ level: 'silent' });
    const mailer = createMailer(SMTP, { db: t.db, clock: t.clock, log }, flaky);
    // A one-second delay instead of a minute, the rest as the app defines it.
    const job = { ...mailDeliveryJob(mailer), retryDelaySeconds: 1 };
    const queue = new JobQueue(sqlExecutorOf(t.db), { work: true, log, pollingIntervalSeconds: 0.5 }).define(job);
    mailer.onFailure = (mailId) => queue.send(job, { mailId }, { startAfterSeconds: job.retryDelaySeconds });
    await queue.start();
    try {
      const id = await mailer.send({ to: 'x@example.com', ...reset });
      const [refused] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(refused).toMatchObject({ sentAt: null, error: '421 4.3.2 Service not available' });
      await vi.waitFor(
        async () => expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]).toMatchObject({ error: null }),
        { timeout: 15_000, interval: 200 },
      );
      const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(sent?.sentAt).toEqual(t.clock());
      expect(delivered).toEqual(['Reset your Andes password']);
      expect(refusals).toBe(0);
    } finally {
      await queue.stop();
    }
  }, 30_000);

  test('SMTP_URL makes a real SMTP transport (nothing is sent until a message is)', () => {
    const transport = smtpTransport(SMTP.smtpUrl);
    expect(transport.transporter.name).toBe('SMTP');
    transport.close();
    expect(createMailer(SMTP, { db: t.db, clock: t.clock, log: pino({ level: 'silent' }) }).mode).toBe('smtp');
  });
});

describe('outbox mode (no SMTP_URL)', () => {
  test('the message is stored and printed to the log with its text, for a demo to follow the link', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: null, from: 'Andes <no-reply@andes.localhost>' }, { db: t.db, clock: t.clock, log });
    expect(mailer.mode).toBe('outbox');
    const id = await mailer.queue({ to: 'fernando.finance@andes-demo.example', ...reset });
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(queued).toMatchObject({ transport: 'outbox', sentAt: null, text: reset.text, html: reset.html });

    mailer.dispatch(id);
    await mailer.idle();
    const [row] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row?.sentAt).toEqual(t.clock());
    const line = lines.find((l) => l.msg === 'outbox');
    expect(line).toMatchObject({
      module: 'mail',
      mailId: id,
      to: 'fernando.finance@andes-demo.example',
      subject: 'Reset your Andes password',
    });
    expect(line?.text).toContain('http://localhost:8080/login/reset-password?token=tok-123');
    // Delivered once: a second delivery of the same message does nothing.
    await mailer.deliver(id);
    expect(lines.filter((l) => l.msg === 'outbox')).toHaveLength(1);
  });

  test('a message queued in a transaction that rolls back does not exist', async () => {
    const mailer = createMailer({ smtpUrl: null, from: 'a@example.com' }, { db: t.db, clock: t.clock, log: pino({ level: 'silent' }) });
    const before = await t.db.select({ id: mailOutbox.id }).from(mailOutbox);
    await expect(
      t.db.transaction(async (tx) => {
        await mailer.queue({ to: 'y@example.com', ...reset }, tx);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(before.length);
  });
});
