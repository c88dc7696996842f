import type { MessageCategory, MessageKind, ReadFilter } from '@andes/contract/message/schemas';
import { and, desc, eq, inArray, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { messageReads, messages } from '../../db/schema/messages.ts';
import { readBy, visibleTo } from './message.visibility.ts';

/** Who reads: the caller's merchant and user id, at the request's instant. */
export interface Reader {
  merchantId: number;
  userId: number;
  now: Date;
}

export interface MessageFilter {
  kind: MessageKind;
  read: ReadFilter;
  category?: MessageCategory;
}

/** Keyset of the lists: newest first by (published_at, id). */
export interface MessageKey {
  at: Date;
  id: number;
}

function listWhere(db: Db, r: Reader, f: MessageFilter): SQL {
  const parts: SQL[] = [visibleTo(r.merchantId, r.userId, r.now), eq(messages.kind, f.kind)];
  if (f.category !== undefined) parts.push(eq(messages.category, f.category));
  if (f.read === 'UNREAD') parts.push(not(readBy(db, r.userId)));
  if (f.read === 'READ') parts.push(readBy(db, r.userId));
  return and(...parts) as SQL;
}

const columns = (db: Db, userId: number) => ({
  id: messages.id,
  kind: messages.kind,
  category: messages.category,
  title: messages.title,
  content: messages.content,
  link: messages.link,
  params: messages.params,
  publishedAt: messages.publishedAt,
  read: sql<boolean>`${readBy(db, userId)}`.mapWith(Boolean),
});

export type MessageRecord = {
  id: number;
  kind: MessageKind;
  category: MessageCategory;
  title: string;
  content: string;
  link: string | null;
  params: Record<string, string | number> | null;
  publishedAt: Date;
  read: boolean;
};

export async function listMessages(db: Db, r: Reader, f: MessageFilter, after: MessageKey | null, limit: number): Promise<MessageRecord[]> {
  const where = [listWhere(db, r, f)];
  if (after !== null) {
    where.push(or(lt(messages.publishedAt, after.at), and(eq(messages.publishedAt, after.at), lt(messages.id, after.id))) as SQL);
  }
  return db
    .select(columns(db, r.userId))
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.publishedAt), desc(messages.id))
    .limit(limit);
}

export async function countMessages(db: Db, r: Reader, f: MessageFilter, cap: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(
    db
      .select({ one: sql`1` })
      .from(messages)
      .where(listWhere(db, r, f))
      .limit(cap + 1)
      .as('matching'),
  );
  return rows[0]?.n ?? 0;
}

/** The message `id` if the reader may see it; undefined otherwise (another merchant's alike). */
export async function findVisible(db: Db, r: Reader, id: number): Promise<MessageRecord | undefined> {
  const rows = await db
    .select(columns(db, r.userId))
    .from(messages)
    .where(and(eq(messages.id, id), visibleTo(r.merchantId, r.userId, r.now)));
  return rows[0];
}

/** Marks the visible messages among `ids` (of `kind`, when given) read; answers how many became read. */
export async function markRead(db: Db, r: Reader, ids: readonly number[] | null, kind?: MessageKind): Promise<number> {
  const where: SQL[] = [visibleTo(r.merchantId, r.userId, r.now), not(readBy(db, r.userId))];
  if (ids !== null) where.push(inArray(messages.id, [...ids]));
  if (kind !== undefined) where.push(eq(messages.kind, kind));
  const result = await db
    .insert(messageReads)
    .select(
      db
        .select({
          messageId: messages.id,
          userId: sql<number>`${r.userId}::int`.as('user_id'),
          readAt: sql<Date>`${r.now}::timestamptz`.as('read_at'),
        })
        .from(messages)
        .where(and(...where)),
    )
    .onConflictDoNothing()
    .returning({ messageId: messageReads.messageId });
  return result.length;
}

/** A top-level merchant's id by its code (a sub-merchant's code is not a publishing target). */
export async function merchantIdByCode(db: Db, code: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.code, code), isNull(merchants.parentId)));
  return rows[0]?.id;
}

export interface NewProviderMessage {
  messageKey: string;
  kind: MessageKind;
  merchantId: number | null;
  title: string;
  content: string;
  publishedAt: Date;
}

/** Inserts a provider message unless its key exists; answers the stored row and whether it existed. */
export async function insertProviderMessage(db: Db, m: NewProviderMessage): Promise<{ id: number; publishedAt: Date; duplicate: boolean }> {
  const inserted = await db
    .insert(messages)
    .values({ ...m, userId: null, category: 'PROVIDER', link: null, params: null })
    .onConflictDoNothing({ target: messages.messageKey })
    .returning({ id: messages.id, publishedAt: messages.publishedAt });
  const row = inserted[0];
  if (row) return { ...row, duplicate: false };
  const existing = await db
    .select({ id: messages.id, publishedAt: messages.publishedAt })
    .from(messages)
    .where(eq(messages.messageKey, m.messageKey));
  const found = existing[0];
  if (!found) throw new Error(`message key ${m.messageKey} neither inserted nor found`);
  return { ...found, duplicate: true };
}
