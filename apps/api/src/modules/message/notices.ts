import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';

/** The categories of the notices Andes posts itself (PROVIDER is the provider's). */
export type NoticeCategory = 'REPORT_READY' | 'PAYOUT_APPROVAL' | 'CASE_REPLIED' | 'BALANCE_ALARM';

export interface Notice {
  merchantId: number;
  userIds: readonly number[];
  category: NoticeCategory;
  /** The notice's natural key (`report-ready:<task id>`): each user's row is keyed `${key}:${userId}`. */
  key: string;
  /** English fallback; the web shows the title and text in the user's language from category + params. */
  title: string;
  content: string;
  /** An app route (`/download-center`), or null. */
  link: string | null;
  params?: Record<string, string | number>;
  /** When it is published: the change's instant (the caller's clock); default the wall clock. */
  at?: Date;
}

/**
 * Posts a system notice: one MESSAGE row addressed to each user, published now. Idempotent: a
 * retried change (same key) posts nothing new. Call it inside the transaction of the change it
 * announces so the notice exists exactly when the change does. docs/decisions/0030.
 */
export async function postNotice(tx: Db, n: Notice): Promise<void> {
  const userIds = [...new Set(n.userIds)];
  if (userIds.length === 0) return;
  const publishedAt = n.at ?? new Date();
  await tx
    .insert(messages)
    .values(
      userIds.map((userId) => ({
        merchantId: n.merchantId,
        userId,
        kind: 'MESSAGE' as const,
        category: n.category,
        title: n.title,
        content: n.content,
        link: n.link,
        params: n.params ?? null,
        messageKey: `${n.key}:${userId}`,
        publishedAt,
      })),
    )
    .onConflictDoNothing({ target: messages.messageKey });
}
