import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import {
  type AnnouncementListRequest,
  type MarkAllReadRequest,
  type MarkAnnouncementsReadRequest,
  type MarkedRead,
  MESSAGE_SCHEDULE_MAX_DAYS,
  type MessageDetail,
  type MessageListRequest,
  type MessagePage,
  type MessageRow,
  type PublishedMessage,
  type PublishMessageRequest,
} from '@andes/contract/message/schemas';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { keysetPage } from '../../http/keyset-page.ts';
import { MessageErrors } from './message.errors.ts';
import {
  countMessages,
  findVisible,
  insertProviderMessage,
  listMessages,
  type MessageFilter,
  type MessageKey,
  type MessageRecord,
  markRead,
  merchantIdByCode,
  type Reader,
} from './message.repository.ts';

const DAY_MS = 86_400_000;

export function encodeMessageCursor(key: MessageKey): string {
  return Buffer.from(`msg:${key.at.getTime()}:${key.id}`, 'utf8').toString('base64url');
}

export function decodeMessageCursor(cursor: string): MessageKey {
  const m = /^msg:([0-9]{1,16}):([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = m ? Number(m[1]) : Number.NaN;
  const id = m ? Number(m[2]) : Number.NaN;
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(id)) throw MessageErrors.invalidCursor();
  return { at: new Date(at), id };
}

function rowOf(r: MessageRecord): MessageRow {
  return {
    id: r.id,
    kind: r.kind,
    category: r.category,
    title: r.title,
    content: r.content,
    link: r.link,
    params: r.params,
    publishedAt: r.publishedAt.toISOString(),
    read: r.read,
  };
}

/** The message center (docs/decisions/0030). */
export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  private reader(auth: AuthContext): Reader {
    return { merchantId: auth.scope.merchantId, userId: auth.userId, now: this.clock() };
  }

  private async page(auth: AuthContext, filter: MessageFilter, body: { pageSize: number; cursor?: string }): Promise<MessagePage> {
    const r = this.reader(auth);
    const after = body.cursor === undefined ? null : decodeMessageCursor(body.cursor);
    const [rows, counted] = await Promise.all([
      listMessages(this.db, r, filter, after, body.pageSize + 1),
      countMessages(this.db, r, filter, MAX_EXACT_TOTAL),
    ]);
    return keysetPage(rows, body.pageSize, counted, rowOf, (last) => encodeMessageCursor({ at: last.publishedAt, id: last.id }));
  }

  announcements(auth: AuthContext, body: AnnouncementListRequest): Promise<MessagePage> {
    return this.page(auth, { kind: 'ANNOUNCEMENT', read: body.read }, body);
  }

  messages(auth: AuthContext, body: MessageListRequest): Promise<MessagePage> {
    return this.page(auth, { kind: 'MESSAGE', read: body.read, category: body.category }, body);
  }

  /** A visible message, marked read for the caller; NOT_FOUND for anything else (another merchant's alike). */
  async detail(auth: AuthContext, id: number): Promise<MessageDetail> {
    const r = this.reader(auth);
    const found = await findVisible(this.db, r, id);
    if (!found) throw MessageErrors.notFound();
    if (!found.read) await markRead(this.db, r, [id]);
    return { ...rowOf(found), read: true };
  }

  async markAnnouncementsRead(auth: AuthContext, body: MarkAnnouncementsReadRequest): Promise<MarkedRead> {
    return { marked: await markRead(this.db, this.reader(auth), body.ids, 'ANNOUNCEMENT') };
  }

  async markAllRead(auth: AuthContext, body: MarkAllReadRequest): Promise<MarkedRead> {
    return { marked: await markRead(this.db, this.reader(auth), null, body.kind) };
  }

  /**
   * The provider publishes (idempotent by key). Its keys live apart from the notices' keys
   * (`provider:` prefix), so a provider key can never collide with a notice's.
   */
  async publish(body: PublishMessageRequest): Promise<PublishedMessage> {
    const now = this.clock();
    let merchantId: number | null = null;
    if (body.merchantCode !== undefined) {
      const id = await merchantIdByCode(this.db, body.merchantCode);
      if (id === undefined) throw MessageErrors.merchantUnknown();
      merchantId = id;
    }
    const asked = body.publishAt === undefined ? now : new Date(body.publishAt);
    if (asked.getTime() > now.getTime() + MESSAGE_SCHEDULE_MAX_DAYS * DAY_MS) throw MessageErrors.scheduleTooFar();
    const publishedAt = asked.getTime() < now.getTime() ? now : asked;
    const stored = await insertProviderMessage(this.db, {
      messageKey: `provider:${body.messageKey}`,
      kind: body.kind,
      merchantId,
      title: body.title,
      content: body.content,
      publishedAt,
    });
    return { id: stored.id, duplicate: stored.duplicate, publishedAt: stored.publishedAt.toISOString() };
  }
}
