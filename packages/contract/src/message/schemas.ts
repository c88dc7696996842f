import { z } from 'zod';
import { InstantSchema, isUnique, maxLengthMessage, RecordId, requiredText, text } from '../common/fields.ts';
import { PageRequest, pageOf } from '../common/page.ts';

/**
 * The message center (spec §2, §7; docs/decisions/0030): the provider's announcements and messages,
 * and the notices Andes posts itself (report ready, payout awaiting approval, case replied, balance
 * alarm). Every title and content is plain text: the web shows it as text, never as HTML.
 */

export const MESSAGE_KINDS = ['ANNOUNCEMENT', 'MESSAGE'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MessageKindSchema = z.enum(MESSAGE_KINDS);

/** PROVIDER: published by the provider; the others are Andes's own notices (their text is localized from `params`). */
export const MESSAGE_CATEGORIES = ['PROVIDER', 'REPORT_READY', 'PAYOUT_APPROVAL', 'CASE_REPLIED', 'BALANCE_ALARM'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const MessageCategorySchema = z.enum(MESSAGE_CATEGORIES);

/** The read filter of the lists. */
export const READ_FILTERS = ['ALL', 'UNREAD', 'READ'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];
export const ReadFilterSchema = z.enum(READ_FILTERS);

/** Longest title and content the provider may publish. */
export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_CONTENT_MAX = 5000;
/** How far ahead the provider may schedule a message. */
export const MESSAGE_SCHEDULE_MAX_DAYS = 366;
/** How many announcements one "mark as read" call takes. */
export const MARK_READ_MAX_IDS = 50;

export const MESSAGE_MESSAGES = {
  notFound: 'No such message',
  titleRequired: 'Enter the title',
  contentRequired: 'Enter the content',
  messageKeyFormat: 'A message key: 1 to 100 letters, digits, dots, colons, underscores or hyphens',
  merchantUnknown: 'No merchant with this code',
  scheduleTooFar: `A message can be scheduled at most ${MESSAGE_SCHEDULE_MAX_DAYS} days ahead`,
  idsDistinct: 'Each id at most once',
} as const;

// ---- dashboard -----------------------------------------------------------------------------------

export const MessageListRequest = PageRequest.extend({
  read: ReadFilterSchema.default('ALL'),
  category: MessageCategorySchema.optional(),
});
export type MessageListRequest = z.infer<typeof MessageListRequest>;

export const AnnouncementListRequest = PageRequest.extend({
  read: ReadFilterSchema.default('ALL'),
});
export type AnnouncementListRequest = z.infer<typeof AnnouncementListRequest>;

const Params = z.record(z.string(), z.union([z.string(), z.number()])).nullable();

/** A row of the lists (the whole content: the after-sign-in dialog shows it), and whether the caller has read it. */
export const MessageRow = z.object({
  id: RecordId,
  kind: MessageKindSchema,
  category: MessageCategorySchema,
  title: z.string(),
  /** Plain text with line breaks; never HTML. */
  content: z.string(),
  /** An app route the notice points to (`/download-center`), or null. */
  link: z.string().nullable(),
  /** A system notice's figures: the web shows its title and text in the user's language from them. */
  params: Params,
  publishedAt: InstantSchema,
  read: z.boolean(),
});
export type MessageRow = z.infer<typeof MessageRow>;

export const MessagePage = pageOf(MessageRow);
export type MessagePage = z.infer<typeof MessagePage>;

export const MessageDetailRequest = z.object({ id: RecordId });
export type MessageDetailRequest = z.infer<typeof MessageDetailRequest>;

export const MessageDetail = MessageRow;
export type MessageDetail = z.infer<typeof MessageDetail>;

export const MarkAnnouncementsReadRequest = z.object({
  ids: z.array(RecordId).min(1).max(MARK_READ_MAX_IDS).refine(isUnique, MESSAGE_MESSAGES.idsDistinct),
});
export type MarkAnnouncementsReadRequest = z.infer<typeof MarkAnnouncementsReadRequest>;

/** Absent kind: everything the caller can see in the message center. */
export const MarkAllReadRequest = z.object({ kind: MessageKindSchema.optional() });
export type MarkAllReadRequest = z.infer<typeof MarkAllReadRequest>;

/** How many messages became read by this call (0 on a retry). */
export const MarkedRead = z.object({ marked: z.number().int().min(0) });
export type MarkedRead = z.infer<typeof MarkedRead>;

// ---- provider publishing (/internal/v1) ----------------------------------------------------------

const MessageKey = text().regex(/^[A-Za-z0-9._:-]{1,100}$/, MESSAGE_MESSAGES.messageKeyFormat);
const MerchantCode = text().regex(/^[A-Z0-9][A-Z0-9_-]{0,63}$/, 'A merchant code like ANDES-DEMO');

/**
 * The provider publishes an announcement or a message, to every merchant (no merchantCode) or one.
 * Idempotent by `messageKey`: a retry answers the first message's id with `duplicate: true` and
 * changes nothing. A future `publishAt` schedules it; a past one publishes now.
 */
export const PublishMessageRequest = z.object({
  messageKey: MessageKey,
  kind: MessageKindSchema,
  merchantCode: MerchantCode.optional(),
  title: requiredText(MESSAGE_TITLE_MAX, MESSAGE_MESSAGES.titleRequired),
  /** Plain text; line breaks are kept. */
  content: text({ error: MESSAGE_MESSAGES.contentRequired })
    .trim()
    .min(1, MESSAGE_MESSAGES.contentRequired)
    .max(MESSAGE_CONTENT_MAX, maxLengthMessage(MESSAGE_CONTENT_MAX)),
  publishAt: InstantSchema.optional(),
});
export type PublishMessageRequest = z.infer<typeof PublishMessageRequest>;

export const PublishedMessage = z.object({
  id: RecordId,
  /** True when the key was published before: nothing changed. */
  duplicate: z.boolean(),
  publishedAt: InstantSchema,
});
export type PublishedMessage = z.infer<typeof PublishedMessage>;
