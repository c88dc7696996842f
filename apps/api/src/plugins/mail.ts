import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type MailTransport, mailOutbox } from '../db/schema/mail.ts';

/**
 * E-mail. Every message is first written to `mail_outbox` (in the caller's transaction when there
 * is one), then delivered:
 *
 * - **SMTP** (SMTP_URL set): sent with nodemailer from MAIL_FROM; the row gets `sent_at`, or `error`.
 *   The server log says that a message was sent (id and subject) or failed (id and error), never
 *   its recipient or body.
 * - **Outbox** (embedded, no SMTP_URL): nothing leaves the machine. The row is the delivery, and
 *   the server log gets one `outbox` line with the recipient, subject and plain-text body, so that
 *   a demo can follow the reset links it sends. This is why the outbox mode is for trying Andes only.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Text as HTML text: the five characters HTML gives meaning to, as character references. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail of paragraphs: the text with a blank line between them, the HTML one <p> each (line breaks kept). */
export function paragraphMail(to: string, subject: string, lines: readonly string[]): OutgoingMail {
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l).replace(/\r?\n/g, '<br>')}</p>`).join(''),
  };
}

/** Longest error text kept on a row. */
const ERROR_MAX = 500;

export class Mailer {
  private readonly inFlight = new Set<Promise<void>>();
  /** Called when a delivery fails: the job queue tries again later (see mailDeliveryJob). */
  onFailure: ((id: number) => Promise<unknown>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    /** The SMTP transport; null in outbox mode. */
    private readonly transport: Transporter | null,
  ) {}

  get mode(): MailTransport {
    return this.transport === null ? 'outbox' : 'smtp';
  }

  /** Writes the message to the outbox (within `tx` when given) and returns its id; nothing is sent yet. */
  async queue(mail: OutgoingMail, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ ...mail, transport: this.mode, createdAt: this.clock() })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    return row.id;
  }

  /** queue() for many messages in a few multi-row statements (a batch's e-mails); their ids in order. */
  async queueMany(mails: readonly OutgoingMail[], tx: Db = this.db): Promise<number[]> {
    const ids: number[] = [];
    const createdAt = this.clock();
    for (let i = 0; i < mails.length; i += 1_000) {
      const rows = await tx
        .insert(mailOutbox)
        .values(mails.slice(i, i + 1_000).map((mail) => ({ ...mail, transport: this.mode, createdAt })))
        .returning({ id: mailOutbox.id });
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  /**
   * Delivers a queued message once (see the modes above). Never throws: a failure is kept on the
   * row and handed to onFailure. Answers whether the message has been delivered.
   */
  async deliver(id: number): Promise<boolean> {
    try {
      return await this.attempt(id);
    } catch {
      await this.onFailure?.(id).catch((e: unknown) => this.log.error({ mailId: id, err: e }, 'mail retry not queued'));
      return false;
    }
  }

  /**
   * One delivery attempt: false when there is no such message, true once it is delivered (now or
   * before). A failure is kept on the row and thrown (the retry job's attempts rely on it).
   */
  async attempt(id: number): Promise<boolean> {
    try {
      const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      if (!row) return false;
      if (row.sentAt !== null) return true;
      if (row.transport === 'outbox' || this.transport === null) {
        this.log.info({ mailId: id, to: row.to, subject: row.subject, text: row.text }, 'outbox');
      } else {
        await this.transport.sendMail({ from: this.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
        this.log.info({ mailId: id, subject: row.subject }, 'mail sent');
      }
      await this.db.update(mailOutbox).set({ sentAt: this.clock(), error: null }).where(eq(mailOutbox.id, id));
      return true;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
      this.log.warn({ mailId: id, error: message }, 'mail not sent');
      await this.db
        .update(mailOutbox)
        .set({ error: message })
        .where(eq(mailOutbox.id, id))
        .catch((e: unknown) => this.log.error({ mailId: id, err: e }, 'mail error not recorded'));
      throw new Error(`mail ${id} not sent: ${message}`);
    }
  }

  /**
   * Delivers in the background (after the caller's transaction has committed), so that a request
   * does not wait for the mail server and its timing does not depend on whether a mail was sent.
   */
  dispatch(id: number): void {
    const running: Promise<void> = this.deliver(id)
      .then(() => undefined)
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Queues and delivers one message outside any transaction; returns its id. */
  async send(mail: OutgoingMail): Promise<number> {
    const id = await this.queue(mail);
    await this.deliver(id);
    return id;
  }

  /** Resolves once every dispatched delivery has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Waits for deliveries in flight, then closes the SMTP connections. */
  async close(): Promise<void> {
    await this.idle();
    this.transport?.close();
  }
}

/**
 * The SMTP transport of SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for TLS from the start),
 * with timeouts short enough that an unreachable mail server cannot hold a delivery (or the
 * shutdown, which waits for deliveries) for minutes.
 */
export function smtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

/**
 * The mailer of a configuration: SMTP when SMTP_URL is set, else the outbox. `transport` replaces
 * the SMTP transport (tests pass nodemailer's JSON or stream transport).
 */
export function createMailer(
  config: Config['mail'],
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger },
  transport?: Transporter,
): Mailer {
  const smtp = config.smtpUrl === null ? null : (transport ?? smtpTransport(config.smtpUrl));
  return new Mailer(deps.db, deps.clock, deps.log.child({ module: 'mail' }), config.from, smtp);
}
