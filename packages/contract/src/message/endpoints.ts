import { defineEndpoint } from '../common/define-endpoint.ts';
import {
  AnnouncementListRequest,
  MarkAllReadRequest,
  MarkAnnouncementsReadRequest,
  MarkedRead,
  MessageDetail,
  MessageDetailRequest,
  MessageListRequest,
  MessagePage,
} from './schemas.ts';

/** The message center (spec §2, §7; docs/decisions/0030). */

export const announcementList = defineEndpoint({
  path: '/dashboard/message/announcement/list',
  summary: "The caller's announcements, newest first (the unread ones are shown after sign-in)",
  permission: 'message-center',
  request: AnnouncementListRequest,
  response: MessagePage,
});

export const messageList = defineEndpoint({
  path: '/dashboard/message/message/list',
  summary: "The caller's messages and notices, newest first",
  permission: 'message-center',
  request: MessageListRequest,
  response: MessagePage,
});

export const messageDetail = defineEndpoint({
  path: '/dashboard/message/message/detail',
  summary: 'A message or announcement of the caller; opening it marks it read for the caller',
  permission: 'message-center:detail',
  request: MessageDetailRequest,
  response: MessageDetail,
});

export const markAnnouncementsRead = defineEndpoint({
  path: '/dashboard/message/announcement/read',
  summary: 'Mark announcements read for the caller (the after-sign-in dialog does not show them again)',
  permission: 'message-center',
  request: MarkAnnouncementsReadRequest,
  response: MarkedRead,
});

export const markAllRead = defineEndpoint({
  path: '/dashboard/message/message/read-all',
  summary: 'Mark everything of the message center read for the caller (or every message of one kind)',
  permission: 'message-center',
  request: MarkAllReadRequest,
  response: MarkedRead,
});
