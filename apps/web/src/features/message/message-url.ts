import { MessageKindSchema, MessageListRequest } from '@andes/contract/message/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';

/** The message center's request: the tab (messages or announcements) with the list call's filters. */
export const MessageCenterRequest = MessageListRequest.extend({ kind: MessageKindSchema.default('MESSAGE') });
export type MessageCenterRequest = z.output<typeof MessageCenterRequest>;

/** The message center's URL: the tab, the read state and the category. */
export const MESSAGE_FILTERS = { kind: 'text', read: 'text', category: 'text' } as const satisfies FilterParams;

export function messageCenterRequestOf(params: URLSearchParams, position: KeysetPosition): MessageCenterRequest {
  const request = listRequestOf(MessageCenterRequest, MESSAGE_FILTERS, params, position);
  // Announcements have no category.
  return request.kind === 'ANNOUNCEMENT' ? { ...request, category: undefined } : request;
}
